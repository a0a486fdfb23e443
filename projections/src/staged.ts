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
  return new Stage(uow, views);
}

/**
 * One per projection and event (a replay makes millions): a class, so its methods are shared,
 * and its maps made on the first write, since many projections only read for an event.
 */
class Stage implements StagedUnitOfWork {
  private readonly writes: Write[] = [];
  /** The latest write per document: the document, or null when removed. */
  private latest: Map<string, { readonly doc: Document | null; readonly position: Position }> | null = null;
  private purged: Set<string> | null = null;
  // Made when a search by field first needs it: most events search nothing.
  private definitions: Map<string, ViewDefinition> | null = null;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly views: readonly ViewDefinition[],
  ) {}

  private valueOf(view: string, doc: Document, field: string): unknown {
    this.definitions ??= new Map(this.views.map((definition) => [definition.name, definition]));
    const definition = this.definitions.get(view);
    return definition?.indexValues === undefined ? doc[field] : definition.indexValues(doc)[field];
  }

  async get<D extends Document>(view: string, userId: string, id: string): Promise<StoredDocument<D> | null> {
    const below = this.purged?.has(userId) === true ? null : await this.uow.get<D>(view, userId, id);
    const write = this.latest?.get(keyOf(view, userId, id));
    if (write === undefined || (below !== null && comparePositions(below.position, write.position) >= 0)) return below;
    return write.doc === null ? null : { userId, id, doc: write.doc as D, position: write.position };
  }

  async findByField<D extends Document>(
    view: string,
    userId: string,
    field: string,
    value: string | number,
  ): Promise<StoredDocument<D>[]> {
    const below = this.purged?.has(userId) === true ? [] : await this.uow.findByField<D>(view, userId, field, value);
    // The documents underneath in their order, then those only written here.
    const ids = below.map((stored) => stored.id);
    const prefix = keyOf(view, userId, '');
    const written = [...(this.latest?.keys() ?? [])]
      .filter((key) => key.startsWith(prefix))
      .map((key) => key.slice(prefix.length));
    ids.push(...written.filter((id) => !ids.includes(id)).sort());
    const found: StoredDocument<D>[] = [];
    for (const id of ids) {
      const stored = await this.get<D>(view, userId, id);
      if (stored !== null && this.valueOf(view, stored.doc, field) === value) found.push(stored);
    }
    return found;
  }

  put(view: string, userId: string, id: string, doc: Document, position: Position): void {
    this.writes.push({ kind: 'put', view, userId, id, doc, position });
    (this.latest ??= new Map()).set(keyOf(view, userId, id), { doc, position });
  }

  remove(view: string, userId: string, id: string, position: Position): void {
    this.writes.push({ kind: 'remove', view, userId, id, position });
    (this.latest ??= new Map()).set(keyOf(view, userId, id), { doc: null, position });
  }

  purgeUser(userId: string): void {
    this.writes.push({ kind: 'purge', userId });
    (this.purged ??= new Set()).add(userId);
    if (this.latest !== null)
      for (const key of this.latest.keys()) if (key.split('\u0000')[1] === userId) this.latest.delete(key);
  }

  commit(): void {
    for (const write of this.writes.splice(0)) {
      if (write.kind === 'put') this.uow.put(write.view, write.userId, write.id, write.doc, write.position);
      else if (write.kind === 'remove') this.uow.remove(write.view, write.userId, write.id, write.position);
      else this.uow.purgeUser(write.userId);
    }
    this.latest?.clear();
    this.purged?.clear();
  }
}
