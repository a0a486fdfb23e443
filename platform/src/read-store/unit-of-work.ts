import type { Position } from '../event-store/port.js';
import { positionKey } from './keys.js';
import type {
  Document,
  FindQuery,
  FindResult,
  ReadAheadGroup,
  StoredDocument,
  UnitOfWork,
  ViewDefinition,
} from './port.js';

/** A buffered write: doc null is a removal (tombstone). */
export interface BufferedWrite {
  readonly userId: string;
  readonly id: string;
  readonly doc: Document | null;
  readonly position: Position;
}

/** A document as a unit of work read it from its store. */
export interface StoredState {
  readonly doc: Document | null;
  readonly position: Position;
  readonly json?: string | null;
}

export const byId = (a: { id: string }, b: { id: string }): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export const bufferKey = (userId: string, id: string): string => `${userId}\u0000${id}`;

/** What a unit of work needs from its store: the views, the stored documents and the indexed values. */
export interface UnitOfWorkBacking {
  view(name: string): ViewDefinition;
  /**
   * The stored document (null doc for a tombstone) or null when there is none; `json`, when the
   * store gives it, is the document as stored (null for a tombstone), which no projection can change.
   */
  stored(view: string, userId: string, id: string): Promise<StoredState | null>;
  /**
   * Optional: what `stored` answers for each of a user's ids, in one look-up; the map holds the
   * ids found (a tombstone too), an id left out has nothing stored.
   */
  storedMany?(view: string, userId: string, ids: readonly string[]): Promise<ReadonlyMap<string, StoredState>>;
  find<D extends Document>(view: string, query: FindQuery): Promise<FindResult<D>>;
  /**
   * The stored documents of a user whose indexed `field` equals `value`, in any order, as `find`
   * with that condition answers them; optional (a store without it is asked `find`).
   */
  storedByField?<D extends Document>(
    view: string,
    userId: string,
    field: string,
    value: string | number,
  ): Promise<readonly StoredDocument<D>[]>;
  /**
   * Whether the document's indexed `field` equals `value` as the store compares them; throws
   * for a field the view does not index.
   */
  indexedEquals(view: ViewDefinition, doc: Document, field: string, value: string | number): boolean;
}

/**
 * Buffers a batch's writes for the store to commit at once; reads see them. Within the batch
 * a write older than the one buffered is dropped; against stored documents the store's commit
 * guards by position.
 */
export class BufferedUnitOfWork implements UnitOfWork {
  readonly writes = new Map<string, Map<string, BufferedWrite>>();
  readonly purged = new Set<string>();
  /**
   * Documents read from the store in this batch, absent ones too (null): the store does not
   * change before the batch commits, and the projections read the same documents again and
   * again (a new transaction's id by four of them, the user's preferences and wallet by each row).
   */
  private readonly reads = new Map<string, Map<string, StoredState | null>>();
  /** Per key (user and id), the read-ahead groups that name it. */
  private readonly ahead = new Map<string, ReadAheadGroup[]>();
  /** Per view, the read-ahead groups already looked up in it. */
  private readonly aheadRead = new Map<string, Set<ReadAheadGroup>>();
  /** Per group and prefix, the group's ids under that prefix (`tx:` + id), made once. */
  private readonly prefixed = new Map<ReadAheadGroup, Map<string, ReadAheadGroup>>();

  constructor(private readonly store: UnitOfWorkBacking) {}

  /**
   * Ids the batch is likely to read (see `UnitOfWork.readAhead`): the first read of one of them
   * that must go to the store looks up its groups' ids in that view with one `storedMany`, and
   * each answer, found or not, is kept as a read of this batch. An id made of a prefix, a colon
   * and a named id (`tx:` + a transaction's id) is read ahead with the ids of that id's groups
   * under the same prefix. Only where the store has `storedMany`; a group of one id is no use.
   */
  readAhead(groups: readonly ReadAheadGroup[]): void {
    if (this.store.storedMany === undefined) return;
    for (const group of groups) {
      if (group.ids.length < 2) continue;
      for (const id of group.ids) {
        const key = bufferKey(group.userId, id);
        const named = this.ahead.get(key);
        if (named === undefined) this.ahead.set(key, [group]);
        else named.push(group);
      }
    }
  }

  /** The read-ahead groups an id is in, as it is or as a prefixed named id. */
  private aheadGroups(userId: string, id: string): readonly ReadAheadGroup[] | undefined {
    const named = this.ahead.get(bufferKey(userId, id));
    if (named !== undefined) return named;
    const colon = id.indexOf(':');
    if (colon < 1) return undefined;
    const under = this.ahead.get(bufferKey(userId, id.slice(colon + 1)));
    if (under === undefined) return undefined;
    const prefix = id.slice(0, colon + 1);
    return under.map((group) => {
      let byPrefix = this.prefixed.get(group);
      if (byPrefix === undefined) this.prefixed.set(group, (byPrefix = new Map()));
      let made = byPrefix.get(prefix);
      if (made === undefined) {
        made = { userId: group.userId, ids: group.ids.map((named) => prefix + named) };
        byPrefix.set(prefix, made);
      }
      return made;
    });
  }

