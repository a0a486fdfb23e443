import assert from 'node:assert/strict';
import { expectHeading, openPage } from '../support/browser.mjs';
import { catalog } from '../support/locale.mjs';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

async function localeCookie(context) {
  return (await context.cookies()).find((cookie) => cookie.name === 'plenty_locale');
}

/**
 * The language comes from the path, then the plenty_locale cookie, then the browser; the
 * switcher moves to the prefixed page, remembers the choice for 365 days and survives a reload.
 */
export default async function locale({ browser, baseUrl }) {
  {
    const { context, page, errors } = await openPage(browser, { locale: 'th-TH' });
    try {
      await page.goto(`${baseUrl}/privacy-policy`);
      await expectHeading(page, catalog('th')['page.privacyPolicy']);
      assert.equal(new URL(page.url()).pathname, '/th/privacy-policy', 'a Thai browser moves to /th');
      assert.equal(await page.getAttribute('html', 'lang'), 'th');
      const cookie = await localeCookie(context);
      assert.equal(cookie?.value, 'th');
      const lifetime = cookie.expires - Date.now() / 1000;
      assert.ok(Math.abs(lifetime - YEAR_SECONDS) < 120, `the cookie lasts 365 days (${lifetime} s)`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }

  {
    const { context, page } = await openPage(browser, { locale: 'th-TH' });
    try {
      await context.addCookies([{ name: 'plenty_locale', value: 'lo', url: baseUrl }]);
      await page.goto(`${baseUrl}/terms-of-service`);
      await expectHeading(page, catalog('lo')['page.termsOfService']);
      assert.equal(new URL(page.url()).pathname, '/lo/terms-of-service', 'the cookie wins over the browser');

      await page.goto(`${baseUrl}/th/terms-of-service`);
      await expectHeading(page, catalog('th')['page.termsOfService']);
      assert.equal(await page.getAttribute('html', 'lang'), 'th', 'the path wins over the cookie');
    } finally {
      await context.close();
    }
  }

  const { context, page, errors } = await openPage(browser);
  try {
    await page.goto(`${baseUrl}/auth/login?redirect=%2Fdashboard`);
    await expectHeading(page, catalog('en')['page.login']);
    assert.equal(await page.getAttribute('html', 'lang'), 'en');

    await page.getByTestId('language-switcher').selectOption('lo');
    await expectHeading(page, catalog('lo')['page.login']);
    assert.equal(new URL(page.url()).pathname, '/lo/auth/login');
    assert.equal(new URL(page.url()).searchParams.get('redirect'), '/dashboard', 'the query survives the switch');
    assert.equal(await page.getAttribute('html', 'lang'), 'lo');
    assert.equal((await localeCookie(context))?.value, 'lo');
    assert.equal(await page.evaluate(() => localStorage.getItem('locale')), 'lo');
    await page.getByTestId('toast').getByText(catalog('lo')['language.changed']).waitFor();

    await page.reload();
    await expectHeading(page, catalog('lo')['page.login']);
    assert.equal(await page.getAttribute('html', 'lang'), 'lo');

    await page.goto(`${baseUrl}/cookie-policy`);
    await expectHeading(page, catalog('lo')['page.cookiePolicy']);
    assert.equal(new URL(page.url()).pathname, '/lo/cookie-policy', 'the choice applies to unprefixed links');

    await page.getByTestId('language-switcher').selectOption('en');
    await expectHeading(page, catalog('en')['page.cookiePolicy']);
    assert.equal(new URL(page.url()).pathname, '/cookie-policy');
    await page.reload();
    await expectHeading(page, catalog('en')['page.cookiePolicy']);
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}
