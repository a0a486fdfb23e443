import {
  MONTHLY_CONTRIBUTIONS_VIEW,
  MONTHLY_SUMMARY_VIEW,
  RECURRING_RULES_VIEW,
  TRANSACTION_HISTORY_VIEW,
  TRANSACTION_TOTALS_VIEW,
} from '@plenty/contracts/views/registry';
import { describe, expect, it } from 'vitest';
import type { MonthlySummaryDoc } from '@plenty/contracts/views/monthly-summary';
import type { RecurringRuleDoc } from '@plenty/contracts/views/recurring';
import type { TransactionHistoryChunk, TransactionTotalsDoc } from '@plenty/contracts/views/transactions';
import { projectionScratch } from './testing/scratch.js';

const household = '0192f0c4-7a1b-7c3d-8e4f-0000000000c1';
const cell = (expense: number, expenseCount: number) => ({ THB: { income: 0, expense, incomeCount: 0, expenseCount } });

/** A supermarket receipt of 1,000 baht: 600 food, 400 household. */
const receipt = {
  amount: { amount: 100_000, currency: 'THB' },
  categoryId: 'builtin-food',
  splits: [
    { categoryId: 'builtin-food', amount: 60_000 },
    { categoryId: household, amount: 40_000, note: 'Soap' },
  ],
  tags: ['Trip'],
};

describe('split transactions in the figures by category', () => {
  const scratch = projectionScratch();
  const { given } = scratch;
  const month = async () => ((await scratch.documents(MONTHLY_SUMMARY_VIEW, 'alice')) as MonthlySummaryDoc[])[0];
  const totals = async () =>
    ((await scratch.documents(TRANSACTION_TOTALS_VIEW, 'alice')) as TransactionTotalsDoc[])
      .map(({ categoryId, count, sum }) => ({ categoryId, count, sum }))
      .sort((a, b) => a.categoryId.localeCompare(b.categoryId));

  it('counts the lines in their categories and the transaction once in the month and its day', async () => {
    await given(
      scratch.log.categoryAdded('alice', household),
      scratch.log.transactionAdded('alice', 't1', receipt),
      scratch.log.transactionAdded('alice', 't2', { amount: { amount: 5_000, currency: 'THB' } }),
    );
    expect(await month()).toEqual({
      id: '2026-11',
      count: 2,
      currencies: cell(105_000, 2),
      categories: { 'builtin-food': cell(65_000, 2), [household]: cell(40_000, 1) },
      days: { '2026-11-20': cell(105_000, 2) },
    });
    expect(await totals()).toEqual([
      { categoryId: household, count: 0, sum: 40_000 },
      { categoryId: 'builtin-food', count: 2, sum: 65_000 },
    ]);
  });

  it('takes out exactly what was put in when lines are changed, undone and the transaction deleted', async () => {
    await given(
      scratch.log.categoryAdded('alice', household),
      scratch.log.transactionAdded('alice', 't1', receipt),
      scratch.log.transactionEdited('alice', 't1', {
        amount: { amount: 90_000, currency: 'THB' },
        categoryId: household,
        splits: [
          { categoryId: household, amount: 80_000 },
          { categoryId: 'builtin-food', amount: 10_000 },
        ],
      }),
    );
    expect((await month())?.categories).toEqual({ 'builtin-food': cell(10_000, 1), [household]: cell(80_000, 1) });
    expect(await totals()).toEqual([
      { categoryId: household, count: 1, sum: 80_000 },
      { categoryId: 'builtin-food', count: 0, sum: 10_000 },
    ]);
    await given(scratch.log.transactionEdited('alice', 't1', { splits: null }));
    expect((await month())?.categories).toEqual({ [household]: cell(90_000, 1) });
    expect(await totals()).toEqual([{ categoryId: household, count: 1, sum: 90_000 }]);
    await given(scratch.log.transactionDeleted('alice', 't1'));
    expect(await month()).toBeUndefined();
    expect(await totals()).toEqual([]);
  });

  it('undoes a contribution of an older document without lines by its single category', async () => {
    await given(scratch.log.transactionAdded('alice', 't1', { amount: { amount: 100_000, currency: 'THB' } }));
    const [stored] = (await scratch.documents(MONTHLY_CONTRIBUTIONS_VIEW, 'alice')) as Record<string, unknown>[];
    expect(stored).not.toHaveProperty('splits');
    await given(
      scratch.log.categoryAdded('alice', household),
      scratch.log.transactionEdited('alice', 't1', {
        splits: [
          { categoryId: 'builtin-food', amount: 30_000 },
          { categoryId: household, amount: 70_000 },
        ],
      }),
    );
    expect((await month())?.categories).toEqual({ 'builtin-food': cell(30_000, 1), [household]: cell(70_000, 1) });
  });

  it("moves a deleted category's lines to its replacement, lines of one category counted once", async () => {
    await given(
      scratch.log.categoryAdded('alice', household),
      scratch.log.transactionAdded('alice', 't1', receipt),
      scratch.log.categoryDeleted('alice', household, 'builtin-food'),
    );
    expect((await month())?.categories).toEqual({ 'builtin-food': cell(100_000, 1) });
    expect(await totals()).toEqual([{ categoryId: 'builtin-food', count: 1, sum: 100_000 }]);
    // Kept apart: an edit later takes both lines out again.
    await given(scratch.log.transactionDeleted('alice', 't1'));
    expect(await month()).toBeUndefined();
  });

  it('shows changes of lines and tags in the history, cleared ones as none', async () => {
    await given(
      scratch.log.categoryAdded('alice', household),
      scratch.log.transactionAdded('alice', 't1', receipt),
      scratch.log.transactionEdited('alice', 't1', { splits: null, tags: null }),
    );
    const chunks = (await scratch.documents(TRANSACTION_HISTORY_VIEW, 'alice')) as TransactionHistoryChunk[];
    const edited = chunks.flatMap((chunk) => chunk.entries).find((entry) => entry.type === 'edited');
    expect(edited?.changes).toEqual([
      {
        field: 'splits',
        from: [
          { categoryId: 'builtin-food', amount: 60_000, note: null },
          { categoryId: household, amount: 40_000, note: 'Soap' },
        ],
        to: null,
      },
      { field: 'tags', from: ['Trip'], to: [] },
    ]);
  });
});

