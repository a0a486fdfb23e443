import assert from 'node:assert/strict';
import { expectHeading, openPage } from '../support/browser.mjs';
import { catalog, LOCALES } from '../support/locale.mjs';
import { createUser } from '../support/users.mjs';

const field = (page, label) => page.getByLabel(label, { exact: true });

/**
 * Signing in, in English, Thai and Lao: a wrong password gets one message that does not say
 * whether the email has an account; the right one leads to the page the visitor wanted. A user
 * who has not verified the email yet is sent to the verification page, and back to sign in
 * signs them out.
 */
export default async function authLogin({ browser, baseUrl }) {
  for (const [locale, prefix] of LOCALES) {
    const m = catalog(locale);
    const user = await createUser(baseUrl, 'Somchai');
    const { context, page, errors } = await openPage(browser, { reducedMotion: 'reduce' });
    try {
      await page.goto(`${baseUrl}${prefix}/dashboard/reports`);
      await expectHeading(page, m['page.login']);
      const submit = page.getByRole('button', { name: m['auth.login.submit'], exact: true });

      await submit.click();
      await page.getByText(m['error.email_required'], { exact: true }).waitFor();
      await page.getByText(m['auth.validation.passwordRequired'], { exact: true }).waitFor();

      await field(page, m['auth.email']).fill(user.email);
      await field(page, m['auth.password']).fill('not-the-password');
      await submit.click();
      const alert = page.getByTestId('form-error');
      await alert.getByText(m['authError.invalidCredential']).waitFor();
      await field(page, m['auth.email']).fill(`nobody-${Date.now()}@example.com`);
      // The message of the first try is still shown: read it once the server answered this one.
      const answered = page.waitForResponse((response) => response.url().includes('accounts:signInWithPassword'));
      await submit.click();
      assert.equal((await answered).status(), 400);
      await alert.getByText(m['authError.invalidCredential']).waitFor();

      await field(page, m['auth.email']).fill(user.email);
      await field(page, m['auth.password']).fill(user.password);
      await submit.click();
      await expectHeading(page, m['page.reports']);
      assert.equal(new URL(page.url()).pathname, `${prefix}/dashboard/reports`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }

  const m = catalog('lo');
  const unverified = await createUser(baseUrl, 'Noy', { verified: false });
  const { context, page, errors } = await openPage(browser, { reducedMotion: 'reduce' });
  try {
    await page.goto(`${baseUrl}/lo/auth/login`);
    await expectHeading(page, m['page.login']);
    await field(page, m['auth.email']).fill(unverified.email);
    await field(page, m['auth.password']).fill(unverified.password);
    await page.getByRole('button', { name: m['auth.login.submit'], exact: true }).click();
    await expectHeading(page, m['page.verify']);
    assert.equal(new URL(page.url()).pathname, '/lo/auth/verify');

    // Signed-in pages and the other guest pages lead back here until the email is verified.
    await page.goto(`${baseUrl}/lo/dashboard`);
    await expectHeading(page, m['page.verify']);
    assert.equal(new URL(page.url()).searchParams.get('redirect'), '/dashboard');
    await page.goto(`${baseUrl}/lo/auth/register`);
    await expectHeading(page, m['page.verify']);

    await page.getByRole('button', { name: m['auth.backToLogin'] }).click();
    await expectHeading(page, m['page.login']);
    assert.equal(new URL(page.url()).pathname, '/lo/auth/login');
    assert.equal(await page.evaluate((key) => localStorage.getItem(key), unverified.storageKey), null);

    // A guest cannot open the verification page.
    await page.goto(`${baseUrl}/lo/auth/verify`);
    await expectHeading(page, m['page.login']);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}
