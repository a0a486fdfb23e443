import assert from 'node:assert/strict';
import { postCommand, uuidV7 } from '../support/api.mjs';
import { screenshot } from '../support/browser.mjs';
import { assertScrollFits } from '../support/layout.mjs';
import { onEachScreen } from '../support/screens.mjs';
import { createUser } from '../support/users.mjs';

/** A date `daysAgo` days before today, in UTC like the user's default time zone. */
const daysAgo = (days) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** Half a year of a household in Vientiane: salary, rent, food, transport, a trip paid in baht. */
async function seed(baseUrl, user) {
  await postCommand(baseUrl, user, 'ChangePreferences', {
    changes: { monthlyBudget: { amount: 9000000, currency: 'LAK' } },
  });
  const rows = [];
  for (let month = 0; month < 6; month += 1) {
    const base = month * 30;
    rows.push(['income', 12000000 + month * 250000, 'LAK', 'builtin-salary', daysAgo(base + 1), 'Salary']);
    rows.push(['expense', 3500000, 'LAK', 'builtin-housing', daysAgo(base + 2), 'Rent']);
    rows.push(['expense', 1200000 + month * 90000, 'LAK', 'builtin-food', daysAgo(base + 3), 'Market']);
    rows.push(['expense', 450000, 'LAK', 'builtin-transport', daysAgo(base + 4), 'Fuel']);
    rows.push(['expense', 380000 - month * 20000, 'LAK', 'builtin-utilities', daysAgo(base + 6), 'Electricity']);
  }
  rows.push(['expense', 180000, 'THB', 'builtin-entertainment', daysAgo(0), 'Trip to Nong Khai']);
  rows.push(['expense', 2150000, 'LAK', 'builtin-shopping', daysAgo(0), 'New phone case and charger']);
  rows.push(['expense', 650000, 'LAK', 'builtin-health', daysAgo(1), 'Pharmacy']);
  for (const [type, amount, currency, categoryId, date, note] of rows) {
    await postCommand(baseUrl, user, 'AddTransaction', {
      transactionId: uuidV7(),
      type,
      amount: { amount, currency },
      categoryId,
      date,
      note,
    });
  }
  return rows.length;
}

/** Waits until the charts are drawn (recharts loads on its own). */
async function chartsDrawn(page, errors) {
  await page
    .waitForFunction(() => document.querySelectorAll('.recharts-surface').length > 0, null, { timeout: 20_000 })
    .catch((error) => {
      throw new Error(`${error.message} at ${page.url()}; page errors: ${errors.join(' | ')}`);
    });
  await page.waitForTimeout(300);
}

/** The dashboard (new and filled) and the reports in every language, dark and light, wide and narrow. */
export default async function dashboardScreenshots({ browser, baseUrl, screenshotDir }) {
  const empty = await createUser(baseUrl, 'Noy');
  const filled = await createUser(baseUrl, 'Souksavanh');
  const count = await seed(baseUrl, filled);
  const screens = [
    ['dark', 1280, ''],
    ['light', 1280, ''],
    ['dark', 375, '-375'],
    ['light', 375, '-375'],
  ];
  await onEachScreen(browser, { screens, height: 900, empty, filled }, async (shot) => {
    const { blank, full, locale, prefix, messages, theme, width, suffix } = shot;
    const name = (what) => `dashboard-${what}-${locale}-${theme}${suffix}`;

    await blank.page.goto(`${baseUrl}${prefix}/dashboard`);
    await blank.page.getByTestId('dashboard-empty').waitFor({ timeout: 30_000 });
    await screenshot(blank.page, screenshotDir, name('empty'));
    await assertScrollFits(blank.page, width, name('empty'));

    // Seeded outside the browser: the views may need a moment to catch up.
    for (let tries = 0; ; tries += 1) {
      await full.page.goto(`${baseUrl}${prefix}/dashboard`);
      await full.page.getByTestId('dashboard-content').waitFor({ timeout: 30_000 });
      const recent = await full.page.locator('[data-recent-id]').count();
      if (recent === 5 || tries > 20) break;
      await full.page.waitForTimeout(500);
    }
    assert.ok(count > 5);
    await chartsDrawn(full.page, full.errors);
    await screenshot(full.page, screenshotDir, name('filled'));
    await assertScrollFits(full.page, width, name('filled'));

    await full.page.goto(`${baseUrl}${prefix}/dashboard/reports`);
    await full.page.getByTestId('reports-content').waitFor({ timeout: 30_000 });
    await chartsDrawn(full.page, full.errors);
    await screenshot(full.page, screenshotDir, `reports-${locale}-${theme}${suffix}`);
    await assertScrollFits(full.page, width, `reports-${locale}`);
    if (suffix === '') {
      await blank.page.goto(`${baseUrl}${prefix}/dashboard/reports`);
      await blank.page.getByTestId('reports-content').waitFor({ timeout: 30_000 });
      await screenshot(blank.page, screenshotDir, `reports-empty-${locale}-${theme}`);
      await full.page.goto(`${baseUrl}${prefix}/dashboard?month=2025-01`);
      await full.page.getByTestId('dashboard-content').waitFor({ timeout: 30_000 });
      await screenshot(full.page, screenshotDir, name('past-month'));
    }
    if (theme === 'dark' && suffix === '') {
      await full.page.emulateMedia({ media: 'print' });
      await screenshot(full.page, screenshotDir, `reports-${locale}-print`);
      await full.page.emulateMedia({ media: 'screen' });
    }
    assert.ok(messages['page.reports']);
  });
}
