import assert from 'node:assert/strict';
import { expectHeading, openPage, screenshot } from '../support/browser.mjs';
import { catalog, LOCALES } from '../support/locale.mjs';
import { nextFrame, spendElsewhere, waitForSavedAnswer } from '../support/offline.mjs';
import { createUser, signIn } from '../support/users.mjs';

/** Notes, from the page's first script on, whether the login page was ever shown (`window.journeySawLogin`). */
const WATCH_FOR_LOGIN = () => {
  window.journeySawLogin = false;
  new MutationObserver(() => {
    if (window.location.pathname.includes('/auth/login')) window.journeySawLogin = true;
  }).observe(document, { childList: true, subtree: true });
};

/**
 * A repeat visit paints the dashboard from the device at once: with the identity service and the
 * API held, the reloaded dashboard shows the totals of the last visit under "Updating — showing
 * data as of …" (no login page on the way), its queries already on their way signed with the
 * saved ID token (the SDK has not restored the session yet); once the API answers, the server's
 * totals replace them and the banner goes. In en, th and lo, pictures at 1280 and 390 px of the
 * painted state (`repeat-visit-device-<locale>-<width>`).
 */
export default async function repeatVisitDevice({ browser, baseUrl, screenshotDir }) {
  const user = await createUser(baseUrl, 'Noy');
  await spendElsewhere(baseUrl, user, 12_000);
  for (const [locale, prefix] of LOCALES) {
    const m = catalog(locale);
    const { context, page, errors } = await openPage(browser, { width: 1280, height: 900, reducedMotion: 'reduce' });
    try {
      await signIn(context, user);
      await context.addInitScript(WATCH_FOR_LOGIN);
      await page.goto(`${baseUrl}${prefix}/dashboard`);
      await expectHeading(page, m['page.dashboard'], { errors });
      const expense = page.getByTestId('total-expense-value');
      await expense.waitFor();
      await waitForSavedAnswer(page, user.uid, 'queries/transactions/totals', { containing: true });
      const before = await expense.innerText();

      // Meanwhile another device adds an expense: the server's totals are no longer the device's.
      await spendElsewhere(baseUrl, user, 3_500);

      // Hold the identity service (the SDK cannot restore the session) and the API's queries.
      let releaseIdentity = () => undefined;
      const identityHeld = new Promise((resolve) => (releaseIdentity = resolve));
      let releaseQueries = () => undefined;
      const queriesHeld = new Promise((resolve) => (releaseQueries = resolve));
      const signedQueries = [];
      await page.route('**/accounts:lookup*', async (route) => {
        await identityHeld;
        await route.continue().catch(() => undefined);
      });
      await page.route('**/api/queries/**', async (route) => {
        signedQueries.push(route.request().headers()['authorization'] ?? '');
        await queriesHeld;
        await route.continue().catch(() => undefined);
      });

      await page.reload();
      await expectHeading(page, m['page.dashboard'], { errors });
      const banner = page.locator('[data-testid="offline-banner"][data-state="refreshing-as-of"]');
      await banner.waitFor();
      const lead = m['startup.refreshingAsOf'].split('{time}')[0];
      assert.ok((await banner.innerText()).startsWith(lead.trim()), `the banner says ${await banner.innerText()}`);
      assert.equal(await banner.getAttribute('role'), 'status');
      assert.equal(await expense.innerText(), before, 'the painted totals are those of the last visit');
      // The queries went out before the SDK restored the session, signed with the saved token.
      for (let frames = 0; signedQueries.length === 0 && frames < 600; frames += 1) await nextFrame(page);
      assert.ok(signedQueries.length > 0, 'queries are sent while the session is restored');
      assert.ok(
        signedQueries.every((header) => header.startsWith('Bearer ')),
        'every query is signed',
      );
      await screenshot(page, screenshotDir, `repeat-visit-device-${locale}-1280`);
      await page.setViewportSize({ width: 390, height: 844 });
      await banner.waitFor();
      await screenshot(page, screenshotDir, `repeat-visit-device-${locale}-390`);

      // The API answers: the server's totals replace the device's, and the banner goes.
      releaseQueries();
      await page
        .locator('[data-testid="offline-banner"][data-state="none"]')
        .waitFor({ state: 'attached', timeout: 30_000 });
      await page.waitForFunction(
        (old) => document.querySelector('[data-testid="total-expense-value"]')?.textContent !== old,
        before,
      );
      releaseIdentity();
      await expectHeading(page, m['page.dashboard'], { errors });
      assert.equal(await page.evaluate(() => window.journeySawLogin), false, 'the login page never showed');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
}