  /** Looks up, in one call, the ids of the groups not yet read in the view and not read already. */
  private async readGroups(
    view: string,
    userId: string,
    groups: readonly ReadAheadGroup[],
    reads: Map<string, StoredState | null>,
    storedMany: NonNullable<UnitOfWorkBacking['storedMany']>,
  ): Promise<void> {
    let done = this.aheadRead.get(view);
    if (done === undefined) this.aheadRead.set(view, (done = new Set()));
    const ids = new Set<string>();
    for (const group of groups) {
      if (done.has(group)) continue;
      done.add(group);
      for (const id of group.ids) if (!reads.has(bufferKey(userId, id))) ids.add(id);
    }
    if (ids.size < 2) return;
    const found = await storedMany.call(this.store, view, userId, [...ids]);
    for (const id of ids) {
      const key = bufferKey(userId, id);
      // A read that went to the store meanwhile answered the same: the store does not change in a batch.
      if (!reads.has(key)) reads.set(key, found.get(id) ?? null);
    }
  }

  private async current(view: string, userId: string, id: string): Promise<StoredState | null> {
    const buffered = this.writes.get(view)?.get(bufferKey(userId, id));
    if (buffered !== undefined) return buffered;
    if (this.purged.has(userId)) return null;
    let reads = this.reads.get(view);
    if (reads === undefined) this.reads.set(view, (reads = new Map()));
    const key = bufferKey(userId, id);
    const known = reads.get(key);
    if (known !== undefined) return known;
    const groups = this.ahead.size === 0 ? undefined : this.aheadGroups(userId, id);
    const { storedMany } = this.store;
    if (groups !== undefined && storedMany !== undefined) {
      await this.readGroups(view, userId, groups, reads, storedMany);
      const read = reads.get(key);
      if (read !== undefined) return read;
    }
    const stored = await this.store.stored(view, userId, id);
    reads.set(key, stored);
    return stored;
  }

  /**
   * The document's JSON as the store held it when this batch first read it (null: a tombstone), or
   * undefined when the batch did not read it, the store did not give its JSON, or there was none
   * or the user was purged in this batch. The store does not change before the batch commits.
   */
  storedJson(view: string, userId: string, id: string): string | null | undefined {
    if (this.purged.has(userId)) return undefined;
    return this.reads.get(view)?.get(bufferKey(userId, id))?.json;
  }

  async get<D extends Document>(view: string, userId: string, id: string): Promise<StoredDocument<D> | null> {
    this.store.view(view);
    const current = await this.current(view, userId, id);
    if (current === null || current.doc === null) return null;
    return { userId, id, doc: current.doc as D, position: current.position };
  }

  async findByField<D extends Document>(
    viewName: string,
    userId: string,
    field: string,
    value: string | number,
  ): Promise<StoredDocument<D>[]> {
    const view = this.store.view(viewName);
    const found = new Map<string, StoredDocument<D>>();
    if (!this.purged.has(userId)) {
      const stored =
        this.store.storedByField === undefined
          ? (await this.store.find<D>(viewName, { userId, where: { [field]: value }, sort: [], limit: 1_000_000 }))
              .items
          : await this.store.storedByField<D>(viewName, userId, field, value);
      for (const item of stored) found.set(item.id, item);
    }
    for (const write of this.writes.get(viewName)?.values() ?? []) {
      if (write.userId !== userId) continue;
      const matches = write.doc !== null && this.store.indexedEquals(view, write.doc, field, value);
      if (matches) found.set(write.id, { userId, id: write.id, doc: write.doc as D, position: write.position });
      else found.delete(write.id);
    }
    // In id order, whether a document was stored or written in this batch: the order the
    // caller applies them in must not depend on where batches happen to end.
    return [...found.values()].sort(byId);
  }

  put(view: string, userId: string, id: string, doc: Document, position: Position): void {
    this.write(view, { userId, id, doc, position });
  }

  remove(view: string, userId: string, id: string, position: Position): void {
    this.write(view, { userId, id, doc: null, position });
  }

  private write(view: string, write: BufferedWrite): void {
    this.store.view(view);
    const key = bufferKey(write.userId, write.id);
    const buffered = this.writes.get(view)?.get(key);
    if (buffered !== undefined && positionKey(buffered.position) >= positionKey(write.position)) return;
    let writes = this.writes.get(view);
    if (writes === undefined) this.writes.set(view, (writes = new Map()));
    writes.set(key, write);
  }

  purgeUser(userId: string): void {
    this.purged.add(userId);
    for (const writes of this.writes.values()) {
      for (const [key, write] of writes) if (write.userId === userId) writes.delete(key);
    }
  }
}
