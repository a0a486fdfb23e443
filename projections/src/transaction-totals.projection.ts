import { TRANSACTIONS_VIEW, TRANSACTION_TOTALS_VIEW } from '@plenty/contracts/views/registry';
import type { CategoryDeleted } from '@plenty/contracts/events/profile';
import { exactTotal, totalOf } from '@plenty/contracts/money';
import { categoryParts } from '@plenty/contracts/splits';
import type { TransactionEvent } from '@plenty/contracts/events/transaction';
import type { TransactionTotalsDoc, TransactionView } from '@plenty/contracts/views/transactions';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { UnitOfWork, ViewDefinition } from '@plenty/platform/read-store/port';
import { isNewerThan, type Projection } from './projection.js';

export const transactionTotalsView: ViewDefinition = {
  name: TRANSACTION_TOTALS_VIEW,
  // A user has a few dozen of these at most: filters run over the user's own rows.
  fields: { type: 'text', categoryId: 'text' },
  indexes: [],
};

type Part = Pick<TransactionView, 'type' | 'categoryId' | 'amount'> & {
  readonly splits?: readonly { readonly categoryId: string; readonly amount: number }[] | null | undefined;
};
type Delta = Omit<TransactionTotalsDoc, 'id'>;

const keyOf = (type: string, categoryId: string, currency: string) => `${type}|${categoryId}|${currency}`;

/**
 * How a change of one transaction moves the sums: the old parts out, the new parts in. A
 * transaction adds to the sum of each category it has a part in (`categoryParts`: a split one its
 * lines, one of a single category its whole amount), and to the count of its own category only
 * (a split one's first line's), so the counts of all documents add up to the transactions, each
 * once, and their sums to the whole amounts.
 */
export function totalsDelta(before: Part | null, after: Part | null): Map<string, Delta> {
  const deltas = new Map<string, Delta>();
  const add = (part: Part, sign: 1 | -1) => {
    const currency = part.amount.currency;
    const parts = categoryParts(part);
    // Its own category is counted even when no line is left in it (it always has one: the first).
    for (const categoryId of new Set([part.categoryId, ...parts.map((line) => line.categoryId)])) {
      const amount = parts
        .filter((line) => line.categoryId === categoryId)
        .reduce((sum, line) => sum + BigInt(line.amount), 0n);
      const key = keyOf(part.type, categoryId, currency);
      const current = deltas.get(key) ?? { type: part.type, categoryId, currency, count: 0, sum: 0 };
      deltas.set(key, {
        ...current,
        count: current.count + (categoryId === part.categoryId ? sign : 0),
        sum: exactTotal(totalOf(current.sum) + BigInt(sign) * amount),
      });
    }
  };
  if (before !== null) add(before, -1);
  if (after !== null) add(after, 1);
  for (const [key, delta] of deltas) if (delta.count === 0 && totalOf(delta.sum) === 0n) deltas.delete(key);
  return deltas;
}

async function applyDeltas(event: RecordedEvent, deltas: Map<string, Delta>, uow: UnitOfWork): Promise<void> {
  const userId = event.metadata.userId;
  for (const [key, delta] of deltas) {
    const stored = await uow.get<TransactionTotalsDoc>(TRANSACTION_TOTALS_VIEW, userId, key);
    // A document that already reflects this event (a redelivery) is left as it is.
    if (!isNewerThan(event, stored)) continue;
    const count = (stored?.doc.count ?? 0) + delta.count;
    const sum = exactTotal(totalOf(stored?.doc.sum) + totalOf(delta.sum));
    // A category with split lines only has a sum and no transaction of its own.
    if (count <= 0 && totalOf(sum) === 0n) uow.remove(TRANSACTION_TOTALS_VIEW, userId, key, event.position);
    else uow.put(TRANSACTION_TOTALS_VIEW, userId, key, { id: key, ...delta, count, sum }, event.position);
  }
}

type Recorded<E> = RecordedEvent & E;

/**
 * An edit or a deletion is measured against the transaction as the transactions view holds it
 * before the event, whatever the order of the projections (see `staged.ts`).
 */
export const transactionTotalsProjection: Projection = {
  name: 'transaction-totals',
  // 2: sums are exact past 2^53 (ExactTotal).
  // 3: split transactions add their lines to their categories' sums, counted once in their own category.
  version: 3,
  views: [transactionTotalsView],
  reads: [TRANSACTIONS_VIEW],
  handles: ['TransactionAdded', 'TransactionEdited', 'TransactionDeleted', 'CategoryDeleted'],
  async apply(event, uow) {
    const known = event as Recorded<TransactionEvent | CategoryDeleted>;
    const userId = known.metadata.userId;
    switch (known.type) {
      case 'TransactionAdded':
        return applyDeltas(known, totalsDelta(null, known.data), uow);
      case 'TransactionEdited':
      case 'TransactionDeleted': {
        const current = await uow.get<TransactionView>(TRANSACTIONS_VIEW, userId, known.data.transactionId);
        // Only what the transactions view will change: nothing for a transaction it no longer has.
        if (current === null || !isNewerThan(known, current)) return;
        const after =
          known.type === 'TransactionEdited'
            ? {
                ...current.doc,
                ...Object.fromEntries(Object.entries(known.data.changes).filter(([, v]) => v !== undefined)),
              }
            : null;
        return applyDeltas(known, totalsDelta(current.doc, after as Part | null), uow);
      }
      case 'CategoryDeleted': {
        // Exactly the transactions the transactions projection moves: those older than the event
        // of the category, and the split ones with a line in it.
        const { categoryId, replacementCategoryId } = known.data;
        const [own, split] = await Promise.all([
          uow.findByField<TransactionView>(TRANSACTIONS_VIEW, userId, 'categoryId', categoryId),
          uow.findByField<TransactionView>(TRANSACTIONS_VIEW, userId, 'split', 1),
        ]);
        const moving = new Map(own.map((stored) => [stored.id, stored]));
        for (const stored of split) {
          if (stored.doc.splits?.some((line) => line.categoryId === categoryId) === true) moving.set(stored.id, stored);
        }
        const swap = (id: string) => (id === categoryId ? replacementCategoryId : id);
        const deltas = new Map<string, Delta>();
        for (const stored of moving.values()) {
          if (!isNewerThan(known, stored)) continue;
          const lines = stored.doc.splits ?? null;
          const after: Part = {
            ...stored.doc,
            categoryId: swap(stored.doc.categoryId),
            splits: lines === null ? null : lines.map((line) => ({ ...line, categoryId: swap(line.categoryId) })),
          };
          for (const [key, delta] of totalsDelta(stored.doc, after)) {
            const current = deltas.get(key);
            deltas.set(key, {
              ...delta,
              count: (current?.count ?? 0) + delta.count,
              sum: exactTotal(totalOf(current?.sum) + totalOf(delta.sum)),
            });
          }
        }
        return applyDeltas(known, deltas, uow);
      }
      default:
        return;
    }
  },
};
