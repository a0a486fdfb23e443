import { PREFERENCES_VIEW, RECURRING_RULES_VIEW } from '@plenty/contracts/views/registry';
import type { RecurringRuleDoc } from '@plenty/contracts/views/recurring';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES_VIEW, PREFERENCES_DOC_ID, type PreferencesView } from '@plenty/contracts/preferences';
import { dashboardSchema, reportsSchema, type Dashboard, type Reports } from '@plenty/contracts/views/dashboard';
import { bearer, fakeVerifier } from '@plenty/platform/auth/fake-verifier';
import { requireAuth } from '@plenty/platform/http/auth-hook';
import { installErrorHandling } from '@plenty/platform/http/errors';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { allProjections } from '@plenty/projections/all';
import { eventLog, type EventLog } from '@plenty/projections/testing/events';
import { applyEvents, scratchReadStore } from '@plenty/projections/testing/memory-read-store';
import { RULE_A, RULE_B, RULE_C, RULE_D, RULE_E, rent, ruleDoc, weekly } from '../recurring/recurring-fixture.js';
import { reportsRoutes } from '../report/reports.routes.js';
import { dashboardRoutes } from './dashboard.routes.js';

let store: ReadStore;
let dispose: () => Promise<void>;
let app: FastifyInstance;
let log: EventLog;
let now: Date;

beforeEach(async () => {
  ({ store, dispose } = await scratchReadStore(allProjections));
  log = eventLog();
  now = new Date('2026-11-10T12:00:00Z');
  app = Fastify();
  installErrorHandling(app);
  requireAuth(app, fakeVerifier);
  dashboardRoutes(app, store, () => now);
  reportsRoutes(app, store, () => now);
  await app.ready();
});
afterEach(async () => {
  await app.close();
  await dispose();
});

const given = (...events: Parameters<typeof applyEvents>[2]) => applyEvents(store, allProjections, events);

/** The preferences document as the preferences projection leaves it, written after every event of the test. */
let preferencesPosition = 1_000_000;
async function preferences(userId: string, changes: Partial<PreferencesView>): Promise<void> {
  const position = String((preferencesPosition += 1));
  await store.applyBatch('preferences-test', position, async (uow) => {
    uow.put(PREFERENCES_VIEW, userId, PREFERENCES_DOC_ID, { ...DEFAULT_PREFERENCES_VIEW, ...changes }, position);
  });
}

/** Rule documents as the recurring projection leaves them, written after every event of the test. */
async function rules(userId: string, docs: readonly RecurringRuleDoc[]): Promise<void> {
  const position = String((preferencesPosition += 1));
  await store.applyBatch('recurring-test', position, async (uow) => {
    for (const doc of docs) uow.put(RECURRING_RULES_VIEW, userId, doc.id, { ...doc }, position);
  });
}

const get = (url: string, uid = 'alice') => app.inject({ method: 'GET', url, headers: { authorization: bearer(uid) } });

async function dashboard(query = '', uid = 'alice'): Promise<Dashboard> {
  const answer = await get(`/dashboard${query}`, uid);
  expect(answer.statusCode, answer.body).toBe(200);
  return dashboardSchema.parse(answer.json());
}

async function reports(query = '', uid = 'alice'): Promise<Reports> {
  const answer = await get(`/reports${query}`, uid);
  expect(answer.statusCode, answer.body).toBe(200);
  return reportsSchema.parse(answer.json());
}

