import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { budgetPlanSchema, type CategoryBudgetsSummary } from '@plenty/contracts/category-budgets';
import { addDays, monthOfDate } from '@plenty/contracts/calendar/date';
import { localDate } from '@plenty/contracts/calendar/zone';
import { budgetAlertsViewSchema } from '@plenty/contracts/views/budget-alerts';
import { dashboardSchema, reportsSchema } from '@plenty/contracts/views/dashboard';
import { addCategory } from '../support/categories.js';
import { ApiClient } from '../support/api-client.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { createTestUser } from '../support/users.js';

const env = useTestStandalone();
const thb = (amount: number) => ({ amount, currency: 'THB' });

async function userApi(): Promise<ApiClient> {
  const api = new ApiClient(env.standalone.app, await createTestUser(env.standalone));
  await ok(api, 'ChangePreferences', { changes: { currency: 'THB', timeZone: 'UTC' } });
  return api;
}

async function ok(api: ApiClient, name: string, payload: Record<string, unknown>): Promise<void> {
  const answer = await api.command(name, payload);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

const spend = (api: ApiClient, date: string, amount: number, categoryId: string, extra: Record<string, unknown> = {}) =>
  ok(api, 'AddTransaction', {
    transactionId: randomUUID(),
    type: 'expense',
    amount: thb(amount),
    categoryId,
    date,
    ...extra,
  });

const budget = (api: ApiClient, categoryId: string, month: string, limit: number | null, repeat: boolean) =>
  ok(api, 'SetCategoryBudget', { categoryId, month, limit: limit === null ? null : thb(limit), repeat });

async function categoryBudgetsOf(api: ApiClient, month: string): Promise<CategoryBudgetsSummary> {
  const answer = await api.query(`dashboard?month=${month}`);
  expect(answer.status).toBe(200);
  return dashboardSchema.parse(answer.body).categoryBudgets;
}

const line = (summary: CategoryBudgetsSummary, categoryId: string) =>
  summary.items.find((item) => item.categoryId === categoryId);

let alice: ApiClient;
let bob: ApiClient;

beforeAll(async () => {
  [alice, bob] = await Promise.all([userApi(), userApi()]);
});

describe('category budgets over HTTP', () => {
  it('keeps a carrying-on limit for later months and a month-only one for its month', async () => {
    await budget(alice, 'builtin-transport', '2024-03', 50_000, true);
    await budget(alice, 'builtin-transport', '2024-05', 20_000, false);
    const march = line(await categoryBudgetsOf(alice, '2024-03'), 'builtin-transport');
    expect(march).toMatchObject({ limit: 50_000, limitOriginal: thb(50_000), repeat: true, rollover: false });
    expect(line(await categoryBudgetsOf(alice, '2024-02'), 'builtin-transport')).toBeUndefined();
    expect(line(await categoryBudgetsOf(alice, '2024-05'), 'builtin-transport')).toMatchObject({
      limit: 20_000,
      repeat: false,
    });
    expect(line(await categoryBudgetsOf(alice, '2024-06'), 'builtin-transport')).toMatchObject({
      limit: 50_000,
      repeat: true,
    });
  });

  it('carries what was left month after month with rollover, never an overspend, and a month without a limit ends the chain', async () => {
    const api = await userApi();
    await budget(api, 'builtin-food', '2025-01', 100_000, true);
    await budget(api, 'builtin-food', '2025-04', null, false);
    await ok(api, 'SetCategoryRollover', { categoryId: 'builtin-food', rollover: true });
    await spend(api, '2025-01-10', 60_000, 'builtin-food');
    await spend(api, '2025-02-10', 150_000, 'builtin-food');
    await spend(api, '2025-03-10', 20_000, 'builtin-food');
    await spend(api, '2025-04-10', 5_000, 'builtin-food');
    await spend(api, '2025-05-10', 1_000, 'builtin-food');

    expect(line(await categoryBudgetsOf(api, '2025-01'), 'builtin-food')).toMatchObject({
      carried: 0,
      available: 100_000,
    });
    expect(line(await categoryBudgetsOf(api, '2025-02'), 'builtin-food')).toEqual({
      categoryId: 'builtin-food',
      limit: 100_000,
      limitOriginal: thb(100_000),
      repeat: true,
      rollover: true,
      carried: 40_000,
      available: 140_000,
      spent: 150_000,
      remaining: -10_000,
      percentUsed: 10_714,
      status: 'over',
    });
    // February's overspend carries nothing (not a debt): March has its own limit only.
    expect(line(await categoryBudgetsOf(api, '2025-03'), 'builtin-food')).toMatchObject({
      carried: 0,
      available: 100_000,
      remaining: 80_000,
      status: 'on_track',
    });
    const april = await categoryBudgetsOf(api, '2025-04');
    expect(line(april, 'builtin-food')).toBeUndefined();
    expect(april.unbudgeted).toBe(5_000);
    expect(april.unbudgetedCategories).toEqual([{ categoryId: 'builtin-food', spent: 5_000 }]);
    // April had no limit: March's 80,000 left does not reach May.
    expect(line(await categoryBudgetsOf(api, '2025-05'), 'builtin-food')).toMatchObject({ carried: 0, spent: 1_000 });
  });

  it('counts a split transaction in each line’s category budget and once in the overall budget', async () => {
    const api = await userApi();
    await ok(api, 'ChangePreferences', { changes: { monthlyBudget: thb(1_000_000) } });
    await budget(api, 'builtin-food', '2025-06', 10_000, false);
    await budget(api, 'builtin-shopping', '2025-06', 10_000, false);
    await spend(api, '2025-06-05', 10_000, 'builtin-food', {
      splits: [
        { categoryId: 'builtin-food', amount: 6_000 },
        { categoryId: 'builtin-shopping', amount: 4_000 },
      ],
    });
    await spend(api, '2025-06-06', 2_500, 'builtin-entertainment');
    const answer = await api.query('reports?month=2025-06');
    const reports = reportsSchema.parse(answer.body);
    expect(reports.budget.spent).toBe(12_500);
    expect(reports.categoryBudgets.items.map((item) => [item.categoryId, item.spent, item.status])).toEqual([
      ['builtin-food', 6_000, 'on_track'],
      ['builtin-shopping', 4_000, 'on_track'],
    ]);
    expect(reports.categoryBudgets).toMatchObject({
      budgeted: 20_000,
      spentBudgeted: 10_000,
      unbudgeted: 2_500,
      unbudgetedCategories: [{ categoryId: 'builtin-entertainment', spent: 2_500 }],
    });
  });

  it('copies one month’s limits to another, clearing what the source lacks, and copies nothing twice', async () => {
    const api = await userApi();
    await budget(api, 'builtin-transport', '2025-07', 30_000, false);
    await budget(api, 'builtin-health', '2025-08', 5_000, false);
    await ok(api, 'CopyCategoryBudgets', { from: '2025-07', to: '2025-08' });
    await ok(api, 'CopyCategoryBudgets', { from: '2025-07', to: '2025-08' });
    const plan = budgetPlanSchema.parse((await api.query('budgets?month=2025-08')).body);
    expect(plan.settings).toEqual([
      { categoryId: 'builtin-health', limit: null, repeat: false, previous: null, rollover: false },
      { categoryId: 'builtin-transport', limit: thb(30_000), repeat: false, previous: thb(30_000), rollover: false },
    ]);
    expect(plan.categories.items.map((item) => item.categoryId)).toEqual(['builtin-transport']);
    const same = await api.command('CopyCategoryBudgets', { from: '2025-08', to: '2025-08' });
    expect(same.status).toBe(400);
    expect(same.body.error?.fields).toEqual({ to: 'field_invalid' });
  });

  it('answers the budget page with this and last month’s spending by category', async () => {
    const api = await userApi();
    await budget(api, 'builtin-food', '2025-09', 40_000, true);
    await spend(api, '2025-09-03', 7_000, 'builtin-food');
    await spend(api, '2025-10-03', 9_000, 'builtin-food');
    await spend(api, '2025-10-04', 3_000, 'builtin-health');
    const plan = budgetPlanSchema.parse((await api.query('budgets?month=2025-10')).body);
    expect(plan).toMatchObject({ month: '2025-10', currency: 'THB', outOfRange: false });
    expect(plan.spending).toEqual([
      { categoryId: 'builtin-food', spent: 9_000, spentPrevious: 7_000 },
      { categoryId: 'builtin-health', spent: 3_000, spentPrevious: 0 },
    ]);
    expect(plan.settings).toEqual([
      { categoryId: 'builtin-food', limit: thb(40_000), repeat: true, previous: thb(40_000), rollover: false },
    ]);
    expect(plan.categories.items[0]).toMatchObject({ categoryId: 'builtin-food', spent: 9_000, remaining: 31_000 });
    expect((await api.query('budgets?month=2025-13')).status).toBe(400);
  });

  it('refuses an income category and a deleted one, and drops a deleted category’s budget', async () => {
    const api = await userApi();
    const refused = await api.command('SetCategoryBudget', {
      categoryId: 'builtin-salary',
      month: '2025-11',
      limit: thb(1),
      repeat: true,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error?.code).toBe('category_type_mismatch');

    const garden = await addCategory(api, 'Garden', { icon: 'leaf', color: '#2e7d32' });
    await budget(api, garden, '2025-11', 8_000, true);
    await spend(api, '2025-11-02', 2_000, garden);
    expect(line(await categoryBudgetsOf(api, '2025-11'), garden)).toMatchObject({ spent: 2_000 });
    await ok(api, 'DeleteCategory', { categoryId: garden, replacementCategoryId: 'builtin-other' });
    const after = await categoryBudgetsOf(api, '2025-11');
    expect(line(after, garden)).toBeUndefined();
    expect(after.unbudgetedCategories).toEqual([{ categoryId: 'builtin-other', spent: 2_000 }]);
    const gone = await api.command('SetCategoryBudget', {
      categoryId: garden,
      month: '2025-11',
      limit: thb(1),
      repeat: true,
    });
    expect(gone.status).toBe(404);
    expect(gone.body.error?.code).toBe('category_not_found');
  });

  it('never counts another user’s budgets or spending', async () => {
    await budget(bob, 'builtin-food', '2024-08', 1_000, true);
    await spend(bob, '2024-08-08', 999_000, 'builtin-food');
    await budget(alice, 'builtin-food', '2024-08', 70_000, false);
    await spend(alice, '2024-08-09', 7_000, 'builtin-food');
    const mine = await categoryBudgetsOf(alice, '2024-08');
    expect(mine.items.filter((item) => item.categoryId === 'builtin-food')).toEqual([
      expect.objectContaining({ limit: 70_000, spent: 7_000, status: 'on_track' }),
    ]);
    const theirs = await categoryBudgetsOf(bob, '2024-08');
    expect(theirs.items).toEqual([
      expect.objectContaining({ categoryId: 'builtin-food', spent: 999_000, status: 'over' }),
    ]);
  });

  it('answers a past day’s category budgets from the budget events up to that day', async () => {
    const api = await userApi();
    const today = localDate(new Date(), 'UTC');
    const month = monthOfDate(today);
    await budget(api, 'builtin-health', month, 9_000, true);
    await spend(api, today, 3_000, 'builtin-health');
    const now = dashboardSchema.parse((await api.query(`dashboard?month=${month}&asOf=${today}`)).body);
    expect(line(now.categoryBudgets, 'builtin-health')).toMatchObject({ limit: 9_000, spent: 3_000 });
    const yesterday = addDays(today, -1);
    const before = dashboardSchema.parse((await api.query(`dashboard?month=${month}&asOf=${yesterday}`)).body);
    expect(before.categoryBudgets.items).toEqual([]);
  });

  it('raises a category’s spending alerts only while the categoryAlerts preference is on', async () => {
    const api = await userApi();
    const today = localDate(new Date(), 'UTC');
    const month = monthOfDate(today);
    await ok(api, 'ChangePreferences', { changes: { categoryAlerts: false } });
    await budget(api, 'builtin-food', month, 10_000, false);
    await spend(api, today, 8_000, 'builtin-food');
    const off = budgetAlertsViewSchema.parse((await api.query(`budget-alerts?month=${month}`)).body);
    expect(off.alerts).toEqual([]);

    await ok(api, 'ChangePreferences', { changes: { categoryAlerts: true } });
    await spend(api, today, 2_500, 'builtin-food');
    const on = budgetAlertsViewSchema.parse((await api.query(`budget-alerts?month=${month}`)).body);
    expect(on.alerts.map((alert) => [alert.categoryId, alert.level])).toEqual([
      ['builtin-food', 'approaching'],
      ['builtin-food', 'over'],
    ]);
    expect(on.alerts[1]).toMatchObject({ spent: 10_500, limit: 10_000, currency: 'THB' });
  });
});
