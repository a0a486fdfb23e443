// Signing up as a person does it: the register form, then the code from the mailed outbox.
import { expectHeading } from './browser.mjs';
import { codeIn, waitForMail } from './mail.mjs';

const field = (page, label) => page.getByLabel(label, { exact: true });

/**
 * Signs up on the register page under the language's `prefix` of `server` (its `baseUrl` and
 * `dataDir`), enters the code from the mail as soon as it arrives, and waits for the dashboard.
 */
export async function signUpThroughForm(page, server, m, { prefix, name, email, password }) {
  await page.goto(`${server.baseUrl}${prefix}/auth/register`);
  await expectHeading(page, m['page.register']);
  await field(page, m['auth.fullName']).fill(name);
  await field(page, m['auth.email']).fill(email);
  await field(page, m['auth.password']).fill(password);
  await field(page, m['auth.confirmPassword']).fill(password);
  await page.locator('#accept-terms').check();
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: m['auth.register.submit'] }).click();
  await expectHeading(page, m['page.verify']);
  const code = codeIn(await waitForMail(server.dataDir, email, { since }));
  await field(page, m['auth.verify.code']).fill(code);
  await page.getByRole('button', { name: m['auth.verify.submit'] }).click();
  await expectHeading(page, m['page.dashboard']);
}
