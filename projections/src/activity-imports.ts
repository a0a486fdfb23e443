import { IMPORTS_VIEW } from '@plenty/contracts/views/registry';
import type { RestoreEvent } from '@plenty/contracts/backup';
import type { ImportEvent, ImportView } from '@plenty/contracts/imports';
import type { ActivityDoc, ActivitySubject } from '@plenty/contracts/views/activity';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { UnitOfWork } from '@plenty/platform/read-store/port';
import { activityCounts } from './activity-counts.js';

/*
 * How imports and restores read on the Activity page (see contracts/views/activity.ts): each
 * event of an import batch is an entry of the batch, named by its file, with the numbers of that
 * event; each event of a restore is an entry of the backup it restores. The transactions an
 * import added or its undo deleted have their own entries, as any transaction does.
 */

type Recorded<E> = RecordedEvent & E;
type Entry = Pick<ActivityDoc, 'kind' | 'subjectId' | 'subject' | 'type'> & Partial<ActivityDoc>;

export const IMPORT_ACTIVITY_EVENTS = ['ImportStarted', 'ImportFinished', 'ImportUndoStarted', 'ImportUndone'] as const;
export const RESTORE_ACTIVITY_EVENTS = ['RestoreStarted', 'RestoreFinished'] as const;

/** A batch is named by its file (null once the user's key is erased). */
const fileSubject = (fileName: string | null): ActivitySubject => ({
  name: fileName === '' ? null : fileName,
  categoryId: null,
  amount: null,
});

export async function importEntry(event: Recorded<ImportEvent>, uow: UnitOfWork): Promise<Entry | null> {
  const base = { kind: 'import' as const, subjectId: event.data.batchId };
  if (event.type === 'ImportStarted') {
    return {
      ...base,
      type: 'import_started',
      subject: fileSubject(event.data.fileName ?? null),
      counts: activityCounts({ rows: event.data.rowCount }),
    };
  }
  const stored = await uow.get<ImportView>(IMPORTS_VIEW, event.metadata.userId, event.data.batchId);
  const subject = fileSubject(stored?.doc.fileName ?? null);
  switch (event.type) {
    case 'ImportFinished': {
      const { added, existing, skipped } = event.data;
      return {
        ...base,
        type: 'import_finished',
        subject,
        counts: activityCounts({ added, existing, skipped: { ...skipped } }),
      };
    }
    case 'ImportUndoStarted':
      return { ...base, type: 'import_undo_started', subject };
    case 'ImportUndone':
      return { ...base, type: 'import_undone', subject, counts: activityCounts({ deleted: event.data.deleted }) };
    default:
      return null;
  }
}

export function restoreEntry(event: Recorded<RestoreEvent>): Entry | null {
  const base = {
    kind: 'restore' as const,
    subjectId: event.data.backupId,
    subject: { name: null, categoryId: null, amount: null },
  };
  switch (event.type) {
    case 'RestoreStarted':
      return {
        ...base,
        type: 'restore_started',
        counts: activityCounts({ rows: event.data.eventCount, merge: event.data.merge }),
      };
    case 'RestoreFinished':
      return {
        ...base,
        type: 'restore_finished',
        counts: activityCounts({ added: event.data.appended, existing: event.data.existing }),
      };
    default:
      return null;
  }
}
