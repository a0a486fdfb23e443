import assert from 'node:assert/strict';
import { catalog, createUser, disableUser, expectHeading, openPage, signIn } from '../support/browser.mjs';

/**
 * A user whose account was disabled is signed out in the browser: the saved session is dropped,
 * a toast says the session has ended, and the login page opens in their language.
 */
export default async function authRevoked({ browser, baseUrl }) {
  const m = catalog('th');
  const user = await createUser(baseUrl, 'Dao');
  const { context, page, errors } = await openPage(browser, { reducedMotion: 'reduce' });
  try {
    await signIn(context, user);
    await page.goto(`${baseUrl}/th/dashboard`);
    await expectHeading(page, m['page.dashboard']);

    await disableUser(baseUrl, user);
    await page.reload();
    await expectHeading(page, m['page.login']);
    assert.equal(new URL(page.url()).pathname, '/th/auth/login');
    await page.getByTestId('toast').getByText(m['authError.sessionExpired']).waitFor();
    assert.equal(await page.evaluate((key) => localStorage.getItem(key), user.storageKey), null);

    // Signing in again says the account is disabled.
    await page.getByLabel(m['auth.email'], { exact: true }).fill(user.email);
    await page.getByLabel(m['auth.password'], { exact: true }).fill(user.password);
    await page.getByRole('button', { name: m['auth.login.submit'], exact: true }).click();
    await page.getByTestId('form-error').getByText(m['authError.userDisabled']).waitFor();
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}
