import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { expectHeading, openSignedIn, screenshot } from '../support/browser.mjs';
import { dateFromToday } from '../support/dates.mjs';
import { catalog } from '../support/locale.mjs';
import { callApi, createUser } from '../support/users.mjs';

/** The first day of the month before today's, and its last day (UTC: a user who never chose a zone). */
function lastMonth() {
  const first = new Date(`${new Date().toISOString().slice(0, 7)}-01T00:00:00Z`);
  const end = new Date(first.getTime() - 86_400_000);
  return { from: `${end.toISOString().slice(0, 7)}-01`, to: end.toISOString().slice(0, 10) };
}

/**
 * The reports over a date range: a preset (last month) chosen from the list puts its dates in
 * the address and shows that month's figures; dates of one's own are refused in place when they
 * end before they start, then shown; a reload keeps the range; back to one month. In English at
 * 1280, then Thai and Lao on a phone for the pictures.
 */
export default async function reportsRange({ browser, baseUrl, screenshotDir }) {
  const en = catalog('en');
  const user = await createUser(baseUrl, 'Bounmy Sisavath');
  const range = lastMonth();
  const add = (amount, date, categoryId = 'builtin-food', type = 'expense') =>
    callApi(baseUrl, user, 'commands/AddTransaction', {
      transactionId: randomUUID(),
      type,
      amount: { amount, currency: 'LAK' },
      categoryId,
      date,
      note: 'Range journey',
    });
  await add(70_000, `${range.from.slice(0, 8)}15`);
  await add(2_000_000, `${range.from.slice(0, 8)}02`, 'builtin-salary', 'income');
  await add(33_000, dateFromToday(0), 'builtin-transport');

  const { context, page, errors } = await openSignedIn(browser, baseUrl, user, '/dashboard/reports');
  try {
    await expectHeading(page, en['page.reports'], { errors });
    await page.getByTestId('reports-content').waitFor();

    // A date range, then the "Last month" preset: its dates in the address, its figures shown.
    await page.getByTestId('reports-mode').selectOption('range');
    await page.getByTestId('reports-range-content').waitFor();
    await page.getByTestId('reports-range-preset').selectOption('lastMonth');
    await page.waitForURL(
      (url) => url.searchParams.get('from') === range.from && url.searchParams.get('to') === range.to,
    );
    const content = page.locator(`[data-testid="reports-range-content"][data-from="${range.from}"]`);
    await content.waitFor();
    await content.getByTestId('range-expense').getByText('70,000').waitFor();
    await content.getByTestId('range-income').getByText('2,000,000').waitFor();
    await content.getByTestId('reports-categories').getByText(en['category.builtin.food']).waitFor();
    await content.getByTestId('reports-range-trend').waitFor();
    await content.getByTestId('reports-insights').waitFor();
    await screenshot(page, screenshotDir, 'reports-range-en-1280');

    // Dates of one's own: an end before the start is refused in place, in words.
    const from = page.getByTestId('reports-range-from');
    const to = page.getByTestId('reports-range-to');
    await from.fill(dateFromToday(0));
    await to.fill(range.from);
    await page.getByTestId('reports-range-apply').click();
    await page.getByTestId('reports-range-error').getByText(en['error.date_range_invalid']).waitFor();
    assert.equal(new URL(page.url()).searchParams.get('from'), range.from, 'a refused range is not asked for');

    // From the start of last month to today: both transactions' months, the preset list says custom.
    await from.fill(range.from);
    await to.fill(dateFromToday(0));
    await page.getByTestId('reports-range-apply').click();
    await page.waitForURL((url) => url.searchParams.get('to') === dateFromToday(0));
    await page.locator(`[data-testid="reports-range-content"][data-to="${dateFromToday(0)}"]`).waitFor();
    await page.getByTestId('range-expense').getByText('103,000').waitFor();
    assert.equal(await page.getByTestId('reports-range-preset').inputValue(), 'custom');

    // A reload keeps the range.
    await page.reload();
    await expectHeading(page, en['page.reports'], { errors });
    await page.locator(`[data-testid="reports-range-content"][data-from="${range.from}"]`).waitFor();
    await page.getByTestId('range-expense').getByText('103,000').waitFor();
    assert.equal(await page.getByTestId('reports-mode').inputValue(), 'range');

    // Back to one month: the month's report, without the range in the address.
    await page.getByTestId('reports-mode').selectOption('month');
    await page.getByTestId('reports-content').waitFor();
    assert.equal(new URL(page.url()).searchParams.get('from'), null);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }

  for (const [locale, prefix] of [
    ['th', '/th'],
    ['lo', '/lo'],
  ]) {
    const phone = await openSignedIn(browser, baseUrl, user, `/dashboard/reports?from=${range.from}&to=${range.to}`, {
      prefix,
      width: 390,
      height: 844,
    });
    try {
      await expectHeading(phone.page, catalog(locale)['page.reports'], { errors: phone.errors });
      await phone.page.getByTestId('reports-range-content').waitFor();
      await phone.page.getByTestId('range-expense').waitFor();
      await screenshot(phone.page, screenshotDir, `reports-range-${locale}-390`);
      assert.deepEqual(phone.errors, []);
    } finally {
      await phone.context.close();
    }
  }
}
