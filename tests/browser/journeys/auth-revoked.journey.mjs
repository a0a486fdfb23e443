import assert from 'node:assert/strict';
import { expectHeading, openPage } from '../support/browser.mjs';
import { catalog } from '../support/locale.mjs';
import { changePasswordElsewhere, createUser, signIn } from '../support/users.mjs';

/** Resolves once the page shows that the session ended. */
async function told(page, m) {
  await page.getByTestId('toast').getByText(m['authError.sessionExpired']).waitFor({ timeout: 30_000 });
}

/**
 * A password change on another device ends every other session at once. A page left open finds
 * out at its next call to the API, a reloaded one at start: each drops the saved session, says
 * in the user's language that the session has ended, and opens the login page. The old password
 * no longer signs in; the new one does.
 */
export default async function authRevoked({ browser, baseUrl }) {
  const m = catalog('th');
  const user = await createUser(baseUrl, 'Dao');
  const open = await openPage(browser, { reducedMotion: 'reduce' });
  const reloaded = await openPage(browser, { reducedMotion: 'reduce' });
  try {
    for (const { context, page } of [open, reloaded]) {
      await signIn(context, user);
      await page.goto(`${baseUrl}/th/dashboard`);
      await expectHeading(page, m['page.dashboard']);
    }
    // The page to be reloaded must find out at start, not from a request of its own before
    // (a warm-up or a token refresh when idle): until it reloads, it reaches neither the API
    // nor the identity service (the app's own files still load).
    let reloading = false;
    const serverCalls = (url) => url.pathname.startsWith('/api/') || url.pathname.includes('googleapis.com');
    await reloaded.context.route(serverCalls, (route) => (reloading ? route.continue() : route.abort()));
    const oldPassword = user.password;
    await changePasswordElsewhere(baseUrl, user);

    // The open page: its next request to the API is refused, and so is its refresh token.
    // The toast shows for 2.5 s: it is looked for from the click on, not once the page is checked.
    const openTold = told(open.page, m);
    await open.page.getByRole('link', { name: m['nav.reports'] }).first().click();
    await expectHeading(open.page, m['page.login']);
    assert.equal(new URL(open.page.url()).pathname, '/th/auth/login');
    await openTold;
    assert.equal(await open.page.evaluate((key) => localStorage.getItem(key), user.storageKey), null);

    // The reloaded page: the saved session is refused at start.
    const reloadedTold = told(reloaded.page, m);
    reloading = true;
    await reloaded.page.reload();
    await expectHeading(reloaded.page, m['page.login']);
    assert.equal(new URL(reloaded.page.url()).pathname, '/th/auth/login');
    await reloadedTold;
    assert.equal(await reloaded.page.evaluate((key) => localStorage.getItem(key), user.storageKey), null);

    // The old password is refused with the one message for wrong credentials; the new one signs in.
    const { page } = reloaded;
    await page.getByLabel(m['auth.email'], { exact: true }).fill(user.email);
    await page.getByLabel(m['auth.password'], { exact: true }).fill(oldPassword);
    await page.getByRole('button', { name: m['auth.login.submit'], exact: true }).click();
    await page.getByTestId('form-error').getByText(m['authError.invalidCredential']).waitFor();
    await page.getByLabel(m['auth.password'], { exact: true }).fill(user.password);
    await page.getByRole('button', { name: m['auth.login.submit'], exact: true }).click();
    await expectHeading(page, m['page.dashboard']);
    assert.deepEqual(open.errors, []);
    assert.deepEqual(reloaded.errors, []);
  } finally {
    await open.context.close();
    await reloaded.context.close();
  }
}
