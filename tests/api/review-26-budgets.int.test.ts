import { describe, expect, it } from 'vitest';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { budgetPlanSchema, type CategoryBudgetsSummary } from '@plenty/contracts/category-budgets';
import { monthOfDate } from '@plenty/contracts/calendar/date';
import { DEFAULT_RATES } from '@plenty/contracts/rates';
import { localDate } from '@plenty/contracts/calendar/zone';
import { budgetAlertsViewSchema } from '@plenty/contracts/views/budget-alerts';
import { dashboardSchema, rangeReportSchema, reportsSchema } from '@plenty/contracts/views/dashboard';
import { ApiClient } from '../support/api-client.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { createTestUser } from '../support/users.js';
import { queryOk, sendOk } from '../support/wallets.js';

/*
 * Category budgets where they meet other features: a limit in dollars over spending in kip and
 * baht, a split line crossing a category's limit, copying onto a month with limits of its own and
 * from one with a deleted category's limit, and the reports and the range report agreeing.
 */

const env = useTestStandalone();
const RATES = { ...DEFAULT_RATES, USD: '1', THB: '30', LAK: '20000' };

async function newUser(): Promise<ApiClient> {
  const api = new ApiClient(env.standalone.app, await createTestUser(env.standalone));
  await sendOk(api, 'ChangePreferences', { changes: { currency: 'THB', timeZone: 'UTC' } });
  await sendOk(api, 'SetExchangeRates', { rates: RATES });
  return api;
}

const spend = (
  api: ApiClient,
  date: string,
  amount: { amount: number; currency: string },
  categoryId: string,
  extra = {},
) => sendOk(api, 'AddTransaction', { transactionId: uuidV7(), type: 'expense', amount, categoryId, date, ...extra });

async function summary(api: ApiClient, month: string): Promise<CategoryBudgetsSummary> {
  return dashboardSchema.parse(await queryOk(api, `dashboard?month=${month}`)).categoryBudgets;
}

