import { comparePositions, type Position } from '@plenty/platform/event-store/port';
import type { Document, StoredDocument, UnitOfWork, ViewDefinition } from '@plenty/platform/read-store/port';

/** What a projection wrote while applying one event, not yet handed to the unit of work. */
type Write =
  | {
      readonly kind: 'put';
      readonly view: string;
      readonly userId: string;
      readonly id: string;
      readonly doc: Document;
      readonly position: Position;
    }
  | {
      readonly kind: 'remove';
      readonly view: string;
      readonly userId: string;
      readonly id: string;
      readonly position: Position;
    }
  | { readonly kind: 'purge'; readonly userId: string };

/** A unit of work whose writes wait for `commit`, while its own reads already see them. */
export interface StagedUnitOfWork extends UnitOfWork {
  /** Hands the writes, in the order they were made, to the unit of work underneath. */
  commit(): void;
}

const keyOf = (view: string, userId: string, id: string) => `${view}\u0000${userId}\u0000${id}`;

/**
 * Stages the writes made through it: reads see the documents underneath with these writes
 * over them, and nothing reaches `uow` before `commit`. The applier gives each projection its
 * own for each event and commits them all once every projection has applied the event, so a
 * projection reading another's view reads it as it stood before the event, whichever of the
 * two runs first: the order of the projections changes nothing. A write older than the
 * document underneath is ignored, as the unit of work ignores it.
 */
export function staged(uow: UnitOfWork, views: readonly ViewDefinition[]): StagedUnitOfWork {
  const writes: Write[] = [];
  /** The latest write per document: the document, or null when removed. */
  const latest = new Map<string, { readonly doc: Document | null; readonly position: Position }>();
  const purged = new Set<string>();
  // Made when a search by field first needs it: the applier stages every projection's writes
  // for every event, and most events search nothing.
  let definitions: Map<string, ViewDefinition> | null = null;

  const valueOf = (view: string, doc: Document, field: string): unknown => {
    definitions ??= new Map(views.map((definition) => [definition.name, definition]));
    const definition = definitions.get(view);
    return definition?.indexValues === undefined ? doc[field] : definition.indexValues(doc)[field];
  };

  async function get<D extends Document>(view: string, userId: string, id: string): Promise<StoredDocument<D> | null> {
    const below = purged.has(userId) ? null : await uow.get<D>(view, userId, id);
    const write = latest.get(keyOf(view, userId, id));
    if (write === undefined || (below !== null && comparePositions(below.position, write.position) >= 0)) return below;
    return write.doc === null ? null : { userId, id, doc: write.doc as D, position: write.position };
  }

  return {
    get,
    async findByField<D extends Document>(view: string, userId: string, field: string, value: string | number) {
      const below = purged.has(userId) ? [] : await uow.findByField<D>(view, userId, field, value);
      // The documents underneath in their order, then those only written here.
      const ids = below.map((stored) => stored.id);
      const prefix = keyOf(view, userId, '');
      const written = [...latest.keys()].filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
      ids.push(...written.filter((id) => !ids.includes(id)).sort());
      const found: StoredDocument<D>[] = [];
      for (const id of ids) {
        const stored = await get<D>(view, userId, id);
        if (stored !== null && valueOf(view, stored.doc, field) === value) found.push(stored);
      }
      return found;
    },
    put(view, userId, id, doc, position) {
      writes.push({ kind: 'put', view, userId, id, doc, position });
      latest.set(keyOf(view, userId, id), { doc, position });
    },
    remove(view, userId, id, position) {
      writes.push({ kind: 'remove', view, userId, id, position });
      latest.set(keyOf(view, userId, id), { doc: null, position });
    },
    purgeUser(userId) {
      writes.push({ kind: 'purge', userId });
      purged.add(userId);
      for (const key of latest.keys()) if (key.split('\u0000')[1] === userId) latest.delete(key);
    },
    commit() {
      for (const write of writes.splice(0)) {
        if (write.kind === 'put') uow.put(write.view, write.userId, write.id, write.doc, write.position);
        else if (write.kind === 'remove') uow.remove(write.view, write.userId, write.id, write.position);
        else uow.purgeUser(write.userId);
      }
      latest.clear();
      purged.clear();
    },
  };
}
