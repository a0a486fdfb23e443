import { comparePositions, type RecordedEvent } from '@plenty/platform/event-store/port';
import type { StoredDocument, UnitOfWork, ViewDefinition } from '@plenty/platform/read-store/port';

/**
 * Builds read models from events. `apply` receives decrypted events (personal fields of an
 * erased user read as null) and writes through the unit of work, which ignores writes
 * older than a document's position, so applying an event twice changes nothing.
 */
export interface Projection {
  readonly name: string;
  readonly views: readonly ViewDefinition[];
  readonly handles: readonly string[];
  /**
   * Raise it when the documents this projection writes change meaning, so read models built
   * by the older code are rebuilt from the first event (default 1).
   */
  readonly version?: number;
  apply(event: RecordedEvent, uow: UnitOfWork): Promise<void>;
}

/** Whether the event is newer than what the stored document already reflects. */
export function isNewerThan(event: RecordedEvent, stored: StoredDocument | null): boolean {
  return stored === null || comparePositions(stored.position, event.position) < 0;
}
