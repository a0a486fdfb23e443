import assert from 'node:assert/strict';
import { catalog, expectHeading, openPage, uniqueEmail } from '../support/browser.mjs';
import { serveGoogleApis } from '../support/google-apis.mjs';

/**
 * Signing in with a social account: the provider's page opens in a popup (the Auth emulator's,
 * where a new account is added), and the user lands on the page they wanted, verified by the
 * provider. Closing the popup instead says that the window was closed.
 */
export default async function authSocial({ browser, baseUrl }) {
  const m = catalog('en');
  const { context, page, errors } = await openPage(browser, { reducedMotion: 'reduce' });
  try {
    await serveGoogleApis(context);
    await page.goto(`${baseUrl}/auth/login?redirect=%2Fdashboard%2Ftransactions`);
    await expectHeading(page, m['page.login']);
    const google = page.getByRole('button', { name: m['auth.continueWith'].replace('{provider}', 'Google') });

    const [closed] = await Promise.all([context.waitForEvent('page'), google.click()]);
    await closed.waitForLoadState('domcontentloaded');
    await closed.close();
    await page.getByTestId('form-error').getByText(m['authError.popupClosed']).waitFor({ timeout: 20_000 });

    const [popup] = await Promise.all([context.waitForEvent('page'), google.click()]);
    await popup.waitForLoadState('domcontentloaded');
    assert.match(popup.url(), /\/emulator\/auth\/handler/);
    await popup.locator('.js-new-account').click();
    const email = uniqueEmail('social');
    await popup.locator('#email-input').fill(email);
    await popup.locator('#display-name-input').fill('Bounmy Social');
    await popup.locator('#sign-in').click();

    await expectHeading(page, m['page.transactions']);
    assert.equal(new URL(page.url()).pathname, '/dashboard/transactions');
    await page.getByRole('button', { name: m['userMenu.label'] }).click();
    await page.getByText(email).waitFor();
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}
