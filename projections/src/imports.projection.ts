import { IMPORTS_VIEW, TRANSACTIONS_VIEW } from '@plenty/contracts/views/registry';
import type { TransactionAdded, TransactionDeleted } from '@plenty/contracts/events/transaction';
import type { ImportEvent, ImportStarted, ImportStatus, ImportView } from '@plenty/contracts/imports';
import type { TransactionView } from '@plenty/contracts/views/transactions';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { UnitOfWork, ViewDefinition } from '@plenty/platform/read-store/port';
import { isNewerThan, type Projection } from './projection.js';

/** Newest first is the only order the list is read in; a user has few imports. */
export const importsView: ViewDefinition = {
  name: IMPORTS_VIEW,
  fields: { startedAt: 'text' },
  indexes: [['startedAt']],
};

type Recorded<E> = RecordedEvent & E;

export const IMPORT_EVENT_TYPES = ['ImportStarted', 'ImportFinished', 'ImportUndoStarted', 'ImportUndone'] as const;

function started(event: Recorded<ImportStarted>, before: ImportView | null): ImportView {
  const { data, metadata } = event;
  return {
    // Counts already made (an ImportStarted seen again) are kept.
    added: 0,
    deleted: 0,
    existing: null,
    skipped: {},
    status: 'importing',
    finishedAt: null,
    undoneAt: null,
    ...before,
    batchId: data.batchId,
    // Personal: null once the user's key is erased (the erasure then purges the document).
    fileName: data.fileName ?? '',
    fileSha256: data.fileSha256,
    source: data.source,
    rowCount: data.rowCount,
    startedAt: before?.startedAt ?? metadata.occurredAt,
  };
}

/** An undo under way or done is never turned back by a late finish. */
const finishedStatus = (status: ImportStatus): ImportStatus =>
  status === 'undoing' || status === 'undone' ? status : 'finished';

/** Changes the batch's document, if there is one and the event is newer than it. */
async function update(
  event: RecordedEvent,
  batchId: string,
  uow: UnitOfWork,
  change: (view: ImportView) => ImportView,
): Promise<void> {
  const userId = event.metadata.userId;
  const current = await uow.get<ImportView>(IMPORTS_VIEW, userId, batchId);
  // A row or an end of a batch never comes before the batch's start (the command side starts it first).
  if (current === null || !isNewerThan(event, current)) return;
  uow.put(IMPORTS_VIEW, userId, batchId, change(current.doc), event.position);
}

/** The batch a deleted transaction came from, as the transactions view had it before the deletion. */
async function batchOfDeleted(event: Recorded<TransactionDeleted>, uow: UnitOfWork): Promise<string | null> {
  const stored = await uow.get<TransactionView>(TRANSACTIONS_VIEW, event.metadata.userId, event.data.transactionId);
  return stored?.doc.import?.batchId ?? null;
}

/**
 * One document per import batch of a user (`ImportView`, id = the batch id): its file, status
 * and counts. `added` and `deleted` are counted from the transactions themselves (TransactionAdded
 * naming the batch; TransactionDeleted of a transaction the transactions view, as it stood before
 * the deletion, says came from it), so they are what really happened whatever the client reported.
 *
 * Each counted event reads and writes the batch's one document: for an import of 50,000 rows,
 * 50,000 reads of a document the batch already holds in memory and one write of it per projector
 * batch (the unit of work keeps the latest version of a document). The position guard makes an
 * event delivered again change nothing, and a rebuild counts the same.
 */
export const importsProjection: Projection = {
  name: 'imports',
  views: [importsView],
  reads: [TRANSACTIONS_VIEW],
  handles: [...IMPORT_EVENT_TYPES, 'TransactionAdded', 'TransactionDeleted'],
  async apply(event, uow) {
    const known = event as Recorded<ImportEvent | TransactionAdded | TransactionDeleted>;
    const at = known.metadata.occurredAt;
    switch (known.type) {
      case 'ImportStarted': {
        const userId = known.metadata.userId;
        const current = await uow.get<ImportView>(IMPORTS_VIEW, userId, known.data.batchId);
        if (!isNewerThan(known, current)) return;
        uow.put(IMPORTS_VIEW, userId, known.data.batchId, started(known, current?.doc ?? null), known.position);
        return;
      }
      case 'ImportFinished': {
        const { existing, skipped } = known.data;
        return update(known, known.data.batchId, uow, (view) => ({
          ...view,
          status: finishedStatus(view.status),
          existing,
          skipped: { ...skipped },
          finishedAt: at,
        }));
      }
      case 'ImportUndoStarted':
        return update(known, known.data.batchId, uow, (view) => ({
          ...view,
          status: view.status === 'undone' ? 'undone' : 'undoing',
        }));
      case 'ImportUndone':
        return update(known, known.data.batchId, uow, (view) => ({ ...view, status: 'undone', undoneAt: at }));
      case 'TransactionAdded': {
        const ref = known.data.import;
        if (ref === undefined) return;
        return update(known, ref.batchId, uow, (view) => ({ ...view, added: view.added + 1 }));
      }
      case 'TransactionDeleted': {
        const batchId = await batchOfDeleted(known, uow);
        if (batchId === null) return;
        return update(known, batchId, uow, (view) => ({ ...view, deleted: view.deleted + 1 }));
      }
      default:
        return;
    }
  },
};