describe('category budgets across currencies, splits, copies and deletions', () => {
  it('converts a dollar limit and kip and baht spending into the display currency, rollover included', async () => {
    const api = await newUser();
    await sendOk(api, 'SetCategoryBudget', {
      categoryId: 'builtin-food',
      month: '2026-01',
      limit: { amount: 1_000, currency: 'USD' },
      repeat: true,
    });
    await sendOk(api, 'SetCategoryRollover', { categoryId: 'builtin-food', rollover: true });
    await spend(api, '2026-01-05', { amount: 10_000, currency: 'THB' }, 'builtin-food');
    await spend(api, '2026-01-06', { amount: 40_000, currency: 'LAK' }, 'builtin-food');
    const january = await summary(api, '2026-01');
    expect(january.items).toEqual([
      expect.objectContaining({
        categoryId: 'builtin-food',
        limit: 30_000,
        limitOriginal: { amount: 1_000, currency: 'USD' },
        carried: 0,
        available: 30_000,
        spent: 16_000,
        remaining: 14_000,
      }),
    ]);
    const february = await summary(api, '2026-02');
    expect(february.items[0]).toMatchObject({ limit: 30_000, carried: 14_000, available: 44_000, spent: 0 });
    // The reports of the month answer the same.
    const reports = reportsSchema.parse(await queryOk(api, 'reports?month=2026-01'));
    expect(reports.categoryBudgets).toEqual(january);
    const plan = budgetPlanSchema.parse(await queryOk(api, 'budgets?month=2026-01'));
    expect(plan.categories).toEqual(january);
  });

  it('raises a category’s alert from a split line, never from the rest of the transaction', async () => {
    const api = await newUser();
    const today = localDate(new Date(), 'UTC');
    const month = monthOfDate(today);
    await sendOk(api, 'SetCategoryBudget', {
      categoryId: 'builtin-transport',
      month,
      limit: { amount: 10_000, currency: 'THB' },
      repeat: false,
    });
    await sendOk(api, 'SetCategoryBudget', {
      categoryId: 'builtin-food',
      month,
      limit: { amount: 100_000, currency: 'THB' },
      repeat: false,
    });
    await spend(api, today, { amount: 50_000, currency: 'THB' }, 'builtin-food', {
      splits: [
        { categoryId: 'builtin-food', amount: 41_000 },
        { categoryId: 'builtin-transport', amount: 9_000 },
      ],
    });
    const alerts = budgetAlertsViewSchema.parse(await queryOk(api, `budget-alerts?month=${month}`));
    expect(alerts.alerts.map((alert) => [alert.categoryId, alert.level, alert.spent])).toEqual([
      ['builtin-transport', 'critical', 9_000],
    ]);
    const line = (await summary(api, month)).items.find((item) => item.categoryId === 'builtin-food');
    expect(line).toMatchObject({ spent: 41_000, status: 'on_track' });
  });

  it('copies onto a month with limits of its own, and skips a deleted category’s limit', async () => {
    const api = await newUser();
    const garden = uuidV7();
    await sendOk(api, 'AddCategory', {
      categoryId: garden,
      name: 'Garden',
      type: 'expense',
      icon: 'cart',
      color: '#336699',
    });
    const thb = (amount: number) => ({ amount, currency: 'THB' });
    const set = (categoryId: string, month: string, amount: number | null, repeat: boolean) =>
      sendOk(api, 'SetCategoryBudget', { categoryId, month, limit: amount === null ? null : thb(amount), repeat });
    await set('builtin-food', '2025-01', 50_000, true);
    await set('builtin-transport', '2025-01', 20_000, false);
    await set(garden, '2025-01', 7_000, false);
    await set('builtin-shopping', '2025-03', 9_000, false);
    await set('builtin-food', '2025-03', 1_000, false);
    await sendOk(api, 'DeleteCategory', { categoryId: garden, replacementCategoryId: 'builtin-other' });
    await sendOk(api, 'CopyCategoryBudgets', { from: '2025-01', to: '2025-03' });
    const march = await summary(api, '2025-03');
    expect(
      march.items.map((item) => [item.categoryId, item.limit]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['builtin-food', 50_000],
      ['builtin-transport', 20_000],
    ]);
    // April goes back to what carries on.
    const april = await summary(api, '2025-04');
    expect(april.items.map((item) => [item.categoryId, item.limit])).toEqual([['builtin-food', 50_000]]);
  });

  it('answers the range report’s budget by month and the month’s reports alike for a split day', async () => {
    const api = await newUser();
    await sendOk(api, 'ChangePreferences', { changes: { monthlyBudget: { amount: 100_000, currency: 'THB' } } });
    await spend(api, '2025-06-30', { amount: 30_000, currency: 'THB' }, 'builtin-food', {
      splits: [
        { categoryId: 'builtin-food', amount: 10_000 },
        { categoryId: 'builtin-transport', amount: 20_000 },
      ],
    });
    const range = rangeReportSchema.parse(await queryOk(api, 'reports/range?from=2025-06-30&to=2025-06-30'));
    expect(range.count).toBe(1);
    expect(range.totals.expense).toBe(30_000);
    expect(range.categoryBreakdown.expense.map((share) => [share.categoryId, share.amount])).toEqual([
      ['builtin-transport', 20_000],
      ['builtin-food', 10_000],
    ]);
    expect(range.daily.map((day) => [day.date, day.expense])).toEqual([['2025-06-30', 30_000]]);
    const tenYears = await api.query('reports/range?from=2016-01-01&to=2025-12-31');
    expect(tenYears.status, JSON.stringify(tenYears.body)).toBe(200);
    const parsed = rangeReportSchema.parse(tenYears.body);
    expect(parsed.count).toBe(1);
    expect(parsed.months).toHaveLength(120);
    expect(parsed.totals.expense).toBe(30_000);
  });
});
