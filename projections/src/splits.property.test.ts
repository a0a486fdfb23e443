import {
  MONTHLY_SUMMARY_VIEW,
  TRANSACTIONS_VIEW,
  TRANSACTION_TOTALS_VIEW,
  WALLET_MOVEMENTS_VIEW,
} from '@plenty/contracts/views/registry';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { totalOf } from '@plenty/contracts/money';
import type { CellsByCurrency, MonthlySummaryDoc } from '@plenty/contracts/views/monthly-summary';
import type { TransactionTotalsDoc, TransactionView } from '@plenty/contracts/views/transactions';
import type { WalletMovementDoc } from '@plenty/contracts/views/wallet-docs';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import { eventLog, type EventLog } from './testing/events.js';
import { applyEvents, documents, scratchReadStore } from './testing/memory-read-store.js';
import { allProjections } from './all.js';

const USER = 'alice';
const transactionIds = ['t1', 't2', 't3', 't4', 't5'] as const;
const customCategories = ['0192f0c4-7a1b-7c3d-8e4f-00000000c0ff', '0192f0c4-7a1b-7c3d-8e4f-0000000007ea'] as const;
const categoryIds = [...customCategories, 'builtin-food', 'builtin-other', 'builtin-transport'] as const;

const transactionId = fc.constantFrom(...transactionIds);
const categoryId = fc.constantFrom(...categoryIds);
const currency = fc.constantFrom('THB', 'LAK');
const type = fc.constantFrom('expense', 'income');
const date = fc.constantFrom('2026-10-31', '2026-11-01', '2026-11-20');

/** A transaction's amount and category, split into 2-4 lines that add up, or in one category. */
const shared = fc
  .record({
    currency,
    whole: fc.integer({ min: 1, max: 1_000_000 }),
    lines: fc.option(
      fc.array(fc.record({ categoryId, weight: fc.integer({ min: 1, max: 9 }) }), { minLength: 2, maxLength: 4 }),
      {
        nil: null,
      },
    ),
    categoryId,
  })
  .map(({ currency: code, whole, lines, categoryId: own }) => {
    if (lines === null) return { amount: { amount: whole, currency: code }, categoryId: own };
    // Each line at least 1: the amount is at least the number of lines.
    const amount = whole + lines.length;
    const weights = lines.reduce((sum, line) => sum + line.weight, 0);
    const parts = lines.map((line) => 1 + Math.floor((whole * line.weight) / weights));
    parts[0] = (parts[0] ?? 0) + amount - parts.reduce((sum, part) => sum + part, 0);
    const splits = lines.map((line, index) => ({ categoryId: line.categoryId, amount: parts[index] ?? 1 }));
    return { amount: { amount, currency: code }, categoryId: splits[0]?.categoryId ?? own, splits };
  });

/** The ids each history has added. */
const addedIds = new WeakMap<EventLog, Set<string>>();

/** One event of a random history; ids repeat so edits, deletions and moves meet. */
const step: fc.Arbitrary<(log: EventLog) => RecordedEvent> = fc.oneof(
  // A stream is opened once: an id added before is edited instead.
  fc.record({ id: transactionId, type, shared, date }).map((s) => (log: EventLog) => {
    const added = addedIds.get(log) ?? new Set<string>();
    addedIds.set(log, added);
    if (added.has(s.id))
      return log.transactionEdited(USER, s.id, { splits: null, type: s.type, date: s.date, ...s.shared });
    added.add(s.id);
    return log.transactionAdded(USER, s.id, { type: s.type, date: s.date, ...s.shared });
  }),
  // New lines (or one category again) with the amount and category that go with them.
  fc
    .record({ id: transactionId, shared })
    .map((s) => (log: EventLog) => log.transactionEdited(USER, s.id, { splits: null, ...s.shared })),
  fc
    .record({ id: transactionId, date })
    .map((s) => (log: EventLog) => log.transactionEdited(USER, s.id, { date: s.date })),
  fc.record({ id: transactionId }).map((s) => (log: EventLog) => log.transactionDeleted(USER, s.id)),
  fc
    .record({ id: fc.constantFrom(...customCategories), replacement: fc.constantFrom('builtin-other', 'builtin-food') })
    .map((s) => (log: EventLog) => log.categoryDeleted(USER, s.id, s.replacement)),
);

const sumOf = (cells: CellsByCurrency, field: 'income' | 'expense') =>
  Object.fromEntries(Object.entries(cells).map(([code, cell]) => [code, totalOf(cell?.[field])]));

