import { describe, expect, it } from 'vitest';
import type { BudgetPlan } from '@plenty/contracts/category-budgets';
import { localDate } from '@plenty/contracts/calendar/zone';
import { occurrenceTransactionId } from '@plenty/contracts/recurring';
import type { TagList } from '@plenty/contracts/tags';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import type { TransactionList, TransactionTotals } from '@plenty/contracts/views/transactions';
import { addCategory } from '../support/categories.js';
import { ApiClient } from '../support/api-client.js';
import { fileSha, sendRows, startImport } from '../support/import-batches.js';
import { ruleBody } from '../support/recurring.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { createTestUser, type TestUser } from '../support/users.js';
import { openWallet, queryOk, sendOk } from '../support/wallets.js';

/*
 * Where issue 26 meets the import and the recurring rules: an import into a wallet with tags and
 * split rows shows in the tag filter, the category budgets and the wallet once, and its undo takes
 * it out of all of them; a rule with lines, tags and a wallet posts into the category budgets by
 * its lines. Through the embedded default.
 */

const env = useTestStandalone();
const today = localDate(new Date(), 'UTC');
const month = today.slice(0, 7);
const lak = (amount: number) => ({ amount, currency: 'LAK' as const });

async function newUser(): Promise<{ user: TestUser; api: ApiClient }> {
  const user = await createTestUser(env.standalone);
  const api = new ApiClient(env.standalone.app, user);
  await sendOk(api, 'ChangePreferences', { changes: { timeZone: 'UTC', currency: 'LAK' } });
  return { user, api };
}

/** Queries once the projector has every stored event (the rows route answers no position). */
async function read<T>(api: ApiClient, path: string): Promise<T> {
  const { projector, eventStore } = env.standalone;
  await projector.waitFor(await eventStore.headPosition(), 20_000);
  return queryOk<T>(api, path);
}

/** What the budget page says each category spent this month (budgeted or not). */
async function spentByCategory(api: ApiClient): Promise<Record<string, number>> {
  const plan = await read<BudgetPlan>(api, `budgets?month=${month}`);
  return Object.fromEntries([
    ...plan.categories.items.map((line) => [line.categoryId, line.spent] as const),
    ...plan.categories.unbudgetedCategories.map((line) => [line.categoryId, line.spent] as const),
  ]);
}

