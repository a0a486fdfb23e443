import type { Position } from '../event-store/port.js';

/** A view table's row as the cache keeps it: its JSON (null for a tombstone) and position. */
export interface CachedRow {
  readonly json: string | null;
  readonly position: Position;
}

/** How many characters of rows the live projector's store keeps by default (about 16 MiB of strings). */
export const DOCUMENT_CACHE_CHARS = 8 * 1024 * 1024;

/** Searches by field kept at most, and the most ids one may find to be kept. */
const MAX_FINDS = 10_000;
const MAX_FIND_IDS = 256;

/** What an entry costs beyond its key and JSON: the map's slot and the record. */
const ENTRY_OVERHEAD = 96;

/**
 * The rows of view tables a read store read or committed, across batches, so the live projector
 * does not read back the documents it wrote a moment ago. A row is kept as its JSON string, so
 * each read parses a document of its own that a projection may change freely. Absent rows are
 * kept too (null), until a batch writes them.
 *
 * It is only correct while nothing but its store changes the file: the store updates it after
 * each commit and forgets everything on every other change (purges, shadow promotions and drops,
 * resets, bulk loads, a failed commit). Least recently used rows go first past `maxChars`.
 */
export class DocumentCache {
  private readonly rows = new Map<string, CachedRow | null>();
  private chars = 0;
  /**
   * Where dropping goes on: one iterator over `rows` kept from drop to drop. Every entry it passed
   * was dropped by it, so its next entry is the oldest; a map iterator also sees the entries added
   * after it was made, and skips the deleted ones. A new iterator for each drop had to step over
   * every entry dropped or moved since the map last compacted itself: 17 % of the samples of an
   * import's projector once the cache was full (docs/PERFORMANCE.md, Import (ninth pass)).
   */
  private oldest: MapIterator<[string, CachedRow | null]> | null = null;
  /**
   * The ids a search by field found (a user's category budgets for each of their transactions),
   * by table, user, field and value; forgotten as soon as a batch writes any row of that user in
   * that table, so a kept list is the one the table would give now.
   */
  private readonly finds = new Map<string, readonly string[]>();
  /** The keys of `finds` per table and user. */
  private readonly findsOf = new Map<string, Set<string>>();
  hits = 0;
  misses = 0;

  constructor(private readonly maxChars = DOCUMENT_CACHE_CHARS) {}

  private static key(table: string, userId: string, id: string): string {
    return `${table}\u0000${userId}\u0000${id}`;
  }

  private static cost(key: string, row: CachedRow | null): number {
    return key.length + (row?.json?.length ?? 0) + ENTRY_OVERHEAD;
  }

  /** The row kept (null: known absent), or undefined when it is not kept. */
  get(table: string, userId: string, id: string): CachedRow | null | undefined {
    const key = DocumentCache.key(table, userId, id);
    const row = this.rows.get(key);
    if (row === undefined) {
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    // Used again: to the end of the map, the last to be dropped.
    this.rows.delete(key);
    this.rows.set(key, row);
    return row;
  }

  set(table: string, userId: string, id: string, row: CachedRow | null): void {
    const key = DocumentCache.key(table, userId, id);
    this.remove(key);
    const cost = DocumentCache.cost(key, row);
    if (cost > this.maxChars) return;
    this.rows.set(key, row);
    this.chars += cost;
    while (this.chars > this.maxChars) {
      const next = (this.oldest ??= this.rows.entries()).next();
      if (next.done === true) {
        this.oldest = null;
        break;
      }
      const [oldest, kept] = next.value;
      this.rows.delete(oldest);
      this.chars -= DocumentCache.cost(oldest, kept);
    }
  }

  delete(table: string, userId: string, id: string): void {
    this.remove(DocumentCache.key(table, userId, id));
  }

  private remove(key: string): void {
    const row = this.rows.get(key);
    if (row === undefined) return;
    this.rows.delete(key);
    this.chars -= DocumentCache.cost(key, row);
  }

  /** The ids of a user's rows whose `field` equals `value` (tombstones left out), or undefined when not kept. */
  getFind(table: string, userId: string, field: string, value: string | number): readonly string[] | undefined {
    return this.finds.get(DocumentCache.findKey(table, userId, field, value));
  }

  setFind(table: string, userId: string, field: string, value: string | number, ids: readonly string[]): void {
    if (ids.length > MAX_FIND_IDS) return;
    if (this.finds.size >= MAX_FINDS) this.clearFinds();
    const key = DocumentCache.findKey(table, userId, field, value);
    this.finds.set(key, ids);
    const owner = `${table}\u0000${userId}`;
    let keys = this.findsOf.get(owner);
    if (keys === undefined) this.findsOf.set(owner, (keys = new Set()));
    keys.add(key);
  }

  /** A batch wrote a row of the user in the table: the searches by field of it are forgotten. */
  written(table: string, userId: string): void {
    const owner = `${table}\u0000${userId}`;
    const keys = this.findsOf.get(owner);
    if (keys === undefined) return;
    for (const key of keys) this.finds.delete(key);
    this.findsOf.delete(owner);
  }

  private static findKey(table: string, userId: string, field: string, value: string | number): string {
    return `${table}\u0000${userId}\u0000${field}\u0000${typeof value === 'number' ? 'n' : 's'}${value}`;
  }

  private clearFinds(): void {
    this.finds.clear();
    this.findsOf.clear();
  }

  /** Forgets every row: the file was changed some other way than by a batch's commit. */
  clear(): void {
    this.rows.clear();
    this.oldest = null;
    this.chars = 0;
    this.clearFinds();
  }

  get size(): number {
    return this.rows.size;
  }
}
