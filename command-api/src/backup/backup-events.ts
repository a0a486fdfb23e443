import { RESTORED_STREAMS, type BackupEvent } from '@plenty/contracts/backup';
import { streamCategory } from '@plenty/contracts/events/envelope';
import type { ImportRef } from '@plenty/contracts/import-ref';
import type { RecurrenceRef } from '@plenty/contracts/recurring';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import type { EventStore, Position } from '@plenty/platform/event-store/port';

/** Where a backup reads the user's history: the event store and the codec that opens it. */
export interface BackupEventsDeps {
  readonly eventStore: EventStore;
  readonly codec: EventCodec;
}

/** Events read from the store at a time: memory holds one page, however long the history. */
export const BACKUP_EVENTS_PAGE = 1000;

const BACKED_UP: ReadonlySet<string> = new Set(RESTORED_STREAMS);
const TRANSACTION = 'transaction';

type Origin = NonNullable<BackupEvent['origin']>;

/** The occurrence or import row a transaction stream came from, named by its `TransactionAdded`. */
function originOf(data: Record<string, unknown>): Origin | null {
  const recurrence = data.recurrence as RecurrenceRef | undefined;
  const imported = data.import as ImportRef | undefined;
  if (recurrence === undefined && imported === undefined) return null;
  return {
    ...(recurrence === undefined ? {} : { recurrence: { ruleId: recurrence.ruleId, date: recurrence.date } }),
    ...(imported === undefined ? {} : { import: { batchId: imported.batchId, row: imported.row } }),
  };
}

/**
 * Every event of the user's own streams a backup holds (`RESTORED_STREAMS`: profile,
 * transactions, transfers, recurring rules, debts, imports; never notifications, the account's
 * records, verification or restores), in global order, decrypted and in the current shape of
 * its type, read page by page from the store. Each event of a transaction stream a recurring
 * rule posted or an import added carries `origin`, the occurrence or row it came from (named
 * by the stream's `TransactionAdded`, which comes first in the stream and so first here).
 */
export async function* backupEvents(deps: BackupEventsDeps, userId: string): AsyncGenerator<BackupEvent> {
  const origins = new Map<string, Origin>();
  let after: Position | undefined;
  for (;;) {
    const page = await deps.eventStore.readUserEvents(userId, {
      ...(after === undefined ? {} : { after }),
      maxCount: BACKUP_EVENTS_PAGE,
    });
    for (const stored of page) {
      const family = streamCategory(stored.streamId);
      if (!BACKED_UP.has(family) || stored.metadata.userId !== userId) continue;
      const event = await deps.codec.decode(stored);
      const data = event.data;
      let origin: Origin | undefined;
      if (family === TRANSACTION) {
        if (event.type === 'TransactionAdded') {
          const named = originOf(data);
          if (named !== null) origins.set(event.streamId, named);
        }
        origin = origins.get(event.streamId);
      }
      yield {
        id: event.id,
        streamId: event.streamId,
        type: event.type,
        data,
        occurredAt: event.metadata.occurredAt,
        schemaVersion: event.metadata.schemaVersion,
        ...(origin === undefined ? {} : { origin }),
      };
    }
    const last = page.at(-1);
    if (last === undefined || page.length < BACKUP_EVENTS_PAGE) return;
    after = last.position;
  }
}
