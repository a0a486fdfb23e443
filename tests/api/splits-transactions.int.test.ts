import { describe, expect, it } from 'vitest';
import { occurrenceTransactionId } from '@plenty/contracts/recurring';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import type { Dashboard, Reports } from '@plenty/contracts/views/dashboard';
import type { RecurringRuleDetail } from '@plenty/contracts/views/recurring';
import type { TransactionHistory, TransactionTotals, TransactionView } from '@plenty/contracts/views/transactions';
import { addCategory } from '../support/categories.js';
import { ApiClient } from '../support/api-client.js';
import { ruleBody } from '../support/recurring.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { createTestUser } from '../support/users.js';
import { openWallet, queryOk, sendOk, thb } from '../support/wallets.js';

/*
 * Split transactions through the server: one transaction, one wallet movement, its lines in
 * their categories on the dashboard, in the reports and in the totals by category.
 */

const env = useTestStandalone();

async function newUser() {
  const user = await createTestUser(env.standalone);
  const api = new ApiClient(env.standalone.app, user);
  await sendOk(api, 'ChangePreferences', { changes: { currency: 'THB' } });
  return { uid: user.uid, api };
}

/** A custom expense category; answers its id. */

/** A supermarket receipt of 1,000 baht on 20 November 2026: 600 food, 400 household. */
const receipt = (household: string, fields: Record<string, unknown> = {}) => ({
  transactionId: uuidV7(),
  type: 'expense',
  amount: thb(100_000),
  categoryId: 'builtin-food',
  date: '2026-11-20',
  note: 'Big C',
  splits: [
    { categoryId: 'builtin-food', amount: 60_000, note: 'Rice and fish' },
    { categoryId: household, amount: 40_000 },
  ],
  tags: ['Home'],
  ...fields,
});

const refusal = async (api: ApiClient, name: string, payload: Record<string, unknown>) => {
  const answer = await api.command(name, payload, uuidV7());
  return { status: answer.status, code: answer.body.error?.code, fields: answer.body.error?.fields };
};

