import { START, comparePositions, type Position } from '@plenty/platform/event-store/port';
import type {
  BulkWrite,
  Document,
  ReadStore,
  StoredDocument,
  UnitOfWork,
  ViewDefinition,
} from '@plenty/platform/read-store/port';
import { byId } from '@plenty/platform/read-store/unit-of-work';

/** A document the replay holds: written by it (dirty until flushed) or read back from the store. */
interface Entry {
  readonly view: ViewState;
  readonly userId: string;
  readonly id: string;
  /** null: a tombstone, or a document the store does not have. */
  doc: Document | null;
  position: Position;
  dirty: boolean;
  /** Whether the store may hold something under its key (written by an earlier flush, or read back from it). */
  inStore: boolean;
  /** What `get` answers for it, made on the first read after each write. */
  stored: StoredDocument | null;
  /** The flush interval in which it was last read or written. */
  used: number;
}

interface ViewState {
  readonly definition: ViewDefinition;
  /** Documents by user, then by id. */
  readonly users: Map<string, Map<string, Entry>>;
  /** Whether some of its documents were let go after being flushed: only then can the store have one the replay lacks. */
  evicted: boolean;
}

/**
 * The unit of work of a replay from zero into empty views, kept across batches. Every
 * document the replay writes stays in memory until flushed, so reads never go to the store
 * for a document the replay has not written (the views started empty), and a document
 * written by many events is stored once per flush. After each flush, documents not read or
 * written since the one before are let go; their keys go into a filter, so a later read of
 * one (rare) is answered by the store, and any other read by memory alone.
 *
 * Reads and writes behave as the store's unit of work does in one batch: a write at or
 * before a document's position is ignored, removal leaves a tombstone, a purged user has
 * nothing, and `findByField` answers in id order.
 */
export class ReplayUnitOfWork implements UnitOfWork {
  private readonly views = new Map<string, ViewState>();
  private readonly evictedKeys = new KeyFilter(26);
  /** Users purged since the last flush: the store still has their documents until then. */
  private readonly purged = new Set<string>();
  private interval = 0;
  /** The last flush handed to the store, until it is written (the replay goes on meanwhile). */
  private written: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: ReadStore,
    views: readonly ViewDefinition[],
  ) {
    for (const definition of views) this.views.set(definition.name, { definition, users: new Map(), evicted: false });
  }

  private state(view: string): ViewState {
    const state = this.views.get(view);
    if (state === undefined) throw new Error(`unknown view: ${view}`);
    return state;
  }

  async get<D extends Document>(view: string, userId: string, id: string): Promise<StoredDocument<D> | null> {
    const state = this.state(view);
    // Only a view with documents let go can have one the replay lacks (most reads find theirs, or none).
    const entry = state.users.get(userId)?.get(id) ?? (state.evicted ? await this.load(state, userId, id) : undefined);
    if (entry === undefined) return null;
    entry.used = this.interval;
    if (entry.doc === null) return null;
    entry.stored ??= { userId, id, doc: entry.doc, position: entry.position };
    return entry.stored as StoredDocument<D>;
  }

  /** A document let go after a flush, read back from the store; undefined when there cannot be one. */
  private async load(state: ViewState, userId: string, id: string): Promise<Entry | undefined> {
    if (!state.evicted || this.purged.has(userId)) return undefined;
    if (!this.evictedKeys.mayHold(state.definition.name, userId, id)) return undefined;
    await this.settle();
    const stored = await this.store.get(state.definition.name, userId, id);
    // Nothing else runs while the replay awaits, but keep whatever the replay holds now.
    const docs = this.docsOf(state, userId);
    const current = docs.get(id);
    if (current !== undefined) return current;
    const entry: Entry = {
      view: state,
      userId,
      id,
      doc: stored?.doc ?? null,
      position: stored?.position ?? START,
      dirty: false,
      // A tombstone reads as null too, and keeps its row.
      inStore: true,
      stored: null,
      used: this.interval,
    };
    docs.set(id, entry);
    return entry;
  }

  private docsOf(state: ViewState, userId: string): Map<string, Entry> {
    let docs = state.users.get(userId);
    if (docs === undefined) state.users.set(userId, (docs = new Map()));
    return docs;
  }

  async findByField<D extends Document>(
    view: string,
    userId: string,
    field: string,
    value: string | number,
  ): Promise<StoredDocument<D>[]> {
    const state = this.state(view);
    const { definition } = state;
    if (!Object.hasOwn(definition.fields, field)) throw new Error(`not an indexed field of ${view}: ${field}`);
    const found = new Map<string, StoredDocument<D>>();
    if (state.evicted && !this.purged.has(userId)) {
      await this.settle();
      const stored = await this.store.find<D>(view, { userId, where: { [field]: value }, sort: [], limit: 1_000_000 });
      for (const item of stored.items) found.set(item.id, item);
    }
    for (const [id, entry] of state.users.get(userId) ?? []) {
      entry.used = this.interval;
      if (entry.doc !== null && indexedValue(definition, entry.doc, field) === value) {
        found.set(id, { userId, id, doc: entry.doc as D, position: entry.position });
      } else found.delete(id);
    }
    return [...found.values()].sort(byId);
  }

  put(view: string, userId: string, id: string, doc: Document, position: Position): void {
    this.write(view, userId, id, doc, position);
  }

  remove(view: string, userId: string, id: string, position: Position): void {
    this.write(view, userId, id, null, position);
  }

  private write(view: string, userId: string, id: string, doc: Document | null, position: Position): void {
    const state = this.state(view);
    const docs = this.docsOf(state, userId);
    const entry = docs.get(id);
    if (entry === undefined) {
      // A document let go earlier is older than any event still to apply: no need to read it first.
      // The store has it only if it was let go (or, rarely, the filter says so of another key).
      const inStore = state.evicted && this.evictedKeys.mayHold(state.definition.name, userId, id);
      const created: Entry = {
        view: state,
        userId,
        id,
        doc,
        position,
        dirty: true,
        used: this.interval,
        stored: null,
        inStore,
      };
      docs.set(id, created);
      return;
    }
    if (entry.position === position || comparePositions(entry.position, position) >= 0) return;
    entry.doc = doc;
    entry.stored = null;
    entry.position = position;
    entry.used = this.interval;
    entry.dirty = true;
  }

  purgeUser(userId: string): void {
    this.purged.add(userId);
    for (const state of this.views.values()) {
      const docs = state.users.get(userId);
      if (docs === undefined) continue;
      state.users.delete(userId);
    }
  }

  /**
   * Hands what changed since the last flush to the store, with the checkpoint, and lets go of
   * the documents nobody read or wrote since the flush before. The writes go in key order
   * (view, user, id), so each table's B-tree is filled page after page. It answers once the
   * store has them, not once they are written (a store with a writer thread writes them while
   * the replay goes on): `settle` waits for that, and so does the next flush and any read of
   * the store. A flush that fails makes the next of these throw.
   */
  async flush(checkpointName: string, position: Position): Promise<void> {
    // Documents let go below were written by an earlier flush: it must be in the store first.
    await this.settle();
    const writes: BulkWrite[] = [];
    for (const state of this.views.values()) {
      const view = state.definition.name;
      for (const userId of [...state.users.keys()].sort()) {
        const docs = state.users.get(userId);
        if (docs === undefined) continue;
        const changed: Entry[] = [];
        for (const [id, entry] of docs) {
          if (entry.dirty) changed.push(entry);
          else if (entry.used < this.interval) {
            docs.delete(id);
            this.evictedKeys.add(view, userId, id);
            state.evicted = true;
          }
        }
        if (docs.size === 0) state.users.delete(userId);
        for (const entry of changed.sort(byId)) {
          entry.dirty = false;
          writes.push({ view, userId, id: entry.id, doc: entry.doc, position: entry.position, fresh: !entry.inStore });
          entry.inStore = true;
        }
      }
    }
    const load = { purged: [...this.purged], writes };
    let written = Promise.resolve();
    // bulkLoad takes what it writes before it answers (SQLite's writer thread has it serialised).
    if (this.store.bulkLoad !== undefined) written = this.store.bulkLoad(checkpointName, position, load);
    else {
      // A store without it reads the documents while it writes: the replay waits.
      await this.store.applyBatch(checkpointName, position, async (uow) => {
        for (const userId of load.purged) uow.purgeUser(userId);
        for (const write of writes) {
          if (write.doc === null) uow.remove(write.view, write.userId, write.id, write.position);
          else uow.put(write.view, write.userId, write.id, write.doc, write.position);
        }
      });
    }
    this.written = written;
    // Awaited by `settle`; a replay that stops before must not leave it unhandled.
    written.catch(() => undefined);
    this.purged.clear();
    this.interval += 1;
  }

  /** Waits until the store has written every flush handed to it; throws if one failed. */
  async settle(): Promise<void> {
    await this.written;
  }
}

