import { TRANSACTIONS_VIEW, TRANSACTION_HISTORY_VIEW } from '@plenty/contracts/views/registry';
import type { TransactionChanges, TransactionEvent } from '@plenty/contracts/events/transaction';
import {
  HISTORY_CHUNK_SIZE,
  HISTORY_FIELDS,
  type HistoryChange,
  type TransactionHistoryChunk,
  type TransactionHistoryEntry,
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

const chunkId = (transactionId: string, chunk: number): string => `${transactionId}:${chunk}`;

/**
 * A transaction's history in chunks of 64 revisions (`TransactionHistoryChunk`), one document
 * per chunk rather than one per event: an edit rewrites its chunk (at most 64 entries), so a
 * transaction edited 100,000 times has 1,563 bounded documents and each edit costs the same.
 * The adding event at revision 0 writes nothing: most transactions are never edited, and their
 * history is answered from the `transactions` view (added at its `createdAt`). The first later
 * event writes that entry into chunk 0 from the `transactions` view as it stood before the event.
 * An edit's changes are diffed against that view too, whatever the projections' order (`staged.ts`).
 */
export const transactionHistoryProjection: Projection = {
  name: 'transaction-history',
  // 2: the history shows changes of split lines and tags.
  // 3: chunks of 64 revisions; nothing written for the adding event while nothing follows it.
  version: 3,
  views: [transactionHistoryView],
  reads: [TRANSACTIONS_VIEW],
  handles: ['TransactionAdded', 'TransactionEdited', 'TransactionDeleted'],
  async apply(event, uow: UnitOfWork) {
    const known = event as Recorded<TransactionEvent>;
    const userId = known.metadata.userId;
    const { transactionId } = known.data;
    // The adding event that opens the stream: answered from the transactions view until another follows.
    if (known.type === 'TransactionAdded' && known.revision === 0) return;
    const chunk = Math.floor(known.revision / HISTORY_CHUNK_SIZE);
    const stored = await uow.get<TransactionHistoryChunk>(
      TRANSACTION_HISTORY_VIEW,
      userId,
      chunkId(transactionId, chunk),
    );
    if (!isNewerThan(known, stored)) return;
    const current = await uow.get<TransactionView>(TRANSACTIONS_VIEW, userId, transactionId);
    let entry: TransactionHistoryEntry;
    switch (known.type) {
      case 'TransactionAdded':
        entry = { revision: known.revision, type: 'added', occurredAt: known.metadata.occurredAt, changes: [] };
        break;
      case 'TransactionEdited':
        entry = {
          revision: known.revision,
          type: 'edited',
          occurredAt: known.metadata.occurredAt,
          changes: diffTransaction(current?.doc ?? null, known.data.changes),
        };
        break;
      case 'TransactionDeleted':
        entry = { revision: known.revision, type: 'deleted', occurredAt: known.metadata.occurredAt, changes: [] };
        break;
      default:
        return;
    }
    const first =
      chunk === 0
        ? stored
        : await uow.get<TransactionHistoryChunk>(TRANSACTION_HISTORY_VIEW, userId, chunkId(transactionId, 0));
    // No chunk 0 after revision 0: the stream opened with an addition that wrote nothing; the
    // transactions view still holds it as it was added (nothing else has changed it).
    const opening: TransactionHistoryEntry[] =
      first === null && known.revision > 0 && current !== null && current.doc.revision === 0
        ? [{ revision: 0, type: 'added', occurredAt: current.doc.createdAt, changes: [] }]
        : [];
    if (chunk === 0) {
      const entries = [...opening, ...(stored?.doc.entries ?? []), entry];
      uow.put(
        TRANSACTION_HISTORY_VIEW,
        userId,
        chunkId(transactionId, 0),
        chunkOf(transactionId, 0, entries),
        known.position,
      );
      return;
    }
    if (opening.length > 0) {
      uow.put(
        TRANSACTION_HISTORY_VIEW,
        userId,
        chunkId(transactionId, 0),
        chunkOf(transactionId, 0, opening),
        known.position,
      );
    }
    const entries = [...(stored?.doc.entries ?? []), entry];
    uow.put(
      TRANSACTION_HISTORY_VIEW,
      userId,
      chunkId(transactionId, chunk),
      chunkOf(transactionId, chunk, entries),
      known.position,
    );
  },
};

function chunkOf(transactionId: string, chunk: number, entries: TransactionHistoryEntry[]): TransactionHistoryChunk {
  return { id: chunkId(transactionId, chunk), transactionId, revision: chunk * HISTORY_CHUNK_SIZE, entries };
}