describe('split transactions over HTTP', () => {
  it('adds one transaction whose lines count in their categories on the dashboard and in the reports, once in the month', async () => {
    const { api } = await newUser();
    const household = await addCategory(api, 'Household');
    const added = receipt(household);
    await sendOk(api, 'AddTransaction', added);
    await sendOk(api, 'AddTransaction', {
      transactionId: uuidV7(),
      type: 'expense',
      amount: thb(5_000),
      categoryId: 'builtin-food',
      date: '2026-11-21',
    });

    const shown = await queryOk<TransactionView>(api, `transactions/${added.transactionId}`);
    expect(shown.splits).toEqual([
      { categoryId: 'builtin-food', amount: 60_000, note: 'Rice and fish' },
      { categoryId: household, amount: 40_000, note: null },
    ]);
    expect(shown.tags).toEqual(['Home']);

    const dashboard = await queryOk<Dashboard>(api, 'dashboard?month=2026-11');
    expect(dashboard.count).toBe(2);
    expect(dashboard.totals.expense).toBe(105_000);
    expect(dashboard.byCategory.map(({ categoryId, expense, count }) => ({ categoryId, expense, count }))).toEqual([
      { categoryId: 'builtin-food', expense: 65_000, count: 2 },
      { categoryId: household, expense: 40_000, count: 1 },
    ]);
    const reports = await queryOk<Reports>(api, 'reports?month=2026-11');
    expect(reports.categoryBreakdown.expense.map(({ categoryId, amount }) => ({ categoryId, amount }))).toEqual([
      { categoryId: 'builtin-food', amount: 65_000 },
      { categoryId: household, amount: 40_000 },
    ]);
    expect(reports.categoryBreakdown.expense.reduce((sum, share) => sum + share.share, 0)).toBe(10_000);

    const all = await queryOk<TransactionTotals>(api, 'transactions/totals');
    expect(all).toMatchObject({ count: 2, totals: [{ currency: 'THB', income: 0, expense: 105_000 }] });
  });

  it('edits the lines, makes it one category again and deletes it, the figures following exactly', async () => {
    const { api } = await newUser();
    const household = await addCategory(api, 'Household');
    const added = receipt(household);
    const { transactionId } = added;
    await sendOk(api, 'AddTransaction', added);
    await sendOk(api, 'EditTransaction', {
      transactionId,
      changes: {
        amount: thb(90_000),
        splits: [
          { categoryId: household, amount: 80_000 },
          { categoryId: 'builtin-food', amount: 10_000 },
        ],
      },
    });
    const edited = await queryOk<TransactionView>(api, `transactions/${transactionId}`);
    expect(edited.categoryId).toBe(household);
    let dashboard = await queryOk<Dashboard>(api, 'dashboard?month=2026-11');
    expect(dashboard.byCategory.map(({ categoryId, expense }) => [categoryId, expense])).toEqual([
      [household, 80_000],
      ['builtin-food', 10_000],
    ]);

    const history = await queryOk<TransactionHistory>(api, `transactions/${transactionId}/history`);
    expect(history.items[0]?.changes.map((change) => change.field)).toEqual(['amount', 'categoryId', 'splits']);

    await sendOk(api, 'EditTransaction', { transactionId, changes: { splits: null, tags: null } });
    dashboard = await queryOk<Dashboard>(api, 'dashboard?month=2026-11');
    expect(dashboard.byCategory.map(({ categoryId, expense }) => [categoryId, expense])).toEqual([[household, 90_000]]);
    expect((await queryOk<TransactionView>(api, `transactions/${transactionId}`)).tags).toEqual([]);

    await sendOk(api, 'DeleteTransaction', { transactionId });
    dashboard = await queryOk<Dashboard>(api, 'dashboard?month=2026-11');
    expect(dashboard.byCategory).toEqual([]);
    expect(dashboard.count).toBe(0);
  });

  it('refuses lines that break the rules, each with its code and field (400 for what the command shows alone)', async () => {
    const { api } = await newUser();
    const household = await addCategory(api, 'Household');
    const salary = 'builtin-salary';
    const lines = (second: Record<string, unknown>) => [{ categoryId: 'builtin-food', amount: 60_000 }, second];

    expect(await refusal(api, 'AddTransaction', receipt(household, { amount: thb(100_001) }))).toMatchObject({
      status: 400,
      fields: { splits: 'split_total_mismatch' },
    });
    expect(await refusal(api, 'AddTransaction', receipt(household, { categoryId: household }))).toMatchObject({
      status: 400,
      fields: { categoryId: 'split_category_mismatch' },
    });
    expect(
      await refusal(
        api,
        'AddTransaction',
        receipt(household, { splits: [{ categoryId: 'builtin-food', amount: 100_000 }] }),
      ),
    ).toMatchObject({ status: 400, fields: { splits: 'split_too_few_lines' } });
    const many = Array.from({ length: 21 }, () => ({ categoryId: 'builtin-food', amount: 1 }));
    expect(await refusal(api, 'AddTransaction', receipt(household, { amount: thb(21), splits: many }))).toMatchObject({
      status: 400,
      fields: { splits: 'split_too_many_lines' },
    });
    expect(
      await refusal(
        api,
        'AddTransaction',
        receipt(household, { splits: lines({ categoryId: uuidV7(), amount: 40_000 }) }),
      ),
    ).toMatchObject({
      status: 422,
      code: 'category_not_found',
      fields: { 'splits.1.categoryId': 'category_not_found' },
    });
    expect(
      await refusal(
        api,
        'AddTransaction',
        receipt(household, { splits: lines({ categoryId: salary, amount: 40_000 }) }),
      ),
    ).toMatchObject({ status: 422, fields: { 'splits.1.categoryId': 'category_type_mismatch' } });

    const added = receipt(household);
    await sendOk(api, 'AddTransaction', added);
    const { transactionId } = added;
    expect(await refusal(api, 'EditTransaction', { transactionId, changes: { amount: thb(1) } })).toMatchObject({
      status: 422,
      fields: { amount: 'split_total_mismatch' },
    });
    expect(
      await refusal(api, 'EditTransaction', {
        transactionId,
        changes: { amount: { amount: 100_000, currency: 'LAK' } },
      }),
    ).toMatchObject({
      status: 422,
      fields: { amount: 'split_total_mismatch' },
    });
    expect(await refusal(api, 'EditTransaction', { transactionId, changes: { categoryId: household } })).toMatchObject({
      status: 422,
      fields: { categoryId: 'split_category_mismatch' },
    });
    expect(await refusal(api, 'EditTransaction', { transactionId, changes: { type: 'income' } })).toMatchObject({
      status: 422,
      code: 'category_type_mismatch',
    });
  });

  it("moves a deleted category's lines to its replacement", async () => {
    const { api } = await newUser();
    const household = await addCategory(api, 'Household');
    const added = receipt(household);
    await sendOk(api, 'AddTransaction', added);
    await sendOk(api, 'DeleteCategory', { categoryId: household, replacementCategoryId: 'builtin-other' });
    const moved = await queryOk<TransactionView>(api, `transactions/${added.transactionId}`);
    expect(moved.splits?.map((line) => line.categoryId)).toEqual(['builtin-food', 'builtin-other']);
    const dashboard = await queryOk<Dashboard>(api, 'dashboard?month=2026-11');
    expect(dashboard.byCategory.map(({ categoryId, expense }) => [categoryId, expense])).toEqual([
      ['builtin-food', 60_000],
      ['builtin-other', 40_000],
    ]);
    const other = await queryOk<TransactionTotals>(api, 'transactions/totals?categoryId=builtin-other');
    expect(other).toMatchObject({ count: 1, totals: [{ currency: 'THB', expense: 40_000 }] });
  });

  it('posts a rule with lines, tags and a wallet: one movement of the whole amount, the lines in their categories', async () => {
    const { uid, api } = await newUser();
    const internet = await addCategory(api, 'Internet');
    const walletId = await openWallet(api, { currency: 'THB', name: 'KBank', openingDate: '2026-01-01' });
    const ruleId = uuidV7();
    const date = '2026-11-10';
    await sendOk(api, 'CreateRecurringRule', {
      ruleId,
      ...ruleBody(
        {
          amount: thb(100_000),
          categoryId: 'builtin-utilities',
          walletId,
          mode: 'confirm',
          splits: [
            { categoryId: 'builtin-utilities', amount: 40_000, note: 'Phone' },
            { categoryId: internet, amount: 60_000 },
          ],
          tags: ['home'],
        },
        { startDate: date, end: { kind: 'after', count: 3 } },
      ),
    });
    const detail = await queryOk<RecurringRuleDetail>(api, `recurring/${ruleId}`);
    expect(detail.splits).toHaveLength(2);
    expect(detail.tags).toEqual(['home']);

    await sendOk(api, 'RenameTag', { from: 'home', to: 'House' });
    expect(await refusal(api, 'PostOccurrence', { ruleId, date, amount: thb(90_000) })).toMatchObject({
      status: 422,
      fields: { amount: 'split_total_mismatch' },
    });
    await sendOk(api, 'PostOccurrence', { ruleId, date });
    const posted = await queryOk<TransactionView>(api, `transactions/${occurrenceTransactionId(uid, ruleId, date)}`);
    expect(posted).toMatchObject({
      walletId,
      categoryId: 'builtin-utilities',
      amount: thb(100_000),
      splits: [
        { categoryId: 'builtin-utilities', amount: 40_000, note: 'Phone' },
        { categoryId: internet, amount: 60_000, note: null },
      ],
      tags: ['House'],
    });
    const movements = await queryOk<{ items: { transactionId: string | null; amount: number }[] }>(
      api,
      `wallets/${walletId}/movements`,
    );
    expect(movements.items.filter((movement) => movement.transactionId === posted.id)).toEqual([
      expect.objectContaining({ amount: -100_000 }),
    ]);
    const dashboard = await queryOk<Dashboard>(api, 'dashboard?month=2026-11');
    expect(dashboard.byCategory.map(({ categoryId, expense }) => [categoryId, expense])).toEqual([
      [internet, 60_000],
      ['builtin-utilities', 40_000],
    ]);

    // "This one": another amount needs lines that fit; with them, the occurrence posts its own.
    const next = '2026-12-10';
    expect(
      await refusal(api, 'EditOccurrence', { ruleId, date: next, changes: { amount: thb(120_000) } }),
    ).toMatchObject({
      status: 422,
      fields: { 'changes.amount': 'split_total_mismatch' },
    });
    const own = [
      { categoryId: internet, amount: 70_000 },
      { categoryId: 'builtin-utilities', amount: 50_000 },
    ];
    await sendOk(api, 'EditOccurrence', { ruleId, date: next, changes: { amount: thb(120_000), splits: own } });
    await sendOk(api, 'PostOccurrence', { ruleId, date: next });
    const second = await queryOk<TransactionView>(api, `transactions/${occurrenceTransactionId(uid, ruleId, next)}`);
    expect(second).toMatchObject({
      categoryId: internet,
      amount: thb(120_000),
      splits: own.map((line) => ({ ...line, note: null })),
      tags: ['House'],
    });
  });
});
