import { TRANSACTIONS_VIEW, TRANSACTION_TOTALS_VIEW } from '@plenty/contracts/views/registry';
import { describe, expect, it } from 'vitest';
import { exactTotal, totalOf } from '@plenty/contracts/money';
import type { TransactionTotalsDoc, TransactionView } from '@plenty/contracts/views/transactions';
import { projectionScratch } from './testing/scratch.js';
import { totalsDelta } from './transaction-totals.projection.js';

const scratch = projectionScratch();
const { given } = scratch;
const totalsOf = async (userId: string) =>
  ((await scratch.documents(TRANSACTION_TOTALS_VIEW, userId)) as TransactionTotalsDoc[]).sort((a, b) =>
    a.id.localeCompare(b.id),
  );

/** The same sums recomputed from every transaction the transactions view holds. */
async function recomputed(userId: string): Promise<TransactionTotalsDoc[]> {
  const sums = new Map<string, TransactionTotalsDoc>();
  for (const t of (await scratch.documents(TRANSACTIONS_VIEW, userId)) as TransactionView[]) {
    const id = `${t.type}|${t.categoryId}|${t.amount.currency}`;
    const current = sums.get(id);
    sums.set(id, {
      id,
      type: t.type,
      categoryId: t.categoryId,
      currency: t.amount.currency,
      count: (current?.count ?? 0) + 1,
      sum: exactTotal(totalOf(current?.sum) + BigInt(t.amount.amount)),
    });
  }
  return [...sums.values()].sort((a, b) => a.id.localeCompare(b.id));
}

describe('totals delta', () => {
  it('moves a changed amount within one key as a difference', () => {
    const before = { type: 'expense' as const, categoryId: 'c', amount: { amount: 100, currency: 'THB' as const } };
    expect([...totalsDelta(before, { ...before, amount: { amount: 250, currency: 'THB' } }).values()]).toEqual([
      { type: 'expense', categoryId: 'c', currency: 'THB', count: 0, sum: 150 },
    ]);
    expect(totalsDelta(before, before).size).toBe(0);
  });
});

describe('transaction totals projection', () => {
  it('keeps sums per type, category and currency through adds, edits, deletions and a deleted category', async () => {
    const categoryId = '0192f0c4-7a1b-7c3d-8e4f-0000000000c1';
    await given(
      scratch.log.categoryAdded('alice', categoryId),
      scratch.log.transactionAdded('alice', 't1', { amount: { amount: 4500, currency: 'THB' } }),
      scratch.log.transactionAdded('alice', 't2', { amount: { amount: 20000, currency: 'LAK' }, categoryId }),
      scratch.log.transactionAdded('alice', 't3', { amount: { amount: 700, currency: 'THB' } }),
      scratch.log.transactionAdded('bob', 't4'),
    );
    expect(await totalsOf('alice')).toEqual(await recomputed('alice'));
    await given(
      scratch.log.transactionEdited('alice', 't1', { amount: { amount: 5000, currency: 'USD' }, type: 'income' }),
      scratch.log.transactionEdited('alice', 't3', { note: 'only the note' }),
      scratch.log.transactionDeleted('alice', 't3'),
      scratch.log.transactionEdited('alice', 't3', { amount: { amount: 1, currency: 'THB' } }),
      scratch.log.categoryDeleted('alice', categoryId, 'builtin-other'),
    );
    const totals = await totalsOf('alice');
    expect(totals).toEqual(await recomputed('alice'));
    expect(totals.map((t) => t.id)).toEqual(['expense|builtin-other|LAK', 'income|builtin-food|USD']);
    expect(await totalsOf('bob')).toEqual(await recomputed('bob'));
  });

  it('counts an event delivered again once', async () => {
    const added = scratch.log.transactionAdded('alice', 't1', { amount: { amount: 4500, currency: 'THB' } });
    const edited = scratch.log.transactionEdited('alice', 't1', { amount: { amount: 6000, currency: 'THB' } });
    await given(added, edited);
    await given(added, edited);
    expect(await totalsOf('alice')).toEqual([expect.objectContaining({ count: 1, sum: 6000 })]);
  });
});
