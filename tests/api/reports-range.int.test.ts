import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@plenty/contracts/calendar/date';
import { rangeReportSchema, type RangeReport } from '@plenty/contracts/views/dashboard';
import { ApiClient } from '../support/api-client.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { createTestUser } from '../support/users.js';

const env = useTestStandalone();
const thb = (amount: number) => ({ amount, currency: 'THB' });

interface Recorded {
  readonly date: string;
  readonly type: 'income' | 'expense';
  readonly amount: number;
  readonly parts: readonly { readonly categoryId: string; readonly amount: number }[];
}

const recorded: Recorded[] = [];
let api: ApiClient;

async function add(entry: Recorded): Promise<void> {
  const split = entry.parts.length > 1;
  const answer = await api.command('AddTransaction', {
    transactionId: randomUUID(),
    type: entry.type,
    amount: thb(entry.amount),
    categoryId: entry.parts[0]?.categoryId,
    date: entry.date,
    ...(split ? { splits: entry.parts.map((part) => ({ categoryId: part.categoryId, amount: part.amount })) } : {}),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  recorded.push(entry);
}

const expense = (date: string, amount: number, categoryId = 'builtin-food'): Recorded => ({
  date,
  type: 'expense',
  amount,
  parts: [{ categoryId, amount }],
});

/** What the range should hold, counted one transaction (and split line) at a time. */
function expected(from: string, to: string) {
  const inside = recorded.filter((entry) => entry.date >= from && entry.date <= to);
  const sum = (type: 'income' | 'expense') =>
    inside.filter((entry) => entry.type === type).reduce((total, entry) => total + entry.amount, 0);
  const byCategory = new Map<string, number>();
  for (const entry of inside.filter((e) => e.type === 'expense'))
    for (const part of entry.parts)
      byCategory.set(part.categoryId, (byCategory.get(part.categoryId) ?? 0) + part.amount);
  return { count: inside.length, income: sum('income'), expense: sum('expense'), byCategory };
}

/** The days of the range that have transactions, in order. */
const expectedDays = (from: string, to: string): string[] =>
  recorded
    .filter((entry) => entry.date >= from && entry.date <= to)
    .map((entry) => entry.date)
    .sort();

async function report(from: string, to: string): Promise<RangeReport> {
  const answer = await api.query(`reports/range?from=${from}&to=${to}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return rangeReportSchema.parse(answer.body);
}

function expectSameAsOneByOne(answer: RangeReport): void {
  const counted = expected(answer.from, answer.to);
  expect(answer.count).toBe(counted.count);
  expect(answer.totals).toEqual({
    income: counted.income,
    expense: counted.expense,
    balance: counted.income - counted.expense,
  });
  expect(answer.netIncome).toBe(counted.income - counted.expense);
  expect(new Map(answer.categoryBreakdown.expense.map((share) => [share.categoryId, share.amount]))).toEqual(
    counted.byCategory,
  );
  expect(answer.months.reduce((total, month) => total + month.expense, 0)).toBe(counted.expense);
}

beforeAll(async () => {
  api = new ApiClient(env.standalone.app, await createTestUser(env.standalone));
  const answer = await api.command('ChangePreferences', {
    changes: { currency: 'THB', timeZone: 'UTC', monthlyBudget: thb(100_000) },
  });
  expect(answer.status).toBe(200);
  // Another user's transactions in the same days never count.
  const other = new ApiClient(env.standalone.app, await createTestUser(env.standalone));
  await other.command('AddTransaction', {
    transactionId: randomUUID(),
    type: 'expense',
    amount: thb(777_777),
    categoryId: 'builtin-food',
    date: '2025-02-14',
  });
  await add(expense('2024-12-31', 1_111));
  await add(expense('2025-01-01', 2_000, 'builtin-transport'));
  await add(expense('2025-01-19', 3_000));
  await add(expense('2025-01-20', 4_500, 'builtin-health'));
  await add({
    date: '2025-01-25',
    type: 'income',
    amount: 50_000,
    parts: [{ categoryId: 'builtin-salary', amount: 50_000 }],
  });
  await add({
    date: '2025-01-31',
    type: 'expense',
    amount: 10_000,
    parts: [
      { categoryId: 'builtin-food', amount: 7_000 },
      { categoryId: 'builtin-shopping', amount: 3_000 },
    ],
  });
  await add(expense('2025-02-01', 600));
  await add(expense('2025-02-14', 25_000, 'builtin-entertainment'));
  await add(expense('2025-02-28', 900));
  await add(expense('2025-03-01', 1_300, 'builtin-transport'));
  await add(expense('2025-03-10', 8_000));
  await add({
    date: '2025-03-11',
    type: 'income',
    amount: 20_000,
    parts: [{ categoryId: 'builtin-salary', amount: 20_000 }],
  });
  await add(expense('2025-07-01', 700));
  await add(expense('2025-07-04', 40_000, 'builtin-housing'));
  await add({
    date: '2025-07-15',
    type: 'expense',
    amount: 1_000,
    parts: [
      { categoryId: 'builtin-food', amount: 400 },
      { categoryId: 'builtin-transport', amount: 600 },
    ],
  });
  await add({
    date: '2025-07-20',
    type: 'income',
    amount: 9_000,
    parts: [{ categoryId: 'builtin-salary', amount: 9_000 }],
  });
  await add(expense('2025-07-31', 1_200, 'builtin-shopping'));
  await add(expense('2026-01-01', 500));
});

describe('reports over a range of dates', () => {
  it('counts the days of partial months at both ends and the whole months between, split lines by category', async () => {
    const answer = await report('2025-01-20', '2025-03-10');
    expectSameAsOneByOne(answer);
    expect(answer.count).toBe(8);
    expect(answer.months).toEqual([
      { month: '2025-01', income: 50_000, expense: 14_500 },
      { month: '2025-02', income: 0, expense: 26_500 },
      { month: '2025-03', income: 0, expense: 9_300 },
    ]);
    expect(answer.daily).toHaveLength(50);
    expect(answer.daily.find((day) => day.date === '2025-01-31')).toEqual({
      date: '2025-01-31',
      income: 0,
      expense: 10_000,
    });
    expect(answer.highSpending.map((item) => [item.date, item.converted])).toEqual([
      ['2025-02-14', 25_000],
      ['2025-01-31', 10_000],
      ['2025-03-10', 8_000],
      ['2025-01-20', 4_500],
      ['2025-03-01', 1_300],
      ['2025-02-28', 900],
      ['2025-02-01', 600],
    ]);
    expect(answer.budgetPerformance.map((month) => [month.month, month.spent, month.status])).toEqual([
      ['2025-01', 19_500, 'on_track'],
      ['2025-02', 26_500, 'on_track'],
      ['2025-03', 9_300, 'on_track'],
    ]);
    expect(answer.insights.map((insight) => insight.kind)).toEqual(['savings_rate', 'top_category']);
  });

  it('answers one day', async () => {
    const answer = await report('2025-01-31', '2025-01-31');
    expectSameAsOneByOne(answer);
    expect(answer.count).toBe(1);
    expect(answer.daily).toEqual([{ date: '2025-01-31', income: 0, expense: 10_000 }]);
    expect(answer.months).toEqual([{ month: '2025-01', income: 0, expense: 10_000 }]);
    expect(answer.insights).toEqual([
      { kind: 'no_income', expense: 10_000 },
      expect.objectContaining({ kind: 'top_category', categoryId: 'builtin-food' }),
    ]);
  });

  it('answers a year by its months, without days', async () => {
    const answer = await report('2025-01-01', '2025-12-31');
    expectSameAsOneByOne(answer);
    expect(answer.months).toHaveLength(12);
    expect(answer.daily).toEqual([]);
    expect(answer.budgetPerformance).toHaveLength(12);
  });

  it('equals the transactions counted one by one over every range of a sample of edges', async () => {
    const edges = [
      '2024-12-30',
      '2025-01-01',
      '2025-01-19',
      '2025-01-31',
      '2025-02-15',
      '2025-03-01',
      '2025-03-11',
      '2026-01-01',
    ];
    for (const from of edges)
      for (const to of edges.filter((edge) => edge >= from).slice(0, 3)) expectSameAsOneByOne(await report(from, to));
  });

  it('counts most of a month as the month less its other days, at either end or both, as one by one', async () => {
    for (const [from, to] of [
      ['2025-07-01', '2025-07-30'],
      ['2025-07-02', '2025-07-31'],
      ['2025-07-02', '2025-07-30'],
      ['2025-07-05', '2025-07-25'],
      ['2025-06-20', '2025-07-19'],
      ['2025-07-14', '2025-08-31'],
      ['2025-01-02', '2025-03-30'],
    ] as const) {
      const answer = await report(from, to);
      expectSameAsOneByOne(answer);
      const days = answer.daily.filter((day) => day.expense > 0 || day.income > 0).map((day) => day.date);
      expect(days, `${from}..${to}`).toEqual([...new Set(expectedDays(from, to))]);
    }
  });

  it('answers nothing for a range without transactions', async () => {
    const answer = await report('2025-05-01', addDays('2025-05-01', 9));
    expect(answer).toMatchObject({
      count: 0,
      totals: { income: 0, expense: 0, balance: 0 },
      insights: [{ kind: 'no_data' }],
    });
    expect(answer.daily).toHaveLength(10);
  });

  it('refuses a range that ends before it starts, one too long and a date before 2000', async () => {
    const backwards = await api.query<{ error: { fields: Record<string, string> } }>(
      'reports/range?from=2025-03-01&to=2025-02-28',
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.fields).toEqual({ to: 'date_range_invalid' });
    const long = await api.query<{ error: { fields: Record<string, string> } }>(
      'reports/range?from=2010-01-01&to=2020-01-31',
    );
    expect(long.status).toBe(400);
    expect(long.body.error.fields).toEqual({ to: 'date_range_too_long' });
    expect((await api.query('reports/range?from=2015-01-01&to=2025-01-07')).status).toBe(200);
    const early = await api.query<{ error: { fields: Record<string, string> } }>(
      'reports/range?from=1999-12-31&to=2000-01-02',
    );
    expect(early.status).toBe(400);
    expect(early.body.error.fields).toEqual({ from: 'date_invalid' });
  });
});