describe('GET /dashboard in the display currency', () => {
  beforeEach(async () => {
    await preferences('alice', {
      currency: 'USD',
      timeZone: 'Asia/Vientiane',
      // 486.75 THB is 15.00 USD at the bundled 32.45.
      monthlyBudget: { amount: 48_675, currency: 'THB' },
    });
    await given(
      // 218,500 LAK is 10.00 USD at 21,850; 32.45 THB is 1.00 USD.
      log.transactionAdded('alice', 'rent', { amount: { amount: 218_500, currency: 'LAK' }, date: '2026-11-02' }),
      log.transactionAdded('alice', 'snack1', { amount: { amount: 100, currency: 'LAK' }, date: '2026-11-03' }),
      log.transactionAdded('alice', 'snack2', { amount: { amount: 100, currency: 'LAK' }, date: '2026-11-03' }),
      log.transactionAdded('alice', 'taxi', {
        amount: { amount: 3245, currency: 'THB' },
        categoryId: 'builtin-transport',
        date: '2026-11-03',
      }),
      log.transactionAdded('alice', 'pay', {
        type: 'income',
        amount: { amount: 5000, currency: 'USD' },
        categoryId: 'builtin-salary',
        date: '2026-11-01',
      }),
      log.transactionAdded('alice', 'october', { amount: { amount: 2000, currency: 'USD' }, date: '2026-10-15' }),
    );
  });

  it('converts each currency total once and keeps the recorded sums beside them', async () => {
    const answer = await dashboard();
    expect(answer).toMatchObject({ month: '2026-11', today: '2026-11-10', currency: 'USD', ratesDate: '2026-11-01' });
    // 218,700 LAK converts to 10.01 USD as one total; each 100 LAK alone would round to 0.00.
    expect(answer.totals).toEqual({ income: 5000, expense: 1001 + 100, balance: 5000 - 1101 });
    expect(answer.perCurrency).toEqual([
      { currency: 'LAK', income: 0, expense: 218_700 },
      { currency: 'THB', income: 0, expense: 3245 },
      { currency: 'USD', income: 5000, expense: 0 },
    ]);
    expect(answer.count).toBe(5);
  });

  it('tracks the budget set in another currency on the user local calendar', async () => {
    const { budget } = await dashboard();
    expect(budget).toEqual({
      status: 'on_track',
      limit: 1500,
      limitOriginal: { amount: 48_675, currency: 'THB' },
      spent: 1101,
      remaining: 399,
      percentUsed: 7340,
      dailyAverage: 110,
      daysInMonth: 30,
      daysElapsed: 10,
      daysLeft: 20,
      projectedTotal: 3303,
      scheduledExpense: 0,
      projectedStatus: 'over',
    });
  });

  it("adds the month's recurring expenses still to come to the projection, each currency converted once", async () => {
    const taxi = rent({ amount: { amount: 3245, currency: 'THB' }, mode: 'confirm', schedule: weekly('2026-11-03') });
    await rules('alice', [
      // 25 November: 10.00 USD.
      ruleDoc(
        RULE_A,
        rent({
          amount: { amount: 218_500, currency: 'LAK' },
          schedule: { ...rent().schedule, startDate: '2026-08-25' },
        }),
        {
          handledThrough: '2026-10-25',
        },
      ),
      // Tuesdays: 17 November skipped, 24 November to come (1.00 USD).
      ruleDoc(RULE_B, taxi, { handledThrough: '2026-11-10', skipped: ['2026-11-17'] }),
      // Today's occurrence is not after today; income and paused rules are no expense to come.
      ruleDoc(RULE_C, rent({ schedule: { ...rent().schedule, startDate: '2026-11-10' } })),
      ruleDoc(RULE_D, rent({ type: 'income', schedule: { ...rent().schedule, startDate: '2026-11-20' } })),
      ruleDoc(RULE_E, rent({ schedule: { ...rent().schedule, startDate: '2026-11-20' } }), {
        status: 'paused',
        pausedOn: '2026-11-09',
      }),
    ]);
    const { budget } = await dashboard();
    expect(budget).toMatchObject({ scheduledExpense: 1000 + 100, projectedTotal: 3303 + 1100 });
    expect((await reports()).budget).toMatchObject({ scheduledExpense: 1100, projectedTotal: 4403 });
    // December is to come whole: five Tuesdays, and 218,500 + 1,500,000 kip (78.65 USD) on the 10th and 25th.
    expect((await dashboard('?month=2026-12')).budget.scheduledExpense).toBe(7865 + 5 * 100);
    expect((await dashboard('?month=2026-10')).budget.scheduledExpense).toBe(0);
  });

  it('lists categories, every day, twelve months and the newest transactions', async () => {
    const answer = await dashboard();
    expect(answer.byCategory).toEqual([
      { categoryId: 'builtin-food', income: 0, expense: 1001, count: 3 },
      { categoryId: 'builtin-transport', income: 0, expense: 100, count: 1 },
      { categoryId: 'builtin-salary', income: 5000, expense: 0, count: 1 },
    ]);
    expect(answer.daily).toHaveLength(30);
    expect(answer.daily.slice(0, 3)).toEqual([
      { date: '2026-11-01', income: 5000, expense: 0 },
      { date: '2026-11-02', income: 0, expense: 1000 },
      // 200 LAK (0.0092 USD) and 32.45 THB, each currency converted once.
      { date: '2026-11-03', income: 0, expense: 1 + 100 },
    ]);
    expect(answer.months.map((m) => m.month)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(answer.months.slice(-2)).toEqual([
      { month: '2026-10', income: 0, expense: 2000 },
      { month: '2026-11', income: 5000, expense: 1101 },
    ]);
    expect(answer.recent.map((t) => t.id)).toEqual(['taxi', 'snack2', 'snack1', 'rent', 'pay']);
    expect(answer.rule503020).toEqual({ income: 5000, needs: 2500, wants: 1500, savings: 1000 });
  });

  it('tips the category that grew most since last month, with both amounts', async () => {
    expect((await dashboard()).insight).toEqual({
      kind: 'category_increase',
      categoryId: 'builtin-transport',
      previous: 0,
      current: 100,
    });
    // October against September (nothing): food grew from 0.
    expect((await dashboard('?month=2026-10')).insight).toEqual({
      kind: 'category_increase',
      categoryId: 'builtin-food',
      previous: 0,
      current: 2000,
    });
    // December has nothing yet: spending is down from November.
    expect((await dashboard('?month=2026-12')).insight).toEqual({ kind: 'spending_down', previous: 1101, current: 0 });
  });

  it('answers in the currency the user displays, converting the same sums', async () => {
    await preferences('alice', { currency: 'LAK', timeZone: 'Asia/Vientiane', monthlyBudget: null });
    const answer = await dashboard();
    // 32.45 THB is 21,850 LAK; 50.00 USD is 1,092,500 LAK.
    expect(answer.totals).toEqual({ income: 1_092_500, expense: 218_700 + 21_850, balance: 1_092_500 - 240_550 });
    expect(answer.budget).toMatchObject({ status: 'no_budget', limit: null, remaining: null });
  });
});

describe('the month shown by default', () => {
  it('is the current month in the user time zone: already December in Vientiane, still November in UTC', async () => {
    now = new Date('2026-11-30T18:30:00Z');
    await preferences('alice', { timeZone: 'Asia/Vientiane' });
    expect(await dashboard()).toMatchObject({ month: '2026-12', today: '2026-12-01' });
    const utc = await dashboard('', 'bob');
    expect(utc).toMatchObject({ month: '2026-11', today: '2026-11-30' });
    expect(utc.budget).toMatchObject({ daysLeft: 0, daysElapsed: 30 });
  });

  it('falls back to UTC for a time zone the runtime does not know', async () => {
    now = new Date('2026-11-30T18:30:00Z');
    await preferences('alice', { timeZone: 'Mars/Olympus_Mons' });
    expect(await dashboard()).toMatchObject({ month: '2026-11', today: '2026-11-30' });
  });
});

describe('GET /reports', () => {
  beforeEach(async () => {
    await preferences('alice', { currency: 'USD', monthlyBudget: { amount: 2000, currency: 'USD' } });
    await given(
      log.transactionAdded('alice', 'lak', { amount: { amount: 218_500, currency: 'LAK' }, date: '2026-11-02' }),
      log.transactionAdded('alice', 'thb', {
        amount: { amount: 50_000, currency: 'THB' },
        categoryId: 'builtin-shopping',
        date: '2026-11-03',
      }),
      log.transactionAdded('alice', 'usd', { amount: { amount: 900, currency: 'USD' }, date: '2026-11-04' }),
      log.transactionAdded('alice', 'gift', {
        type: 'income',
        amount: { amount: 3000, currency: 'USD' },
        categoryId: 'builtin-gifts',
        date: '2026-11-05',
      }),
      log.transactionAdded('bob', 'bobs', { amount: { amount: 99_999, currency: 'USD' }, date: '2026-11-04' }),
    );
  });

  it('warns of a projected overspend that only the recurring expenses to come make', async () => {
    await preferences('carol', { currency: 'USD', monthlyBudget: { amount: 10_000, currency: 'USD' } });
    await given(
      log.transactionAdded('carol', 'lunch', { amount: { amount: 1000, currency: 'USD' }, date: '2026-11-02' }),
    );
    const kinds = async () => (await reports('', 'carol')).insights.map((insight) => insight.kind);
    expect(await kinds()).not.toContain('projected_over_budget');
    const fees = rent({
      amount: { amount: 8000, currency: 'USD' },
      schedule: { ...rent().schedule, startDate: '2026-11-20', end: { kind: 'after', count: 1 } },
    });
    await rules('carol', [ruleDoc(RULE_A, fees)]);
    expect((await reports('', 'carol')).insights).toContainEqual({
      kind: 'projected_over_budget',
      projectedTotal: 3000 + 8000,
      limit: 10_000,
    });
    expect((await dashboard('', 'carol')).budget).toMatchObject({ projectedStatus: 'over', scheduledExpense: 8000 });
  });

  it('ranks the largest expenses by their value in the display currency, not by raw minor units', async () => {
    const answer = await reports('?month=2026-11');
    // 500 THB is 15.41 USD; 218,500 LAK is 10.00 USD.
    expect(answer.highSpending.map((t) => [t.id, t.converted])).toEqual([
      ['thb', 1541],
      ['lak', 1000],
      ['usd', 900],
    ]);
    expect(answer.highSpending[0]?.amount).toEqual({ amount: 50_000, currency: 'THB' });
  });

  it('breaks the month down with shares that add up to 100 % and six months of budget performance', async () => {
    const answer = await reports('?month=2026-11');
    expect(answer.netIncome).toBe(3000 - 3441);
    expect(answer.daysRemaining).toBe(20);
    expect(answer.categoryBreakdown.expense).toEqual([
      { categoryId: 'builtin-food', type: 'expense', amount: 1900, count: 2, share: 5522 },
      { categoryId: 'builtin-shopping', type: 'expense', amount: 1541, count: 1, share: 4478 },
    ]);
    expect(answer.categoryBreakdown.income).toEqual([
      { categoryId: 'builtin-gifts', type: 'income', amount: 3000, count: 1, share: 10_000 },
    ]);
    // The user's first transaction is in November: the months before have no data, not "on track".
    expect(answer.budgetPerformance.map((p) => [p.month, p.spent, p.status, p.percentUsed])).toEqual([
      ['2026-06', 0, 'no_data', null],
      ['2026-07', 0, 'no_data', null],
      ['2026-08', 0, 'no_data', null],
      ['2026-09', 0, 'no_data', null],
      ['2026-10', 0, 'no_data', null],
      ['2026-11', 3441, 'over', 17_205],
    ]);
  });

  it('lists the insights that apply, the exceeded budget first', async () => {
    const answer = await reports('?month=2026-11');
    expect(answer.insights).toEqual([
      { kind: 'over_budget', spent: 3441, limit: 2000 },
      { kind: 'savings_rate', income: 3000, expense: 3441, rate: -1470 },
      { kind: 'category_increase', categoryId: 'builtin-food', previous: 0, current: 1900 },
      { kind: 'spending_up', previous: 0, current: 3441 },
      { kind: 'top_category', categoryId: 'builtin-food', expense: 1900, share: 5522 },
    ]);
  });

  it('has nothing to say about an empty month', async () => {
    const answer = await reports('?month=2025-01');
    expect(answer.insights).toEqual([{ kind: 'no_data' }]);
    expect(answer.highSpending).toEqual([]);
    expect(answer.budget).toMatchObject({ daysLeft: 0, spent: 0, status: 'no_data', percentUsed: null });
  });
});

describe('a month that is not YYYY-MM', () => {
  it('answers 400 on the month field for both routes', async () => {
    for (const url of ['/dashboard?month=2026-13', '/reports?month=11-2026', '/dashboard?month=']) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json(), url).toMatchObject({
        error: { code: 'validation_failed', fields: { month: 'date_invalid' } },
      });
    }
  });
});
