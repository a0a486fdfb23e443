import { describe, expect, it } from 'vitest';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import type { BudgetPlan } from '@plenty/contracts/category-budgets';
import type { Dashboard, RangeReport, Reports } from '@plenty/contracts/views/dashboard';
import type { TransactionTotals, TransactionView } from '@plenty/contracts/views/transactions';
import type { WalletList } from '@plenty/contracts/views/wallets';
import { ApiClient } from '../support/api-client.js';
import { parseCsv } from '../support/csv.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { createTestUser } from '../support/users.js';
import { openWallet, queryOk, sendOk, thb } from '../support/wallets.js';

/*
 * One split receipt followed through every figure that counts money, by category and as a whole,
 * while it is edited (lines changed, made one category, amount changed with new lines), while one
 * of its categories is deleted into the category of its other line, and once it is deleted.
 */

const env = useTestStandalone();

async function newUser() {
  const user = await createTestUser(env.standalone);
  const api = new ApiClient(env.standalone.app, user);
  await sendOk(api, 'ChangePreferences', {
    changes: { currency: 'THB', timeZone: 'Asia/Bangkok', monthlyBudget: thb(1_000_000) },
  });
  return api;
}

async function category(api: ApiClient, name: string): Promise<string> {
  const categoryId = uuidV7();
  await sendOk(api, 'AddCategory', { categoryId, name, type: 'expense', icon: 'cart', color: '#336699' });
  return categoryId;
}

interface Figures {
  monthExpense: number;
  monthCount: number;
  overallSpent: number;
  byCategory: Record<string, number>;
  breakdown: Record<string, number>;
  range: Record<string, number>;
  rangeExpense: number;
  rangeOneDay: Record<string, number>;
  budgets: Record<string, number>;
  planSpending: Record<string, number>;
  unbudgeted: number;
  totalsAll: number;
  totalsCount: number;
  totalsBy: Record<string, { count: number; expense: number }>;
  wallet: number;
  csvSum: number;
}

async function csvSum(api: ApiClient): Promise<number> {
  const link = await api.query<{ url: string }>('export/link?locale=en');
  expect(link.status).toBe(200);
  const response = await env.standalone.app.inject({ method: 'GET', url: link.body.url });
  expect(response.statusCode).toBe(200);
  const [header, ...records] = parseCsv(response.body.replace(/^\uFEFF/, ''));
  const amount = header?.indexOf('Amount') ?? -1;
  expect(amount).toBeGreaterThanOrEqual(0);
  // One record per split line: the amounts of the lines add up to the transaction's once.
  return records.reduce((sum, record) => sum + Math.round(Math.abs(Number(record[amount])) * 100), 0);
}

const byId = (items: readonly { categoryId: string }[], value: (item: never) => number) =>
  Object.fromEntries(items.map((item) => [item.categoryId, value(item as never)]));

async function figures(api: ApiClient, walletId: string, categories: readonly string[]): Promise<Figures> {
  const dashboard = await queryOk<Dashboard>(api, 'dashboard?month=2026-11');
  const reports = await queryOk<Reports>(api, 'reports?month=2026-11');
  const range = await queryOk<RangeReport>(api, 'reports/range?from=2026-11-15&to=2026-11-25');
  const oneDay = await queryOk<RangeReport>(api, 'reports/range?from=2026-11-20&to=2026-11-20');
  const plan = await queryOk<BudgetPlan>(api, 'budgets?month=2026-11');
  const all = await queryOk<TransactionTotals>(api, 'transactions/totals');
  const totalsBy: Figures['totalsBy'] = {};
  for (const categoryId of categories) {
    const sums = await queryOk<TransactionTotals>(api, `transactions/totals?categoryId=${categoryId}`);
    totalsBy[categoryId] = { count: sums.count, expense: sums.totals[0]?.expense ?? 0 };
  }
  const wallets = await queryOk<WalletList>(api, 'wallets');
  const wallet = wallets.items.find((item) => item.id === walletId);
  return {
    monthExpense: dashboard.totals.expense,
    monthCount: dashboard.count,
    overallSpent: dashboard.budget.spent,
    byCategory: byId(dashboard.byCategory, (item: { expense: number }) => item.expense),
    breakdown: byId(reports.categoryBreakdown.expense, (item: { amount: number }) => item.amount),
    range: byId(range.categoryBreakdown.expense, (item: { amount: number }) => item.amount),
    rangeExpense: range.totals.expense,
    rangeOneDay: byId(oneDay.categoryBreakdown.expense, (item: { amount: number }) => item.amount),
    budgets: byId(dashboard.categoryBudgets.items, (item: { spent: number }) => item.spent),
    planSpending: byId(plan.spending, (item: { spent: number }) => item.spent),
    unbudgeted: dashboard.categoryBudgets.unbudgeted,
    totalsAll: all.totals[0]?.expense ?? 0,
    totalsCount: all.count,
    totalsBy,
    wallet: wallet?.balance ?? NaN,
    csvSum: await csvSum(api),
  };
}

