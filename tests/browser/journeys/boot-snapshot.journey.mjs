import assert from 'node:assert/strict';
import { expectHeading, openPage, screenshot, waitUntilCurrent } from '../support/browser.mjs';
import { catalog, LOCALES } from '../support/locale.mjs';
import { spendElsewhere } from '../support/offline.mjs';
import { createUser, signIn } from '../support/users.mjs';

/** What the painted copy and the app show: whether each is there, and the copy's banner and figures. */
const shown = () => {
  const copy = document.getElementById('boot-snapshot');
  const root = document.getElementById('root');
  return {
    copy: copy === null ? null : { visible: copy.style.visibility === '', text: copy.textContent, inert: copy.inert },
    copyHidden: copy?.getAttribute('aria-hidden') ?? null,
    rootHidden: root?.hidden ?? null,
    headings: document.querySelectorAll('h1').length,
    mains: document.querySelectorAll('main').length,
  };
};

/**
 * The last dashboard seen is painted before any of the app's modules runs: with the app's
 * scripts held back (blocked), a reload of the dashboard shows the totals of the last visit,
 * marked "Updating — showing data as of …", inert and hidden from screen readers, with the app
 * hidden; once the scripts run, the server's figures replace it and nothing of it is left (one
 * heading, one main region). In en, th and lo, pictures at 1280 and 390 px of the painted moment
 * (`boot-snapshot-<locale>-<width>`) and of the page after (`boot-snapshot-after-<locale>-<width>`).
 */
export default async function bootSnapshot({ browser, baseUrl, screenshotDir }) {
  const user = await createUser(baseUrl, 'Dao');
  await spendElsewhere(baseUrl, user, 12_000);
  for (const [locale, prefix] of LOCALES) {
    const m = catalog(locale);
    const { context, page, errors } = await openPage(browser, { width: 1280, height: 900, reducedMotion: 'reduce' });
    try {
      await signIn(context, user);
      await page.goto(`${baseUrl}${prefix}/dashboard`);
      await expectHeading(page, m['page.dashboard'], { errors });
      await waitUntilCurrent(page);
      const expense = page.getByTestId('total-expense-value');
      const before = await expense.innerText();
      // The copy of this visit's first screen, in this language and with these totals, kept once the page is idle.
      await page.waitForFunction(
        ([language, total]) => {
          const saved = JSON.parse(localStorage.getItem('plenty:boot-snapshot') ?? 'null');
          if (saved?.locale !== language) return false;
          const copy = document.createElement('template');
          copy.innerHTML = saved.html;
          return copy.content.textContent.includes(total);
        },
        [locale, before],
      );

      // The app's scripts are held back: only the boot script paints.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.reload();
      await page.waitForFunction(() => document.getElementById('boot-snapshot')?.style.visibility === '');
      await screenshot(page, screenshotDir, `boot-snapshot-${locale}-1280`);
      const painted = await page.evaluate(shown);
      assert.equal(painted.rootHidden, true, 'the app is hidden while the copy shows');
      assert.equal(painted.copyHidden, 'true');
      assert.equal(painted.copy?.inert, true, 'nothing in the copy can be reached');
      assert.ok(
        painted.copy?.text.includes(before),
        `the copy shows the last visit's totals (${before}): ${painted.copy?.text.slice(0, 600)}`,
      );
      const lead = m['startup.refreshingAsOf'].split('{time}')[0].trim();
      assert.ok(painted.copy?.text.includes(lead), `the copy says it is being updated (${lead})`);
      assert.equal(await page.getByRole('heading', { level: 1 }).count(), 0, 'screen readers meet no copy');
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, screenshotDir, `boot-snapshot-${locale}-390`);

      // Meanwhile another device adds an expense; the app runs again and shows the server's totals.
      await spendElsewhere(baseUrl, user, 3_500);
      await page.unroute('**/assets/*.js');
      errors.length = 0;
      await page.reload();
      await expectHeading(page, m['page.dashboard'], { errors });
      await waitUntilCurrent(page);
      await page.waitForFunction(
        (old) => document.querySelector('[data-testid="total-expense-value"]')?.textContent !== old,
        before,
      );
      const after = await page.evaluate(shown);
      assert.equal(after.copy, null, 'the copy is gone');
      assert.equal(after.rootHidden, false, 'the app shows');
      assert.equal(after.headings, 1, 'one heading: nothing of the copy is left');
      assert.equal(after.mains, 1, 'one main region');
      await screenshot(page, screenshotDir, `boot-snapshot-after-${locale}-390`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await screenshot(page, screenshotDir, `boot-snapshot-after-${locale}-1280`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
}
