import assert from 'node:assert/strict';
import { openPage } from '../support/browser.mjs';

const DARK = 'rgb(15, 24, 40)';
const LIGHT = 'rgb(245, 247, 251)';

const background = (page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const rootBackground = (page) =>
  page.evaluate(() => [document.documentElement.dataset.theme, getComputedStyle(document.documentElement).background]);

/**
 * Dark is the default; light and system are chosen in the header, survive a reload, are in
 * place before the app's code runs (no flash), and system follows the OS while the page is open.
 */
export default async function theme({ browser, baseUrl }) {
  const { context, page, errors } = await openPage(browser);
  try {
    await page.goto(`${baseUrl}/privacy-policy`);
    await page.getByTestId('theme-switcher').waitFor();
    assert.equal(await background(page), DARK);

    await page.getByTestId('theme-switcher').selectOption('light');
    assert.equal(await background(page), LIGHT);
    assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'light');

    // Before any of the app's code runs, the page is already light: hold back every script file.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`${baseUrl}/privacy-policy`, { waitUntil: 'domcontentloaded' });
    const [themeBeforeApp, rootStyle] = await rootBackground(page);
    assert.equal(themeBeforeApp, 'light');
    assert.match(rootStyle, /rgb\(245, 247, 251\)/);
    await page.unroute('**/assets/*.js');

    await page.reload();
    await page.getByTestId('theme-switcher').waitFor();
    assert.equal(await page.getByTestId('theme-switcher').inputValue(), 'light');
    assert.equal(await background(page), LIGHT);

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByTestId('theme-switcher').selectOption('system');
    assert.equal(await background(page), DARK);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    assert.equal(await background(page), LIGHT, 'system follows the OS without a reload');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}