describe('issue 26 seams: import, undo and recurring rules with splits, tags and wallets', () => {
  it('an import with tags and split rows shows in the tag filter, the category budgets and the wallet once; its undo takes it out of all', async () => {
    const { user, api } = await newUser();
    const market = await addCategory(api, 'ຕະຫຼາດ');
    const wallet = await openWallet(api, { openingBalance: 1_000_000 });
    await sendOk(api, 'SetCategoryBudget', { categoryId: market, month, limit: lak(200_000), repeat: true });
    await sendOk(api, 'SetCategoryBudget', { categoryId: 'builtin-food', month, limit: lak(100_000), repeat: false });
    const walletBefore = (await read<{ balance: number }>(api, `wallets/${wallet}`)).balance;

    const { batchId } = await startImport(api, user, fileSha(), 5);
    const answer = await sendRows(env.standalone.app, user, {
      batchId,
      rows: [
        {
          row: 0,
          type: 'expense',
          amount: lak(120_000),
          categoryId: market,
          date: today,
          note: 'ຕະຫຼາດເຊົ້າ',
          walletId: wallet,
          splits: [
            { categoryId: market, amount: 90_000, note: 'ຜັກ' },
            { categoryId: 'builtin-food', amount: 30_000 },
          ],
          tags: ['Trip', 'ງານແຕ່ງ'],
        },
        {
          row: 2,
          type: 'expense',
          amount: lak(5_000),
          categoryId: 'builtin-food',
          date: today,
          walletId: wallet,
          tags: ['trip'],
        },
        // Refused with AddTransaction's codes: lines that do not add up, a line of an income category.
        {
          row: 3,
          type: 'expense',
          amount: lak(10_000),
          categoryId: market,
          date: today,
          splits: [
            { categoryId: market, amount: 4_000 },
            { categoryId: 'builtin-food', amount: 5_000 },
          ],
        },
        {
          row: 4,
          type: 'expense',
          amount: lak(10_000),
          categoryId: market,
          date: today,
          splits: [
            { categoryId: market, amount: 4_000 },
            { categoryId: 'builtin-salary', amount: 6_000 },
          ],
        },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.results.map((r) => [r.row, r.outcome, r.code])).toEqual([
      [0, 'added', undefined],
      [2, 'added', undefined],
      [3, 'refused', 'split_total_mismatch'],
      [4, 'refused', 'category_type_mismatch'],
    ]);
    await sendOk(api, 'FinishImport', {
      batchId,
      added: 2,
      existing: 0,
      skipped: { split_total_mismatch: 1, category_type_mismatch: 1 },
    });

    // The tag filter finds both (one tag whatever the case); the totals count the split once.
    const tagged = await read<TransactionList>(api, 'transactions?tag=trip&limit=50');
    expect(tagged.items.map((t) => t.amount.amount).sort((a, b) => a - b)).toEqual([5_000, 120_000]);
    const totals = await read<TransactionTotals>(api, 'transactions/totals?tag=trip');
    expect(totals).toMatchObject({ count: 2, totals: [{ currency: 'LAK', income: 0, expense: 125_000 }] });
    const tags = await read<TagList>(api, 'tags');
    expect(tags.items.map((t) => [t.name, t.count])).toEqual([
      ['Trip', 2],
      ['ງານແຕ່ງ', 1],
    ]);
    // The category budgets count the lines in their categories; the wallet moves by the total once.
    expect(await spentByCategory(api)).toMatchObject({ [market]: 90_000, 'builtin-food': 35_000 });
    expect((await read<{ balance: number }>(api, `wallets/${wallet}`)).balance).toBe(walletBefore - 125_000);
    // The category filter finds the split through its line, and its totals count the line.
    const food = await read<TransactionTotals>(api, 'transactions/totals?categoryId=builtin-food');
    expect(food).toMatchObject({ count: 2, totals: [{ currency: 'LAK', income: 0, expense: 35_000 }] });

    await sendOk(api, 'UndoImport', { batchId });
    expect((await read<TransactionList>(api, 'transactions?tag=trip&limit=50')).items).toEqual([]);
    expect((await read<TagList>(api, 'tags')).items).toEqual([]);
    const spent = await spentByCategory(api);
    expect(spent[market] ?? 0).toBe(0);
    expect(spent['builtin-food'] ?? 0).toBe(0);
    expect((await read<{ balance: number }>(api, `wallets/${wallet}`)).balance).toBe(walletBefore);
  });

  it('a rule with lines, tags and a wallet posts into the category budgets by its lines and the wallet once', async () => {
    const { user, api } = await newUser();
    const wallet = await openWallet(api, { openingBalance: 1_000_000 });
    await sendOk(api, 'SetCategoryBudget', { categoryId: 'builtin-housing', month, limit: lak(500_000), repeat: true });
    const walletBefore = (await read<{ balance: number }>(api, `wallets/${wallet}`)).balance;
    const ruleId = uuidV7();
    await sendOk(api, 'CreateRecurringRule', {
      ruleId,
      ...ruleBody(
        {
          mode: 'confirm',
          amount: lak(150_000),
          categoryId: 'builtin-housing',
          walletId: wallet,
          splits: [
            { categoryId: 'builtin-housing', amount: 120_000 },
            { categoryId: 'builtin-utilities', amount: 30_000, note: 'ໄຟຟ້າ' },
          ],
          tags: ['ເຮືອນ'],
        },
        { startDate: today },
      ),
    });
    await sendOk(api, 'PostOccurrence', { ruleId, date: today });

    const posted = occurrenceTransactionId(user.uid, ruleId, today);
    const list = await read<TransactionList>(api, 'transactions?tag=ເຮືອນ&limit=10');
    expect(list.items.map((t) => [t.id, t.walletId, t.splits?.map((line) => line.amount)])).toEqual([
      [posted, wallet, [120_000, 30_000]],
    ]);
    const plan = await read<BudgetPlan>(api, `budgets?month=${month}`);
    expect(plan.categories.items.map((line) => [line.categoryId, line.spent])).toEqual([['builtin-housing', 120_000]]);
    expect(plan.categories.unbudgetedCategories).toEqual([{ categoryId: 'builtin-utilities', spent: 30_000 }]);
    expect(plan.categories.unbudgeted).toBe(30_000);
    expect((await read<{ balance: number }>(api, `wallets/${wallet}`)).balance).toBe(walletBefore - 150_000);
    expect((await read<TagList>(api, 'tags')).items.map((t) => [t.name, t.count])).toEqual([['ເຮືອນ', 1]]);
  });
});
