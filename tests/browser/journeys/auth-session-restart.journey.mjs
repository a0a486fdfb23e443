import assert from 'node:assert/strict';
import { expectHeading, openPage } from '../support/browser.mjs';
import { catalog, LOCALES } from '../support/locale.mjs';
import { startServer } from '../support/server.mjs';
import { signUpThroughForm } from '../support/sign-up.mjs';
import { uniqueEmail } from '../support/users.mjs';

/** The session the Firebase SDK keeps in local storage. */
function storedSession(page) {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('firebase:authUser:'));
    return key === undefined ? null : { key, value: JSON.parse(localStorage.getItem(key)) };
  });
}

/**
 * Reloads the page and checks the session went on: the dashboard in the user's language, no
 * sign-in asked for, and the API answered the dashboard's own request (with no refusal).
 */
async function reloadSignedIn(visitor) {
  const { page, m, prefix, answers } = visitor;
  answers.length = 0;
  const dashboard = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/queries/dashboard');
  await page.reload();
  await expectHeading(page, m['page.dashboard']);
  assert.equal(new URL(page.url()).pathname, `${prefix}/dashboard`);
  assert.equal((await dashboard).status(), 200);
  assert.deepEqual(
    answers.filter((answer) => answer.status >= 400),
    [],
    'no request of the page was refused',
  );
}

/**
 * Sessions outlive the server: three people sign up in English, Thai and Lao (register page, the
 * code from the mail, verify). The server is then killed outright (SIGKILL), as in a power cut,
 * and started again on the same data folder and port; each reloaded page goes on signed in,
 * without signing in again. The same after a clean stop (SIGTERM). Then each page's ID token is
 * dropped from its stored session: the next reload gets a new one with the refresh token (which
 * the server replaces), still signed in.
 */
export default async function authSessionRestart({ browser }) {
  const server = await startServer();
  const visitors = [];
  try {
    for (const [locale, prefix] of LOCALES) {
      const m = catalog(locale);
      const { context, page, errors } = await openPage(browser, { reducedMotion: 'reduce' });
      const answers = [];
      page.on('response', (response) => {
        const { pathname } = new URL(response.url());
        if (pathname.startsWith('/api/') || pathname.includes('googleapis.com/')) {
          answers.push({ status: response.status(), pathname });
        }
      });
      const visitor = { locale, prefix, m, context, page, errors, answers };
      visitors.push(visitor);
      const email = uniqueEmail(`restart-${locale}`);
      await signUpThroughForm(page, server, m, { prefix, name: 'Khamla Vongsavanh', email, password: 'kip-and-baht' });
      // The dashboard has fetched all it asks for (its "As of" panel's texts load after it shows:
      // the panel is there once they are), so the server goes down under a page that is complete,
      // not under one still loading.
      await page.getByTestId('as-of').waitFor();
      await page.waitForLoadState('networkidle');
    }

    // A power cut right after signing up, then a start on the same folder and port.
    const killed = await server.kill();
    assert.equal(killed.signal, 'SIGKILL');
    await server.start();
    for (const visitor of visitors) await reloadSignedIn(visitor);

    // A clean stop, then a start.
    const stopped = await server.stop();
    assert.equal(stopped.code, 0, `a clean stop exits 0:\n${server.output()}`);
    await server.start();
    for (const visitor of visitors) await reloadSignedIn(visitor);

    // Without an ID token the SDK asks the restarted server for one with the refresh token.
    for (const visitor of visitors) {
      const before = await storedSession(visitor.page);
      assert.notEqual(before, null);
      await visitor.page.evaluate(({ key, value }) => {
        localStorage.setItem(
          key,
          JSON.stringify({ ...value, stsTokenManager: { ...value.stsTokenManager, accessToken: null } }),
        );
      }, before);
      await reloadSignedIn(visitor);
      assert.ok(
        visitor.answers.some(
          ({ pathname, status }) => pathname === '/securetoken.googleapis.com/v1/token' && status === 200,
        ),
        'the refresh token was exchanged',
      );
      const after = await storedSession(visitor.page);
      assert.equal(after.value.uid, before.value.uid);
      assert.equal(after.value.emailVerified, true);
      assert.notEqual(after.value.stsTokenManager.accessToken, null);
      assert.notEqual(after.value.stsTokenManager.accessToken, before.value.stsTokenManager.accessToken);
      assert.notEqual(after.value.stsTokenManager.refreshToken, before.value.stsTokenManager.refreshToken);
      assert.deepEqual(visitor.errors, []);
    }
  } finally {
    for (const { context } of visitors) await context.close();
    await server.close();
  }
}
