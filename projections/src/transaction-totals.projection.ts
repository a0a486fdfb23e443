import { TRANSACTIONS_VIEW, TRANSACTION_TOTALS_VIEW } from '@plenty/contracts/views/registry';
import type { CategoryDeleted } from '@plenty/contracts/events/profile';
import { exactTotal, totalOf } from '@plenty/contracts/money';
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

type Part = Pick<TransactionView, 'type' | 'categoryId' | 'amount'>;
type Delta = Omit<TransactionTotalsDoc, 'id'>;

const keyOf = (type: string, categoryId: string, currency: string) => `${type}|${categoryId}|${currency}`;

/** How a change of one transaction moves the sums: the old part out, the new part in. */
export function totalsDelta(before: Part | null, after: Part | null): Map<string, Delta> {
  const deltas = new Map<string, Delta>();
  const add = (part: Part, sign: 1 | -1) => {
    const key = keyOf(part.type, part.categoryId, part.amount.currency);
    const current = deltas.get(key) ?? {
      type: part.type,
      categoryId: part.categoryId,
      currency: part.amount.currency,
      count: 0,
      sum: 0,
    };
    deltas.set(key, {
      ...current,
      count: current.count + sign,
      sum: exactTotal(totalOf(current.sum) + BigInt(sign) * BigInt(part.amount.amount)),
    });
  };
  if (before !== null) add(before, -1);
  if (after !== null) add(after, 1);
  for (const [key, delta] of deltas) if (delta.count === 0 && delta.sum === 0) deltas.delete(key);
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
    if (count <= 0) uow.remove(TRANSACTION_TOTALS_VIEW, userId, key, event.position);
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
  version: 2,
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
        // Exactly the transactions the transactions projection moves: those older than the event.
        const moving = await uow.findByField<TransactionView>(
          TRANSACTIONS_VIEW,
          userId,
          'categoryId',
          known.data.categoryId,
        );
        const deltas = new Map<string, Delta>();
        for (const stored of moving) {
          if (!isNewerThan(known, stored)) continue;
          const moved = totalsDelta(stored.doc, { ...stored.doc, categoryId: known.data.replacementCategoryId });
          for (const [key, delta] of moved) {
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
