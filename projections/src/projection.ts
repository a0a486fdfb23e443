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
  /**
   * Views of other projections this one reads while applying an event, as they stood before
   * the event whatever the order of the projections (`staged.ts`). A projection is
   * rebuilt together with those it reads (and those that read it), so it never reads a view
   * at another point of the history than its own.
   */
  readonly reads?: readonly string[];
  apply(event: RecordedEvent, uow: UnitOfWork): Promise<void>;
}

/**
 * The unit of work as a projection may use it: it reads its own views and those it declares
 * in `reads`, and writes only its own. Anything else throws, naming the projection and view.
 */
export function declaredAccess(projection: Projection, uow: UnitOfWork): UnitOfWork {
  const own = new Set(projection.views.map((view) => view.name));
  const readable = new Set([...own, ...(projection.reads ?? [])]);
  const read = (view: string) => {
    if (!readable.has(view)) {
      throw new Error(`${projection.name} reads the view ${view}, which it neither writes nor declares in reads`);
    }
  };
  const write = (view: string) => {
    if (!own.has(view)) throw new Error(`${projection.name} writes the view ${view}, which is not one of its views`);
  };
  return {
    get: (view, userId, id) => (read(view), uow.get(view, userId, id)),
    findByField: (view, userId, field, value) => (read(view), uow.findByField(view, userId, field, value)),
    put: (view, userId, id, doc, position) => (write(view), uow.put(view, userId, id, doc, position)),
    remove: (view, userId, id, position) => (write(view), uow.remove(view, userId, id, position)),
    purgeUser: (userId) => uow.purgeUser(userId),
  };
}

/** Whether the event is newer than what the stored document already reflects. */
export function isNewerThan(event: RecordedEvent, stored: StoredDocument | null): boolean {
  return stored === null || comparePositions(stored.position, event.position) < 0;
}
