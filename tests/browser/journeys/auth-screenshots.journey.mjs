import { expectHeading, openPage, screenshot } from '../support/browser.mjs';
import { catalog, LOCALES } from '../support/locale.mjs';
import { authConfig, createUser, passwordResetLink, signIn } from '../support/users.mjs';

const PAGES = [
  ['login', '/auth/login', 'page.login'],
  ['register', '/auth/register', 'page.register'],
  ['forgot-password', '/auth/forgot-password', 'page.forgotPassword'],
  ['reset-password-invalid', '/auth/reset-password/not-a-real-code', 'page.resetPassword'],
];

/**
 * Every sign-in page in every language: dark, light, dark on a 360 px phone and light on a
 * 390 px one; the verification page of a new account and the reset page of a mailed link too.
 */
export default async function authScreenshots({ browser, baseUrl, screenshotDir }) {
  // The login page's provider buttons arrive a moment after the form: the picture waits for them.
  const { providers = [] } = await authConfig(baseUrl);
  for (const [theme, width, suffix] of [
    ['dark', 1280, ''],
    ['light', 1280, ''],
    ['dark', 360, '-360'],
    ['light', 390, '-390'],
  ]) {
    for (const [locale, prefix] of LOCALES) {
      const messages = catalog(locale);
      const { context, page, errors } = await openPage(browser, { width, height: 800, reducedMotion: 'reduce' });
      try {
        await context.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
        for (const [name, path, heading] of PAGES) {
          await page.goto(`${baseUrl}${prefix}${path}`);
          await expectHeading(page, messages[heading]);
          if (name === 'reset-password-invalid') await page.getByTestId('reset-invalid').waitFor();
          if (name === 'login') {
            for (const { label } of providers) {
              const button = messages['auth.continueWith'].replace('{provider}', label);
              await page.getByRole('button', { name: button, exact: true }).waitFor();
            }
          }
          await screenshot(page, screenshotDir, `auth-${name}-${locale}-${theme}${suffix}`);
        }
        await page.goto(`${baseUrl}${prefix}/auth/register`);
        await page.getByRole('button', { name: messages['auth.register.submit'] }).click();
        await page.getByText(messages['auth.validation.termsRequired'], { exact: true }).waitFor();
        await screenshot(page, screenshotDir, `auth-register-invalid-${locale}-${theme}${suffix}`);
        if (errors.length > 0) throw new Error(errors.join('\n'));
      } finally {
        await context.close();
      }

      const unverified = await createUser(baseUrl, 'Noy', { verified: false });
      const verify = await openPage(browser, { width, height: 800, reducedMotion: 'reduce' });
      try {
        await verify.context.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
        await signIn(verify.context, unverified);
        await verify.page.goto(`${baseUrl}${prefix}/auth/verify`);
        await expectHeading(verify.page, messages['page.verify']);
        await verify.page.getByText(unverified.email).waitFor();
        await verify.page.getByTestId('resend').getByText(/\d/).waitFor();
        await screenshot(verify.page, screenshotDir, `auth-verify-${locale}-${theme}${suffix}`);
        if (verify.errors.length > 0) throw new Error(verify.errors.join('\n'));
      } finally {
        await verify.context.close();
      }

      const user = await createUser(baseUrl, 'Keo');
      const link = await passwordResetLink(baseUrl, user, locale);
      const reset = await openPage(browser, { width, height: 800, reducedMotion: 'reduce' });
      try {
        await reset.context.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
        await reset.page.goto(`${baseUrl}${link}`);
        await expectHeading(reset.page, messages['page.resetPassword']);
        await reset.page.getByText(user.email).waitFor();
        await screenshot(reset.page, screenshotDir, `auth-reset-password-${locale}-${theme}${suffix}`);
        if (reset.errors.length > 0) throw new Error(reset.errors.join('\n'));
      } finally {
        await reset.context.close();
      }
    }
  }
}
