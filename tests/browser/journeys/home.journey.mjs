import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const locales = join(dirname(fileURLToPath(import.meta.url)), '../../../locales');
const catalog = (locale) => JSON.parse(readFileSync(join(locales, `${locale}.json`), 'utf8'));

/** The starting page greets in each language, on the dark theme, and reports the service ready. */
export default async function home({ browser, baseUrl, screenshotDir }) {
  for (const [locale, path] of [
    ['en', '/'],
    ['th', '/th'],
    ['lo', '/lo'],
  ]) {
    const messages = catalog(locale);
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1024, height: 720 } });
    const page = await context.newPage();
    try {
      const response = await page.goto(`${baseUrl}${path}`);
      assert.equal(response?.status(), 200, `${path} answers 200`);
      assert.equal(await page.title(), 'Plenty');
      assert.equal(await page.getAttribute('html', 'lang'), locale);
      assert.equal((await page.getByTestId('logo').textContent())?.trim(), 'P');
      assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), messages['home.heading']);
      await page.locator('[data-status="ready"]').waitFor({ timeout: 10_000 });
      assert.equal((await page.getByRole('status').textContent())?.trim(), messages['home.status.ready']);
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      assert.equal(background, 'rgb(15, 24, 40)');
      await page.screenshot({ path: join(screenshotDir, `home-${locale}.png`), fullPage: true });
    } finally {
      await context.close();
    }
  }
}
