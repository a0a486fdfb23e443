import assert from 'node:assert/strict';
import { expectHeading, openPage, screenshot } from '../support/browser.mjs';
import { catalog, LOCALES } from '../support/locale.mjs';

/**
 * An unknown path answers HTTP 404 with the app, which shows "Page not found" with the path,
 * in the path's language, and leads back home; crawlers get a plain 404, the API a JSON one.
 */
export default async function notFound({ browser, baseUrl, screenshotDir }) {
  for (const [locale, prefix] of LOCALES) {
    const messages = catalog(locale);
    const { context, page, errors } = await openPage(browser);
    try {
      const response = await page.goto(`${baseUrl}${prefix}/no-such-page`);
      assert.equal(response?.status(), 404);
      await expectHeading(page, messages['errorPage.notFoundTitle']);
      assert.equal(await page.getAttribute('html', 'lang'), locale);
      assert.equal(
        await page
          .getByTestId('logo')
          .first()
          .evaluate((logo) => getComputedStyle(logo, '::before').content),
        '"P"',
      );
      const expected = messages['errorPage.notFoundMessage'].replace('{path}', `${prefix}/no-such-page`);
      await page.getByText(expected, { exact: true }).waitFor();
      await page.getByText(messages['errorPage.notFoundCard'], { exact: true }).waitFor();
      assert.equal(await page.title(), `${messages['errorPage.notFoundTitle']} · Plenty`);
      await page.getByRole('link', { name: messages['errorPage.home'] }).click();
      await expectHeading(page, messages['page.login']);
      assert.equal(new URL(page.url()).pathname, `${prefix}/auth/login`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }

  // A page that cannot load (here: its code is unreachable) shows "An error occurred".
  {
    const messages = catalog('lo');
    const { context, page } = await openPage(browser);
    try {
      await page.route('**/assets/policy-page-*.js', (route) => route.abort());
      await page.goto(`${baseUrl}/lo/privacy-policy`);
      await expectHeading(page, messages['errorPage.errorTitle']);
      await page.getByText(messages['errorPage.errorCard'], { exact: true }).waitFor();
      await page.getByText(messages['error.internal'], { exact: true }).waitFor();
      assert.equal(await page.getByTestId('error-page').getAttribute('data-status'), '500');
      await screenshot(page, screenshotDir, 'error-lo-dark');
      await page.unroute('**/assets/policy-page-*.js');
      await page.getByRole('link', { name: messages['errorPage.retry'] }).click();
      await expectHeading(page, messages['page.login']);
    } finally {
      await context.close();
    }
  }

  const bot = await fetch(`${baseUrl}/no-such-page`, {
    headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' },
  });
  assert.equal(bot.status, 404);
  assert.ok(!(await bot.text()).includes('id="root"'), 'a crawler does not get the app');
  const knownForBot = await fetch(`${baseUrl}/th/privacy-policy`, { headers: { 'user-agent': 'Googlebot/2.1' } });
  assert.equal(knownForBot.status, 200);
  const api = await fetch(`${baseUrl}/api/no-such-thing`);
  assert.equal(api.status, 404);
  assert.equal((await api.json()).error.code, 'not_found');
}