/** A document's indexed value of a field as the store compares it: text or a number, else null. */
function indexedValue(view: ViewDefinition, doc: Document, field: string): string | number | null {
  const values = (view.indexValues?.(doc) ?? doc) as Record<string, unknown>;
  const value = values[field];
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

/**
 * A Bloom filter of document keys: `mayHold` is false for a key never added, and true for
 * one added (and, rarely, for another key: that read goes to the store for nothing).
 */
class KeyFilter {
  private readonly bits: Uint32Array;
  private readonly mask: number;

  constructor(log2Bits: number) {
    this.bits = new Uint32Array(2 ** (log2Bits - 5));
    this.mask = 2 ** log2Bits - 1;
  }

  add(view: string, userId: string, id: string): void {
    const [h1, h2] = hashes(view, userId, id);
    for (let i = 0; i < 3; i += 1) {
      const bit = (h1 + i * h2) & this.mask;
      this.bits[bit >>> 5]! |= 1 << (bit & 31);
    }
  }

  mayHold(view: string, userId: string, id: string): boolean {
    const [h1, h2] = hashes(view, userId, id);
    for (let i = 0; i < 3; i += 1) {
      const bit = (h1 + i * h2) & this.mask;
      if ((this.bits[bit >>> 5]! & (1 << (bit & 31))) === 0) return false;
    }
    return true;
  }
}

/** Two 32-bit FNV-1a hashes of the key, with different offsets. */
function hashes(view: string, userId: string, id: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (const part of [view, userId, id]) {
    for (let i = 0; i < part.length; i += 1) {
      const c = part.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
    }
    a = Math.imul(a ^ 0xff, 0x01000193);
    b = Math.imul(b ^ 0xff, 0x5bd1e995);
  }
  return [a >>> 0, (b >>> 0) | 1];
}
