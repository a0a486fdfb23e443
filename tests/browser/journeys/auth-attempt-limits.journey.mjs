import assert from 'node:assert/strict';
import { expectHeading, openPage } from '../support/browser.mjs';
import { catalog, LOCALES } from '../support/locale.mjs';
import { startServer } from '../support/server.mjs';
import { createUser } from '../support/users.mjs';

/** Wrong passwords an address may be tried with before sign-in to it pauses (attempt-limits.ts). */
const WRONG_PASSWORDS_ALLOWED = 10;

/**
 * Guessing passwords, in English, Thai and Lao, on a server with its attempt limits on: each
 * wrong password gets the one message for wrong credentials until the address has had its
 * share; then the form says, in the user's language, that there were too many attempts, and
 * even the right password waits. Another account is not held up by it.
 */
export default async function authAttemptLimits({ browser }) {
  const server = await startServer({ env: { AUTH_ATTEMPT_LIMITS: 'on' } });
  try {
    const bystander = await createUser(server.baseUrl, 'Bounmy');
    for (const [locale, prefix] of LOCALES) {
      const m = catalog(locale);
      const user = await createUser(server.baseUrl, 'Somsak');
      const { context, page, errors } = await openPage(browser, { reducedMotion: 'reduce' });
      try {
        await page.goto(`${server.baseUrl}${prefix}/auth/login`);
        await expectHeading(page, m['page.login']);
        const email = page.getByLabel(m['auth.email'], { exact: true });
        const password = page.getByLabel(m['auth.password'], { exact: true });
        const submit = page.getByRole('button', { name: m['auth.login.submit'], exact: true });
        const alert = page.getByTestId('form-error');
        await email.fill(user.email);
        for (let attempt = 1; attempt <= WRONG_PASSWORDS_ALLOWED; attempt += 1) {
          await password.fill(`guess-${attempt}`);
          const answered = page.waitForResponse((response) => response.url().includes('accounts:signInWithPassword'));
          await submit.click();
          assert.equal((await answered).status(), 400, `guess ${attempt} is refused as a wrong password`);
          await alert.getByText(m['authError.invalidCredential']).waitFor();
        }

        await password.fill('one-more-guess');
        await submit.click();
        await alert.getByText(m['authError.tooManyRequests']).waitFor();
        await password.fill(user.password);
        const answered = page.waitForResponse((response) => response.url().includes('accounts:signInWithPassword'));
        await submit.click();
        const limited = await answered;
        assert.equal(limited.status(), 429);
        assert.ok(Number(limited.headers()['retry-after']) > 0, 'the answer says when to try again');
        await alert.getByText(m['authError.tooManyRequests']).waitFor();
        assert.equal(new URL(page.url()).pathname, `${prefix}/auth/login`);

        // Someone else signs in from the same browser as usual.
        await email.fill(bystander.email);
        await password.fill(bystander.password);
        await submit.click();
        await expectHeading(page, m['page.dashboard']);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    }
  } finally {
    await server.close();
  }
}
