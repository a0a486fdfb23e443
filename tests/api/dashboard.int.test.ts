import { beforeAll, describe, expect, it } from 'vitest';
import { dashboardSchema, reportsSchema } from '@plenty/contracts/views/dashboard';
import { ApiClient } from '../support/api-client.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { expenseBody } from '../support/transaction-body.js';
import { createTestUser, type TestUser } from '../support/users.js';

const env = useTestStandalone();
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [alice, bob] = await Promise.all([createTestUser(env.standalone), createTestUser(env.standalone)]);
});

const transaction = expenseBody;

describe('the dashboard and reports over HTTP', () => {
  it('give a user with no transactions zeros and no budget', async () => {
    const api = new ApiClient(env.standalone.app, await createTestUser(env.standalone));
    const answer = await api.query('dashboard');
    expect(answer.status).toBe(200);
    const dashboard = dashboardSchema.parse(answer.body);
    // The current month in the user's time zone (UTC until they set one).
    expect(dashboard.month).toBe(dashboard.today.slice(0, 7));
    expect(dashboard).toMatchObject({
      currency: 'LAK',
      totals: { income: 0, expense: 0, balance: 0 },
      perCurrency: [],
      count: 0,
      byCategory: [],
      recent: [],
      insight: { kind: 'no_data' },
      rule503020: { income: 0, needs: 0, wants: 0, savings: 0 },
    });
    expect(dashboard.budget).toMatchObject({ status: 'no_budget', limit: null, spent: 0, projectedTotal: 0 });
    expect(dashboard.daily.every((day) => day.income === 0 && day.expense === 0)).toBe(true);
    const reports = reportsSchema.parse((await api.query('reports')).body);
    expect(reports.insights).toEqual([{ kind: 'no_data' }]);
    expect(reports.highSpending).toEqual([]);
  });

  it('sum only the signed-in user’s own transactions, converted into their currency, reading their own writes', async () => {
    const aliceApi = new ApiClient(env.standalone.app, alice);
    const bobApi = new ApiClient(env.standalone.app, bob);
    expect(
      (await bobApi.command('AddTransaction', transaction({ amount: { amount: 999_999, currency: 'USD' } }))).status,
    ).toBe(200);
    for (const payload of [
      transaction(),
      transaction({ amount: { amount: 218_500, currency: 'LAK' }, categoryId: 'builtin-transport' }),
      transaction({ type: 'income', amount: { amount: 5000, currency: 'USD' }, categoryId: 'builtin-salary' }),
    ]) {
      expect((await aliceApi.command('AddTransaction', payload)).status).toBe(200);
    }
    const budget = await aliceApi.command('ChangePreferences', {
      changes: { currency: 'USD', monthlyBudget: { amount: 2000, currency: 'USD' } },
    });
    expect(budget.status).toBe(200);

    const answer = await aliceApi.query('dashboard?month=2026-11');
    expect(answer.status).toBe(200);
    const dashboard = dashboardSchema.parse(answer.body);
    // 120.50 THB at 32.45 is 3.71 USD; 218,500 LAK at 21,850 is 10.00 USD.
    expect(dashboard.totals).toEqual({ income: 5000, expense: 371 + 1000, balance: 5000 - 1371 });
    expect(dashboard.perCurrency).toEqual([
      { currency: 'LAK', income: 0, expense: 218_500 },
      { currency: 'THB', income: 0, expense: 12_050 },
      { currency: 'USD', income: 5000, expense: 0 },
    ]);
    expect(dashboard.budget).toMatchObject({ limit: 2000, spent: 1371, percentUsed: 6855, status: 'on_track' });
    expect(dashboard.recent).toHaveLength(3);

    const reports = reportsSchema.parse((await aliceApi.query('reports?month=2026-11')).body);
    expect(reports.highSpending.map((t) => t.converted)).toEqual([1000, 371]);
    expect(reports.netIncome).toBe(3629);
  });

  it('refuse a month that is not YYYY-MM with the field and its code', async () => {
    const api = new ApiClient(env.standalone.app, alice);
    for (const path of ['dashboard?month=2026-13', 'reports?month=November', 'dashboard?month=2026-11&extra=1']) {
      const answer = await api.query<{ error: { code: string; fields: Record<string, string> } }>(path);
      expect(answer.status, path).toBe(400);
      expect(answer.body.error.code, path).toBe('validation_failed');
    }
    const bad = await api.query<{ error: { fields: Record<string, string> } }>('dashboard?month=2026-13');
    expect(bad.body.error.fields).toEqual({ month: 'date_invalid' });
  });
});
