import assert from 'node:assert/strict';
import { expectHeading, openPage, screenshot } from '../support/browser.mjs';
import { catalog, LOCALES } from '../support/locale.mjs';
import { codeIn, waitForMail } from '../support/mail.mjs';
import { uniqueEmail } from '../support/users.mjs';

/** The field with this label, whether an input or the terms checkbox. */
const field = (page, label) => page.getByLabel(label, { exact: true });

/**
 * Signing up in English, Thai and Lao: the form checks every field as spec section 5 says and
 * points at the first wrong one; the new account gets a code by mail, and entering it leads to
 * the dashboard. In English the user then logs out (confirming), which ends the session on the
 * server too, and signs in again.
 */
export default async function authRegister({ browser, baseUrl, screenshotDir, dataDir }) {
  for (const [locale, prefix] of LOCALES) {
    const m = catalog(locale);
    const { context, page, errors } = await openPage(browser, { reducedMotion: 'reduce' });
    try {
      await page.goto(`${baseUrl}${prefix}/auth/register`);
      await expectHeading(page, m['page.register']);

      await page.getByRole('button', { name: m['auth.register.submit'] }).click();
      for (const id of [
        'error.name_required',
        'error.email_required',
        'auth.validation.passwordRequired',
        'auth.validation.termsRequired',
      ]) {
        await page.getByText(m[id], { exact: true }).waitFor();
      }
      const name = field(page, m['auth.fullName']);
      assert.equal(await name.getAttribute('aria-invalid'), 'true');
      assert.ok(await name.evaluate((input) => input === document.activeElement), 'focus on the first wrong field');
      const described = await name.getAttribute('aria-describedby');
      assert.equal(await page.locator(`[id="${described}"]`).innerText(), m['error.name_required']);
      if (locale === 'en') {
        assert.equal(m['auth.validation.termsRequired'], 'You must accept the terms of service and privacy policy.');
      }

      const email = uniqueEmail(`register-${locale}`);
      await name.fill('Malee Phommasak');
      await field(page, m['auth.email']).fill('malee@');
      await field(page, m['auth.password']).fill('12345');
      await field(page, m['auth.confirmPassword']).fill('12344');
      await page.getByRole('button', { name: m['auth.register.submit'] }).click();
      await page.getByText(m['error.email_invalid'], { exact: true }).waitFor();
      await page.getByText(m['auth.validation.passwordTooShort'].replace('{min}', '6'), { exact: true }).waitFor();
      await page.getByText(m['auth.validation.passwordsMismatch'], { exact: true }).waitFor();
      if (locale === 'en') await screenshot(page, screenshotDir, 'auth-register-errors-en-dark');

      await field(page, m['auth.email']).fill(email);
      await field(page, m['auth.password']).fill('kip-and-baht');
      await field(page, m['auth.confirmPassword']).fill('kip-and-baht');
      await page.locator('#accept-terms').check();
      const sentAfter = Date.now() - 1000;
      await page.getByRole('button', { name: m['auth.register.submit'] }).click();

      await expectHeading(page, m['page.verify']);
      assert.equal(new URL(page.url()).pathname, `${prefix}/auth/verify`);
      await page.getByText(email).waitFor();
      const resend = page.getByTestId('resend');
      await resend.getByText(/\d+/).waitFor();
      assert.equal(await resend.isDisabled(), true, 'resend waits 60 s');
      const mail = await waitForMail(dataDir, email, { since: sentAfter });
      const code = codeIn(mail);

      // A reload keeps the countdown and sends no second code.
      await page.reload();
      await expectHeading(page, m['page.verify']);
      assert.equal(await page.getByTestId('resend').isDisabled(), true);
      await screenshot(page, screenshotDir, `auth-verify-${locale}-dark`);

      const codeInput = field(page, m['auth.verify.code']);
      assert.equal(await codeInput.getAttribute('inputmode'), 'numeric');
      assert.equal(await codeInput.getAttribute('autocomplete'), 'one-time-code');
      if (locale === 'en') {
        const wrong = code === '000000' ? '111111' : '000000';
        await codeInput.fill(wrong);
        await page.getByRole('button', { name: m['auth.verify.submit'] }).click();
        await page.getByText(m['error.verification_code_wrong'], { exact: true }).waitFor();
      }
      await codeInput.fill(`${code.slice(0, 3)} ${code.slice(3)}`);
      await page.getByRole('button', { name: m['auth.verify.submit'] }).click();
      await expectHeading(page, m['page.dashboard']);
      assert.equal(new URL(page.url()).pathname, `${prefix}/dashboard`);
      await page.getByTestId('toast').getByText(m['auth.verify.success']).waitFor();

      if (locale === 'en') {
        const session = await page.evaluate(() => {
          const key = Object.keys(localStorage).find((name) => name.startsWith('firebase:authUser:'));
          return JSON.parse(localStorage.getItem(key));
        });
        await page.getByRole('button', { name: m['userMenu.label'] }).click();
        await page.getByRole('button', { name: m['userMenu.logout'] }).click();
        const dialog = page.getByRole('dialog', { name: m['logout.title'] });
        await dialog.getByRole('button', { name: m['logout.confirm'] }).click();
        await expectHeading(page, m['page.login']);
        // Signing out ended the session on the server too: its refresh token gets no new ID token.
        const refreshed = await fetch(`${baseUrl}/securetoken.googleapis.com/v1/token?key=${session.apiKey}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            refresh_token: session.stsTokenManager.refreshToken,
          }),
        });
        assert.equal(refreshed.status, 400);
        assert.equal((await refreshed.json()).error.message, 'TOKEN_EXPIRED');
        await field(page, m['auth.email']).fill(email);
        await field(page, m['auth.password']).fill('kip-and-baht');
        await page.getByRole('button', { name: m['auth.login.submit'], exact: true }).click();
        await expectHeading(page, m['page.dashboard']);
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
}
