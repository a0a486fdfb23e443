import assert from 'node:assert/strict';
import { expectHeading, openPage } from '../support/browser.mjs';
import { catalog, LOCALES } from '../support/locale.mjs';
import { createUser, signIn } from '../support/users.mjs';

/**
 * A guest who opens the start page in any language lands on the login page in that language;
 * a signed-in user skips the guest pages, sees the navigation, and logs out after confirming.
 */
export default async function guards({ browser, baseUrl }) {
  for (const [locale, prefix] of LOCALES) {
    const { context, page, errors } = await openPage(browser);
    try {
      const response = await page.goto(`${baseUrl}${prefix}/`);
      assert.equal(response?.status(), 200);
      await expectHeading(page, catalog(locale)['page.login']);
      assert.equal(new URL(page.url()).pathname, `${prefix}/auth/login`);
      assert.equal(new URL(page.url()).searchParams.get('redirect'), '/');
      assert.equal(await page.getAttribute('html', 'lang'), locale);
      assert.equal(await page.title(), `${catalog(locale)['page.login']} · Plenty`);

      await page.goto(`${baseUrl}${prefix}/dashboard/reports?month=2026-11`);
      await expectHeading(page, catalog(locale)['page.login']);
      assert.equal(new URL(page.url()).pathname, `${prefix}/auth/login`);
      assert.equal(new URL(page.url()).searchParams.get('redirect'), '/dashboard/reports?month=2026-11');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }

  const user = await createUser(baseUrl);
  const { context, page, errors } = await openPage(browser);
  try {
    await signIn(context, user);
    const th = catalog('th');
    await page.goto(`${baseUrl}/th/auth/login`);
    await expectHeading(page, th['page.dashboard']);
    assert.equal(new URL(page.url()).pathname, '/th/dashboard');
    // A new user's dashboard invites the first transaction.
    await page.getByTestId('dashboard-empty').waitFor({ timeout: 20_000 });

    // The home page reads the user's categories through the API with the user's ID token.
    await page.goto(`${baseUrl}/th/`);
    await expectHeading(page, th['home.heading']);
    const categories = page.getByTestId('category-count');
    await categories.getByText(/^มี \d+ หมวดหมู่ พร้อมใช้กับรายการของคุณ$/).waitFor();

    await page.goto(`${baseUrl}/th/auth/register?redirect=%2Fdashboard%2Ftransactions`);
    await expectHeading(page, th['page.transactions']);
    assert.equal(new URL(page.url()).pathname, '/th/dashboard/transactions');

    const navigation = page.getByRole('navigation', { name: th['nav.main'] });
    for (const id of ['nav.dashboard', 'nav.transactions', 'nav.reports', 'nav.debtTracker', 'nav.settings']) {
      await navigation.getByRole('link', { name: th[id], exact: true }).waitFor();
    }
    await navigation.getByRole('link', { name: th['nav.debtTracker'] }).click();
    await expectHeading(page, th['page.debtTracker']);
    assert.equal(new URL(page.url()).pathname, '/th/dashboard/debt-tracker');

    await page.getByRole('button', { name: th['userMenu.label'] }).click();
    await page.getByText(user.email).waitFor();
    await page.getByRole('button', { name: th['userMenu.logout'] }).click();
    const dialog = page.getByRole('dialog', { name: th['logout.title'] });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: th['common.cancel'] }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expectHeading(page, th['page.debtTracker']);

    await page.getByRole('button', { name: th['userMenu.label'] }).click();
    await page.getByRole('button', { name: th['userMenu.logout'] }).click();
    await dialog.getByRole('button', { name: th['logout.confirm'] }).click();
    await expectHeading(page, th['page.login']);
    assert.equal(new URL(page.url()).pathname, '/th/auth/login');
    await page.getByTestId('toast').getByText(th['toast.loggedOut']).waitFor();
    assert.equal(await page.evaluate((key) => localStorage.getItem(key), user.storageKey), null);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}