describe("recurring rules' lines and tags", () => {
  const scratch = projectionScratch();
  const { given } = scratch;
  const ruleId = '0192f0c4-7a1b-7c3d-8e4f-5a6b7c8d9e0f';
  const created = () =>
    scratch.log.event(`recurring-${ruleId}`, 'alice', 'RecurringRuleCreated', {
      ruleId,
      type: 'expense',
      amount: { amount: 100_000, currency: 'THB' },
      categoryId: 'builtin-food',
      splits: [
        { categoryId: 'builtin-food', amount: 60_000 },
        { categoryId: household, amount: 40_000 },
      ],
      tags: ['trip', 'Home'],
      mode: 'auto',
      remind: false,
      schedule: { frequency: 'month', interval: 1, startDate: '2026-12-01', end: { kind: 'never' } },
    });
  const template = async () =>
    ((await scratch.documents(RECURRING_RULES_VIEW, 'alice')) as RecurringRuleDoc[])[0]?.versions[0]?.rule;

  it('keeps the lines and tags, renames, merges and deletes tags, and moves lines of a deleted category', async () => {
    await given(scratch.log.categoryAdded('alice', household), created());
    expect(await template()).toMatchObject({
      splits: [
        { categoryId: 'builtin-food', amount: 60_000, note: null },
        { categoryId: household, amount: 40_000, note: null },
      ],
      tags: ['trip', 'Home'],
    });
    await given(scratch.log.profile('alice', 'TagRenamed', { from: 'TRIP', to: 'Luang Prabang' }));
    expect((await template())?.tags).toEqual(['Luang Prabang', 'Home']);
    await given(scratch.log.profile('alice', 'TagRenamed', { from: 'home', to: 'luang prabang' }));
    expect((await template())?.tags).toEqual(['Luang Prabang']);
    await given(scratch.log.profile('alice', 'TagDeleted', { tag: 'Luang Prabang' }));
    expect((await template())?.tags).toEqual([]);
    await given(scratch.log.categoryDeleted('alice', household, 'builtin-other'));
    expect((await template())?.splits).toEqual([
      { categoryId: 'builtin-food', amount: 60_000, note: null },
      { categoryId: 'builtin-other', amount: 40_000, note: null },
    ]);
  });
});
