import { TRANSACTIONS_VIEW, TRANSACTION_HISTORY_VIEW } from '@plenty/contracts/views/registry';
import type { TransactionChanges, TransactionEvent } from '@plenty/contracts/events/transaction';
import {
  HISTORY_FIELDS,
  type HistoryChange,
  type TransactionHistoryDoc,
  type TransactionView,
} from '@plenty/contracts/views/transactions';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { UnitOfWork, ViewDefinition } from '@plenty/platform/read-store/port';
import { isNewerThan, type Projection } from './projection.js';

export const transactionHistoryView: ViewDefinition = {
  name: TRANSACTION_HISTORY_VIEW,
  fields: { transactionId: 'text', revision: 'integer' },
  indexes: [['transactionId', 'revision']],
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

type Lines = readonly { readonly categoryId: string; readonly amount: number; readonly note?: string | null }[];

/**
 * A field's value as the history shows it: lines as the views keep them (a note null when none)
 * or null for one category; tags as the list ([] for none); anything else as it is, null when unset.
 */
function shown(field: (typeof HISTORY_FIELDS)[number], value: unknown): unknown {
  if (field === 'splits') {
    const lines = value as Lines | null | undefined;
    return lines === null || lines === undefined || lines.length === 0
      ? null
      : lines.map((line) => ({ categoryId: line.categoryId, amount: line.amount, note: line.note ?? null }));
  }
  if (field === 'tags') return (value as readonly string[] | null | undefined) ?? [];
  return value ?? null;
}

/**
 * The fields an edit really changed, in a fixed order: a field the edit leaves out is not
 * a change, nor is one set to the value it already had; a cleared field goes to null (lines to
 * null, tags to []).
 */
export function diffTransaction(before: TransactionView | null, changes: TransactionChanges): HistoryChange[] {
  return HISTORY_FIELDS.flatMap((field) => {
    if (changes[field] === undefined) return [];
    const to = shown(field, changes[field]);
    const from = before === null ? null : shown(field, before[field]);
    return same(from, to) ? [] : [{ field, from, to }];
  });
}

type Recorded<E> = RecordedEvent & E;

/**
 * One document per event of a transaction stream, keyed by the event id. An edit's changes
 * are diffed against the transactions view as it stands before the edit, which is how every
 * projection reads another's view, whatever their order (see `staged.ts`).
 */
export const transactionHistoryProjection: Projection = {
  name: 'transaction-history',
  // 2: the history shows changes of split lines and tags.
  version: 2,
  views: [transactionHistoryView],
  reads: [TRANSACTIONS_VIEW],
  handles: ['TransactionAdded', 'TransactionEdited', 'TransactionDeleted'],
  async apply(event, uow: UnitOfWork) {
    const known = event as Recorded<TransactionEvent>;
    const userId = known.metadata.userId;
    if (!isNewerThan(known, await uow.get(TRANSACTION_HISTORY_VIEW, userId, known.id))) return;
    let entry: Pick<TransactionHistoryDoc, 'type' | 'changes'>;
    switch (known.type) {
      case 'TransactionAdded':
        entry = { type: 'added', changes: [] };
        break;
      case 'TransactionEdited': {
        const current = await uow.get<TransactionView>(TRANSACTIONS_VIEW, userId, known.data.transactionId);
        entry = { type: 'edited', changes: diffTransaction(current?.doc ?? null, known.data.changes) };
        break;
      }
      case 'TransactionDeleted':
        entry = { type: 'deleted', changes: [] };
        break;
      default:
        return;
    }
    const doc: TransactionHistoryDoc = {
      id: known.id,
      transactionId: known.data.transactionId,
      revision: known.revision,
      occurredAt: known.metadata.occurredAt,
      ...entry,
    };
    uow.put(TRANSACTION_HISTORY_VIEW, userId, known.id, doc, known.position);
  },
};