describe('a split receipt in every figure, through its edits and deletions', () => {
  it('counts the lines in their categories and the transaction once everywhere else', async () => {
    const api = await newUser();
    const household = await category(api, 'Household');
    const pets = await category(api, 'Pets');
    const walletId = await openWallet(api, { name: 'KBank', currency: 'THB', openingBalance: 500_000 });
    await sendOk(api, 'SetCategoryBudget', {
      categoryId: 'builtin-food',
      month: '2026-11',
      limit: thb(200_000),
      repeat: true,
    });
    await sendOk(api, 'SetCategoryBudget', {
      categoryId: household,
      month: '2026-11',
      limit: thb(200_000),
      repeat: true,
    });
    const transactionId = uuidV7();
    await sendOk(api, 'AddTransaction', {
      transactionId,
      type: 'expense',
      amount: thb(100_000),
      categoryId: 'builtin-food',
      date: '2026-11-20',
      walletId,
      note: 'Big C',
      splits: [
        { categoryId: 'builtin-food', amount: 60_000 },
        { categoryId: household, amount: 40_000, note: 'Soap' },
      ],
      tags: ['Home'],
    });
    const categories = ['builtin-food', household, pets];
    const expectAll = async (lines: Record<string, number>, whole: number) => {
      const seen = await figures(api, walletId, categories);
      const count = whole === 0 ? 0 : 1;
      expect(seen).toEqual({
        monthExpense: whole,
        monthCount: count,
        overallSpent: whole,
        byCategory: lines,
        breakdown: lines,
        range: lines,
        rangeExpense: whole,
        rangeOneDay: lines,
        budgets: Object.fromEntries(
          ['builtin-food', household].filter((id) => id in lines || whole > 0).map((id) => [id, lines[id] ?? 0]),
        ),
        planSpending: lines,
        unbudgeted: Object.entries(lines)
          .filter(([id]) => id !== 'builtin-food' && id !== household)
          .reduce((sum, [, amount]) => sum + amount, 0),
        totalsAll: whole,
        totalsCount: count,
        totalsBy: Object.fromEntries(
          categories.map((id) => [id, { count: lines[id] === undefined ? 0 : 1, expense: lines[id] ?? 0 }]),
        ),
        wallet: 500_000 - whole,
        csvSum: whole,
      });
    };
    await expectAll({ 'builtin-food': 60_000, [household]: 40_000 }, 100_000);

    // Lines changed: three categories now.
    await sendOk(api, 'EditTransaction', {
      transactionId,
      changes: {
        splits: [
          { categoryId: 'builtin-food', amount: 30_000 },
          { categoryId: household, amount: 50_000 },
          { categoryId: pets, amount: 20_000 },
        ],
      },
    });
    await expectAll({ 'builtin-food': 30_000, [household]: 50_000, [pets]: 20_000 }, 100_000);

    // Made one category again.
    await sendOk(api, 'EditTransaction', { transactionId, changes: { splits: null } });
    await expectAll({ 'builtin-food': 100_000 }, 100_000);

    // Amount changed with new lines.
    await sendOk(api, 'EditTransaction', {
      transactionId,
      changes: {
        amount: thb(123_456),
        categoryId: pets,
        splits: [
          { categoryId: pets, amount: 23_456 },
          { categoryId: household, amount: 100_000 },
        ],
      },
    });
    await expectAll({ [pets]: 23_456, [household]: 100_000 }, 123_456);

    // Pets deleted into Household, the other line's category: the transaction is still counted once.
    await sendOk(api, 'DeleteCategory', { categoryId: pets, replacementCategoryId: household });
    const moved = await queryOk<TransactionView>(api, `transactions/${transactionId}`);
    expect(moved.categoryId).toBe(household);
    const seen = await figures(api, walletId, ['builtin-food', household]);
    expect(seen).toMatchObject({
      monthExpense: 123_456,
      monthCount: 1,
      byCategory: { [household]: 123_456 },
      breakdown: { [household]: 123_456 },
      range: { [household]: 123_456 },
      rangeOneDay: { [household]: 123_456 },
      budgets: { 'builtin-food': 0, [household]: 123_456 },
      planSpending: { [household]: 123_456 },
      unbudgeted: 0,
      totalsAll: 123_456,
      totalsCount: 1,
      totalsBy: { 'builtin-food': { count: 0, expense: 0 }, [household]: { count: 1, expense: 123_456 } },
      wallet: 500_000 - 123_456,
      csvSum: 123_456,
    });
    const dashboard = await queryOk<Dashboard>(api, 'dashboard?month=2026-11');
    expect(dashboard.byCategory.find((item) => item.categoryId === household)?.count).toBe(1);

    await sendOk(api, 'DeleteTransaction', { transactionId });
    const gone = await figures(api, walletId, ['builtin-food', household]);
    expect(gone).toMatchObject({
      monthExpense: 0,
      monthCount: 0,
      byCategory: {},
      breakdown: {},
      range: {},
      budgets: { 'builtin-food': 0, [household]: 0 },
      totalsAll: 0,
      totalsCount: 0,
      wallet: 500_000,
      csvSum: 0,
    });
  });
});
