import assert from 'node:assert/strict';
import { expectHeading, openPage } from '../support/browser.mjs';
import { catalog } from '../support/locale.mjs';
import { createUser, signIn } from '../support/users.mjs';

/**
 * The first Tab reaches a visible skip link that moves focus to the page content; focus is
 * always visible; at 360 px nothing scrolls sideways; sections reveal once when scrolled to,
 * and not at all under reduced motion.
 */
export default async function keyboard({ browser, baseUrl }) {
  const en = catalog('en');
  const user = await createUser(baseUrl, 'Somchai');
  {
    const { context, page, errors } = await openPage(browser);
    try {
      await signIn(context, user);
      await page.goto(`${baseUrl}/dashboard/settings`);
      await expectHeading(page, en['page.settings']);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: en['nav.skipToContent'] });
      assert.equal(await skip.evaluate((element) => element === document.activeElement), true);
      const box = await skip.boundingBox();
      assert.ok(box !== null && box.y >= 0, 'the focused skip link is on screen');
      const outline = await skip.evaluate((element) => getComputedStyle(element).outlineStyle);
      assert.equal(outline, 'solid', 'focus is visible');
      await page.keyboard.press('Enter');
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'main-content');

      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
      assert.equal(focused, en['settings.tab.account'], 'the next Tab continues inside the page');

      await page.keyboard.press('Shift+Tab');
      const menuLabel = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
      assert.equal(menuLabel, en['userMenu.label'], 'the account menu comes just before the content');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: en['userMenu.logout'] }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: en['userMenu.logout'] }).waitFor({ state: 'hidden' });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }

  for (const path of ['/', '/th/dashboard/debt-tracker', '/lo/privacy-policy', '/lo/auth/login']) {
    const { context, page, errors } = await openPage(browser, { width: 360, height: 740 });
    try {
      await signIn(context, user);
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 360, `${path} fits 360 px (scroll width ${width})`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }

  {
    const { context, page } = await openPage(browser, { width: 1024, height: 600 });
    try {
      await page.goto(`${baseUrl}/privacy-policy`);
      await expectHeading(page, en['page.privacyPolicy']);
      const last = page.locator('[data-reveal]').last();
      assert.equal(await last.getAttribute('data-reveal'), 'hidden', 'below the fold, waiting');
      await last.scrollIntoViewIfNeeded();
      await page.waitForFunction(
        () => [...document.querySelectorAll('[data-reveal]')].at(-1)?.getAttribute('data-reveal') === 'shown',
      );
      await page.evaluate(() => window.scrollTo(0, 0));
      assert.equal(await last.getAttribute('data-reveal'), 'shown', 'revealed once, and it stays');
    } finally {
      await context.close();
    }
  }
  {
    const { context, page } = await openPage(browser, { reducedMotion: 'reduce' });
    try {
      await page.goto(`${baseUrl}/privacy-policy`);
      await expectHeading(page, en['page.privacyPolicy']);
      const states = await page
        .locator('[data-reveal]')
        .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-reveal')));
      assert.ok(
        states.every((state) => state === 'static'),
        'nothing animates under reduced motion',
      );
    } finally {
      await context.close();
    }
  }
}
