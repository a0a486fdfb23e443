import assert from 'node:assert/strict';
import { expectHeading, openPage, screenshot } from '../support/browser.mjs';
import { catalog } from '../support/locale.mjs';
import { resetLinkIn, waitForMail } from '../support/mail.mjs';
import { createUser, signIn, uniqueEmail } from '../support/users.mjs';

const field = (page, label) => page.getByLabel(label, { exact: true });

/**
 * Forgot password: the same notice whether or not the email has an account; the mailed link
 * opens the reset page for that account, the new password must follow the policy, and the user
 * then signs in with it, while the old one no longer works and a session left open on another
 * device has ended. A used link says it has expired or is invalid and offers a new one.
 */
export default async function authPasswordReset({ browser, baseUrl, screenshotDir, dataDir }) {
  const user = await createUser(baseUrl, 'Keo');
  const { context, page, errors } = await openPage(browser, { reducedMotion: 'reduce' });
  // The user is still signed in on another device.
  const other = await openPage(browser, { reducedMotion: 'reduce' });
  try {
    await signIn(other.context, user);
    await other.page.goto(`${baseUrl}/th/dashboard`);
    await expectHeading(other.page, catalog('th')['page.dashboard']);

    const th = catalog('th');
    await page.goto(`${baseUrl}/th/auth/login`);
    await page.getByRole('link', { name: th['auth.login.forgot'] }).click();
    await expectHeading(page, th['page.forgotPassword']);
    const submit = page.getByRole('button', { name: th['auth.forgotPassword.submit'] });

    await submit.click();
    await page.getByText(th['error.email_required'], { exact: true }).waitFor();

    // An address without an account gets the same answer.
    await field(page, th['auth.email']).fill(uniqueEmail('nobody'));
    await submit.click();
    await page.getByTestId('reset-sent').waitFor();
    await page.getByTestId('toast').getByText(th['auth.forgotPassword.sentToast']).waitFor();
    await page.getByRole('button', { name: th['auth.forgotPassword.again'] }).click();

    const since = Date.now() - 1000;
    await field(page, th['auth.email']).fill(user.email);
    await submit.click();
    await page.getByTestId('reset-sent').getByText(th['auth.forgotPassword.sentTitle']).waitFor();
    await screenshot(page, screenshotDir, 'auth-forgot-password-sent-th-dark');
    const link = resetLinkIn(await waitForMail(dataDir, user.email, { since }));
    assert.ok(link.startsWith('/th/auth/reset-password/'), link);

    await page.goto(`${baseUrl}${link}`);
    await expectHeading(page, th['page.resetPassword']);
    await page.getByText(user.email).waitFor();
    const save = page.getByRole('button', { name: th['auth.resetPassword.submit'] });
    await field(page, th['auth.newPassword']).fill('123');
    await save.click();
    await page.getByText(th['auth.validation.passwordTooShort'].replace('{min}', '6'), { exact: true }).waitFor();
    await field(page, th['auth.newPassword']).fill('new-secret-42');
    await field(page, th['auth.confirmPassword']).fill('new-secret-41');
    await save.click();
    await page.getByText(th['auth.validation.passwordsMismatch'], { exact: true }).waitFor();
    await screenshot(page, screenshotDir, 'auth-reset-password-th-dark');
    await field(page, th['auth.confirmPassword']).fill('new-secret-42');
    await save.click();

    await expectHeading(page, th['page.login']);
    assert.equal(new URL(page.url()).pathname, '/th/auth/login');
    await page.getByTestId('toast').getByText(th['auth.resetPassword.success']).waitFor();
    await field(page, th['auth.email']).fill(user.email);
    await field(page, th['auth.password']).fill(user.password);
    await page.getByRole('button', { name: th['auth.login.submit'], exact: true }).click();
    await page.getByTestId('form-error').getByText(th['authError.invalidCredential']).waitFor();
    await field(page, th['auth.password']).fill('new-secret-42');
    await page.getByRole('button', { name: th['auth.login.submit'], exact: true }).click();
    await expectHeading(page, th['page.dashboard']);

    // The session on the other device ended with the reset.
    await other.page.reload();
    await expectHeading(other.page, th['page.login']);
    await other.page.getByTestId('toast').getByText(th['authError.sessionExpired']).waitFor();
    assert.deepEqual(other.errors, []);

    // The link worked once.
    await page.getByRole('button', { name: th['userMenu.label'] }).click();
    await page.getByRole('button', { name: th['userMenu.logout'] }).click();
    await page.getByRole('dialog').getByRole('button', { name: th['logout.confirm'] }).click();
    await expectHeading(page, th['page.login']);
    await page.goto(`${baseUrl}${link}`);
    await page.getByTestId('reset-invalid').getByText(th['authError.actionCodeInvalid']).waitFor();
    await page.getByRole('link', { name: th['auth.resetPassword.askAgain'] }).click();
    await expectHeading(page, th['page.forgotPassword']);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await other.context.close();
  }
}
