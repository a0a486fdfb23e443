import { TRANSACTIONS_VIEW, TRANSACTION_HISTORY_VIEW } from '@plenty/contracts/views/registry';
import {
  HISTORY_CHUNK_SIZE,
  transactionHistoryEntriesOf,
  type TransactionHistory,
  type TransactionHistoryChunk,
  type TransactionHistoryDoc,
  type TransactionHistoryEntry,
  type TransactionHistoryQuery,
  type TransactionView,
} from '@plenty/contracts/views/transactions';
import { InvalidCursorError, type ReadStore } from '@plenty/platform/read-store/port';
import { notFound, paged } from '../query-route.js';

/*
 * A transaction's history, newest revision first, from the `transaction_history` view: chunks of
 * 64 revisions (projection version 3), or one document per event in a view still frozen in the
 * older layout while its rebuild runs; both are indexed by the item and their first revision.
 * A transaction whose stream holds only its addition has no chunk: the `transactions` view
 * answers for it. The cursor is the revision of the page's last entry (`r<revision>`).
 */

const CURSOR = /^r(\d{1,9})$/;

function revisionBefore(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const match = CURSOR.exec(cursor);
  if (match?.[1] === undefined) throw new InvalidCursorError();
  return Number(match[1]);
}

/** Up to `limit + 1` entries older than `before` (every one without it), newest first. */
async function entriesBefore(
  readStore: ReadStore,
  userId: string,
  transactionId: string,
  limit: number,
  before: number | undefined,
): Promise<TransactionHistoryEntry[]> {
  const entries: TransactionHistoryEntry[] = [];
  // Chunks hold up to 64 entries: two or three documents make a page; documents of the older
  // layout hold one, and the loop reads on until the page is full.
  const perRead = Math.min(limit + 1, Math.ceil((limit + 1) / HISTORY_CHUNK_SIZE) + 1);
  let cursor: string | undefined;
  do {
    const page = await readStore.find<TransactionHistoryChunk | TransactionHistoryDoc>(TRANSACTION_HISTORY_VIEW, {
      userId,
      where: { transactionId },
      ...(before === undefined ? {} : { ranges: { revision: { lt: before } } }),
      sort: [{ field: 'revision', direction: 'desc' }],
      limit: perRead,
      ...(cursor === undefined ? {} : { cursor }),
    });
    for (const { doc } of page.items) {
      const held = transactionHistoryEntriesOf(doc);
      for (let i = held.length - 1; i >= 0; i -= 1) {
        const entry = held[i];
        if (entry !== undefined && (before === undefined || entry.revision < before)) entries.push(entry);
      }
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined && entries.length <= limit);
  return entries;
}

export function transactionHistoryPage(
  readStore: ReadStore,
  userId: string,
  transactionId: string,
  query: TransactionHistoryQuery,
): Promise<TransactionHistory> {
  return paged(async () => {
    const before = revisionBefore(query.cursor);
    let entries = await entriesBefore(readStore, userId, transactionId, query.limit, before);
    if (entries.length === 0 && before === undefined) {
      // Only its addition so far, or nothing of this user's: the transactions view tells which.
      const added = await readStore.get<TransactionView>(TRANSACTIONS_VIEW, userId, transactionId);
      if (added === null) throw notFound();
      if (added.doc.revision === 0) {
        entries = [{ revision: 0, type: 'added', occurredAt: added.doc.createdAt, changes: [] }];
      } else {
        // An event landed between the two reads: its chunk holds the history now.
        entries = await entriesBefore(readStore, userId, transactionId, query.limit, before);
        if (entries.length === 0) throw notFound();
      }
    }
    const items = entries.slice(0, query.limit);
    const last = items.at(-1);
    return { items, nextCursor: entries.length > query.limit && last !== undefined ? `r${last.revision}` : null };
  });
}