/** Cells of many groups added up per currency. */
function added(groups: readonly CellsByCurrency[], field: 'income' | 'expense'): Record<string, bigint> {
  const sums: Record<string, bigint> = {};
  for (const cells of groups) {
    for (const [code, total] of Object.entries(sumOf(cells, field))) sums[code] = (sums[code] ?? 0n) + total;
  }
  return Object.fromEntries(Object.entries(sums).filter(([, total]) => total !== 0n));
}

const nonZero = (sums: Record<string, bigint>) =>
  Object.fromEntries(Object.entries(sums).filter(([, total]) => total !== 0n));

async function views(store: Parameters<typeof documents>[0]): Promise<Record<string, unknown>> {
  const result: Record<string, unknown> = {};
  for (const view of allProjections.flatMap((p) => p.views.map((v) => v.name))) {
    result[view] = await documents(store, view, USER);
  }
  return result;
}

describe('split transactions', () => {
  it('add up by category to the month, count once in the month, the totals and the wallets, and rebuild the same', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 30 }), fc.integer({ min: 1, max: 7 }), async (steps, size) => {
        const log = eventLog();
        const events = steps.map((makeEvent) => makeEvent(log));
        const rebuilt = await scratchReadStore(allProjections);
        const batched = await scratchReadStore(allProjections);
        try {
          await applyEvents(rebuilt.store, allProjections, events);
          for (let i = 0; i < events.length; i += size) {
            await applyEvents(batched.store, allProjections, events.slice(i, i + size));
          }
          expect(await views(batched.store)).toEqual(await views(rebuilt.store));

          const transactions = (await documents(rebuilt.store, TRANSACTIONS_VIEW, USER)) as TransactionView[];
          const months = (await documents(rebuilt.store, MONTHLY_SUMMARY_VIEW, USER)) as MonthlySummaryDoc[];
          for (const month of months) {
            const live = transactions.filter((t) => t.date.startsWith(month.id));
            // Every category figure of the month adds up to the month's figure of the whole.
            for (const field of ['income', 'expense'] as const) {
              expect(added(Object.values(month.categories), field)).toEqual(nonZero(sumOf(month.currencies, field)));
              expect(added(Object.values(month.days), field)).toEqual(nonZero(sumOf(month.currencies, field)));
            }
            // Each transaction once in the month's count and its currencies' counts.
            expect(month.count).toBe(live.length);
            const counted = Object.values(month.currencies).reduce(
              (sum, cell) => sum + (cell?.incomeCount ?? 0) + (cell?.expenseCount ?? 0),
              0,
            );
            expect(counted).toBe(live.length);
            // A category's sum is the lines in it.
            for (const [category, cells] of Object.entries(month.categories)) {
              const inCategory = live.flatMap((t) =>
                (t.splits ?? [{ categoryId: t.categoryId, amount: t.amount.amount }])
                  .filter((line) => line.categoryId === category)
                  .map((line) => ({ type: t.type, currency: t.amount.currency, amount: BigInt(line.amount) })),
              );
              for (const [code, cell] of Object.entries(cells)) {
                const of = (kind: string) =>
                  inCategory
                    .filter((line) => line.type === kind && line.currency === code)
                    .reduce((sum, line) => sum + line.amount, 0n);
                expect([totalOf(cell?.income), totalOf(cell?.expense)]).toEqual([of('income'), of('expense')]);
              }
            }
          }
          // The totals: every transaction counted once, the sums the whole amounts.
          const totals = (await documents(rebuilt.store, TRANSACTION_TOTALS_VIEW, USER)) as TransactionTotalsDoc[];
          expect(totals.reduce((sum, doc) => sum + doc.count, 0)).toBe(transactions.length);
          expect(totals.reduce((sum, doc) => sum + totalOf(doc.sum), 0n)).toBe(
            transactions.reduce((sum, t) => sum + BigInt(t.amount.amount), 0n),
          );
          // The wallets: one movement of the whole amount per transaction.
          const movements = (await documents(rebuilt.store, WALLET_MOVEMENTS_VIEW, USER)) as WalletMovementDoc[];
          const own = movements.filter((movement) => movement.transactionId !== null);
          expect(own).toHaveLength(transactions.length);
          expect(own.reduce((sum, movement) => sum + BigInt(movement.amount), 0n)).toBe(
            transactions.reduce((sum, t) => sum + BigInt(t.type === 'income' ? t.amount.amount : -t.amount.amount), 0n),
          );
        } finally {
          await rebuilt.dispose();
          await batched.dispose();
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
