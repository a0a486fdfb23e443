import type { Position } from '../event-store/port.js';

/**
 * Read models are documents of a view, keyed by (userId, id). A view declares which
 * fields of its documents are indexed for filtering and sorting; adapters create the
 * columns or indexes from that declaration.
 */
export type IndexedFieldType = 'text' | 'integer';

/**
 * A composite index after userId: its keys, or its keys plus fields it carries after the
 * id (`include`), so a filter on those fields is answered from the index alone.
 *
 * `sparse`: the index holds only the documents whose first key is set (not null), for a field
 * most documents leave empty (a transaction's rule or import): a write of a document without it
 * touches no page of the index. Only queries with an equality (or range) on that first key can
 * use it, which is all such an index is for; a document without the field is found by no query
 * through it, and none asks for one by its null. The index's columns are the same either way.
 */
export type IndexDefinition =
  | readonly string[]
  | {
      readonly fields: readonly string[];
      readonly include?: readonly string[];
      readonly sparse?: boolean;
    };

export const indexKeys = (index: IndexDefinition): readonly string[] => ('fields' in index ? index.fields : index);
/** The included fields that are not keys already. */
export const indexIncludes = (index: IndexDefinition): readonly string[] =>
  'fields' in index ? (index.include ?? []).filter((field) => !index.fields.includes(field)) : [];
/** The field a sparse index holds documents for (its first key), or null for an index of every document. */
export const sparseField = (index: IndexDefinition): string | null =>
  'fields' in index && index.sparse === true ? (index.fields[0] ?? null) : null;
/**
 * What an index is made of, its keys and what it carries, without whether it is sparse: the same
 * columns answer the same queries, so a file keeps the kind of index it was made with.
 */
export const indexShape = (index: IndexDefinition): IndexDefinition =>
  'fields' in index
    ? index.include === undefined
      ? index.fields
      : { fields: index.fields, include: index.include }
    : index;

export interface ViewDefinition {
  readonly name: string;
  /** Fields copied out of the document for filters and sorts, with their type. */
  readonly fields: Readonly<Record<string, IndexedFieldType>>;
  /** Composite indexes (after userId), e.g. [['categoryId', 'date'], ['amount']]. */
  readonly indexes: readonly IndexDefinition[];
  /**
   * The indexed values of a document. Without it, each field is read from the document's
   * top-level key of the same name. Sort fields must never be null.
   */
  readonly indexValues?: (doc: Document) => Readonly<Record<string, string | number | null>>;
  /**
   * Full-text search over the view's documents (SQLite: an FTS5 table beside the view's; MongoDB:
   * a multikey index of `column:token` strings). `values` gives each column's tokens, already cut
   * and in search form (contracts/src/search.ts `searchTokens`), or ids put as single tokens;
   * a token holds letters, digits and combining marks only. Queries use `TextMatch`.
   */
  readonly search?: {
    readonly columns: readonly string[];
    readonly values: (doc: Document) => Readonly<Record<string, readonly string[]>>;
    /**
     * A compiled module exporting this definition (`compiledModuleUrl(import.meta.url)` in the
     * module that defines it), for stores that write from a thread of their own: the SQLite bulk
     * writer's thread imports it and derives the FTS rows from the documents it is handed, so the
     * replay's thread does not. Without it, the rows are derived where the documents are written.
     */
    readonly module?: string;
  };
}

/** One token a search looks for in one column: equal, or starting with it when `prefix`. */
export interface TextTerm {
  readonly column: string;
  readonly token: string;
  readonly prefix: boolean;
}

/**
 * A full-text condition on a view with `search`: every group must match, and a group matches a
 * document when any of its terms does. An empty group matches nothing.
 */
export interface TextMatch {
  readonly all: readonly (readonly TextTerm[])[];
}

/** Bounds on an indexed field, each optional; text compares by code point, integers as numbers. */
export interface FieldRange {
  readonly gt?: string | number;
  readonly gte?: string | number;
  readonly lt?: string | number;
  readonly lte?: string | number;
}

export type Document = Record<string, unknown>;

export interface StoredDocument<D extends Document = Document> {
  readonly userId: string;
  readonly id: string;
  readonly doc: D;
  /** Position of the last event applied to this document. */
  readonly position: Position;
}

export type SortDirection = 'asc' | 'desc';

/** Documents whose indexed text field contains `text` as is: both sides already in one canonical form. */
export interface ContainsFilter {
  readonly field: string;
  readonly text: string;
}

export interface FindQuery {
  readonly userId: string;
  /** Equality filters on indexed fields. */
  readonly where?: Readonly<Record<string, string | number>>;
  readonly contains?: ContainsFilter;
  /** Bounds on indexed fields, all of which must hold. */
  readonly ranges?: Readonly<Record<string, FieldRange>>;
  /** A full-text condition (views with `search` only). */
  readonly match?: TextMatch;
  /** Sort on indexed fields; the document id is always the final tie-breaker. */
  readonly sort: readonly { readonly field: string; readonly direction: SortDirection }[];
  readonly limit: number;
  /** Opaque cursor from a previous page's `nextCursor`. */
  readonly cursor?: string;
}

/** The conditions a find and a sum share: the user's documents, and which of them. */
export type DocumentFilter = Pick<FindQuery, 'userId' | 'where' | 'contains' | 'ranges' | 'match'>;

/** Counts and sums of an integer field over a user's matching documents, per group of indexed values. */
export interface SumQuery {
  readonly userId: string;
  readonly where?: Readonly<Record<string, string | number>>;
  readonly contains?: ContainsFilter;
  readonly ranges?: Readonly<Record<string, FieldRange>>;
  readonly match?: TextMatch;
  readonly groupBy: readonly string[];
  readonly field: string;
}

export interface SumGroup {
  /** The group's indexed values, by field name. */
  readonly group: Readonly<Record<string, string | number | null>>;
  readonly count: number;
  /** Exact, however many values it adds: sums of amounts pass 2^53 and 2^63. */
  readonly sum: bigint;
}

/**
 * Sums are exact: each value is split at 2^24 into a high and a low part, each part is summed
 * by the engine (far below 2^53 for any number of documents a user has), and the two sums are
 * joined as bigint. SQLite's integer sum() would fail past 2^63 and JSON numbers round past 2^53.
 */
export const SUM_SPLIT = 2 ** 24;
export const joinSplitSum = (high: number, low: number): bigint => BigInt(high) * BigInt(SUM_SPLIT) + BigInt(low);

/** Where a scan of a view goes on from. */
export interface ScanKey {
  readonly userId: string;
  readonly id: string;
}

export interface FindResult<D extends Document = Document> {
  readonly items: StoredDocument<D>[];
  readonly nextCursor: string | null;
}

/**
 * A document's place in a merged find (`ReadStore.findMerged`): the part it belongs to (its index
 * in `split.parts`), its values of the sort fields (in the order of `sort`) and its id.
 */
export interface MergeKey {
  readonly part: number;
  readonly sort: readonly (string | number | null)[];
  readonly id: string;
}

/**
 * One query split on the values of an indexed field, each part read in the query's sort order
 * from its own cursor, the parts merged into one page by `compare`. `where` must not hold the
 * split field. Merging takes the first key by `compare` among the parts' next ones, so each
 * part's documents keep the store's order; a tie goes to the earlier part.
 */
export interface MergedFindQuery extends Omit<FindQuery, 'cursor'> {
  readonly split: {
    readonly field: string;
    readonly parts: readonly { readonly value: string | number; readonly cursor?: string | undefined }[];
  };
  /** Negative when `a` comes first; only ever asked of keys of two different parts. */
  readonly compare: (a: MergeKey, b: MergeKey) => number;
}

export interface MergedFindResult<D extends Document = Document> {
  /** At most `limit` documents, in merged order. */
  readonly items: StoredDocument<D>[];
  /**
   * Per part, in the order of `split.parts`, where it goes on from: the cursor after its last
   * document listed, null when it has no more, undefined when none of its documents were listed
   * although it has some (its cursor stays as given).
   */
  readonly cursors: readonly (string | null | undefined)[];
}

export class InvalidCursorError extends Error {
  override readonly name = 'InvalidCursorError';
}

/**
 * A batch of changes the projector writes in one transaction together with its
 * checkpoint. Reads see the batch's own earlier writes. Writes are guarded: a document
 * is only changed by an event whose position is after the document's position, so a
 * redelivered event changes nothing. Removal leaves a tombstone that keeps its position.
 */
export interface UnitOfWork {
  get<D extends Document>(view: string, userId: string, id: string): Promise<StoredDocument<D> | null>;
  /** All live documents of a user in a view whose indexed field equals the value. */
  findByField<D extends Document>(
    view: string,
    userId: string,
    field: string,
    value: string | number,
  ): Promise<StoredDocument<D>[]>;
  put(view: string, userId: string, id: string, doc: Document, position: Position): void;
  remove(view: string, userId: string, id: string, position: Position): void;
  /** Drops every document of a user in every view (account erasure). */
  purgeUser(userId: string): void;
  /**
   * Optional, a hint that changes no answer: ids the batch is likely to read, in groups of one
   * user's ids of one kind (the events' ids, their transactions' ids…). When a read of one of them
   * finds it neither written nor read yet in this batch, the unit of work may look up the other
   * ids of its group in that view at once (SQLite: one `id IN (…)`; MongoDB: one `$in`); a read of
   * a prefix, a colon and a named id (`tx:` + a transaction's id) the group's ids under that prefix.
   */
  readAhead?(groups: readonly ReadAheadGroup[]): void;
}

/** Ids of one user a batch is likely to read (`UnitOfWork.readAhead`). */
export interface ReadAheadGroup {
  readonly userId: string;
  readonly ids: readonly string[];
}

/**
 * Replaces live views by their shadow copies (see `ReadStore.shadow`), in one step as far as
 * the adapter can make it one.
 */
export interface Promotion {
  /** The shadow whose tables or collections become the live ones. */
  readonly tag: string;
  /** The views to replace; every one must have a shadow copy, or nothing changes. */
  readonly views: readonly ViewDefinition[];
  /** Checkpoint-like records (`getCheckpoint`) written in the same step, e.g. projection versions. */
  readonly records: Readonly<Record<string, string>>;
  /** The shadow's own checkpoint, removed in the same step so a promoted shadow is never resumed. */
  readonly shadowCheckpoint: string;
}

/** A tag names a set of shadow copies: lower-case letters and digits. */
export const SHADOW_TAG = /^[a-z0-9]{1,16}$/;

/** A document as a replay leaves it: doc null is a tombstone. */
export interface BulkWrite {
  readonly view: string;
  readonly userId: string;
  readonly id: string;
  readonly doc: Document | null;
  readonly position: Position;
  /**
   * True when the store holds nothing under this key yet (no document, tombstone or search
   * entry): a store may then add without looking for what to replace. Left out: it may hold one.
   */
  readonly fresh?: boolean;
}

/** What a replay writes at once: users whose documents go first, then documents that replace what is stored. */
export interface BulkLoad {
  readonly purged: readonly string[];
  readonly writes: readonly BulkWrite[];
}

export interface ReadStore {
  /** Creates tables or collections and indexes for the views; idempotent. */
  ensureViews(views: readonly ViewDefinition[]): Promise<void>;
  get<D extends Document>(view: string, userId: string, id: string): Promise<StoredDocument<D> | null>;
  /**
   * Optional: `get` of many keys, any users', in one look-up (SQLite: one statement; MongoDB: one
   * `$in` per thousand keys): the documents found, in no particular order; a key without a
   * document (or with a tombstone) is left out. For a reader of documents across users (the
   * recurring poster's groups of due rules); a unit of work reads a user's with `storedMany`.
   */
  getMany?<D extends Document>(view: string, keys: readonly ScanKey[]): Promise<StoredDocument<D>[]>;
  find<D extends Document>(view: string, query: FindQuery): Promise<FindResult<D>>;
  /**
   * A page merged from the parts of a query split on a field's values (a list by value over
   * several currencies): as each part's `find` from its cursor, merged, but only the documents
   * listed are read whole (SQLite: the parts' keys in one statement that matches a search once).
   */
  findMerged<D extends Document>(view: string, query: MergedFindQuery): Promise<MergedFindResult<D>>;
  /** Groups of matching documents with their count and the sum of an integer field, in no particular order. */
  sum(view: string, query: SumQuery): Promise<SumGroup[]>;
  /**
   * Live documents of a view across all users, in (userId, id) order, after `after`: for
   * going through a whole view (comparing a rebuild with the live views), never for queries.
   */
  scan(view: string, options: { readonly after?: ScanKey; readonly limit: number }): Promise<StoredDocument[]>;
  /**
   * Runs `work` against a unit of work, then writes its changes and the checkpoint
   * `checkpointName = position` atomically.
   */
  applyBatch(checkpointName: string, position: Position, work: (uow: UnitOfWork) => Promise<void>): Promise<void>;
  /**
   * Optional, for a replay into views only it writes: drops every document of the purged
   * users, then stores each write as it is, replacing the stored document of the same key
   * whatever its position, and sets the checkpoint, atomically. The replay has applied the
   * position guards itself. Without it, a replay writes the same through `applyBatch`.
   * The store takes what it writes from `load` within the call, before its promise is
   * returned, and the promise answers once the load is written: a store may write it in
   * the background (SQLite's writer thread) while the caller goes on, loads are written in
   * the order given, and the store's own reads wait for the loads handed over.
   */
  bulkLoad?(checkpointName: string, position: Position, load: BulkLoad): Promise<void>;
  getCheckpoint(checkpointName: string): Promise<Position | null>;
  /**
   * While enabled, writes may skip the durability a live view needs (a rebuild can start
   * over); disabling makes everything written so far durable.
   */
  bulkMode?(enabled: boolean): Promise<void>;
  /** Drops all documents of the views and the checkpoint, for a rebuild from zero. */
  reset(views: readonly ViewDefinition[], checkpointName: string): Promise<void>;
  /**
   * The same store over shadow copies of the views: view `x` is kept apart from the live `x`
   * (table `view_x__<tag>`, collection `view_x__<tag>`) until promoted, and the live `x`
   * keeps serving meanwhile. Checkpoints are shared with this store, so a shadow is given a
   * checkpoint name of its own. Its `ensureViews` creates the copies, its `reset` empties
   * them, its purge of a user reaches only the copies, and its `close` leaves this store open.
   * A shadow store has no shadows of its own.
   */
  shadow(tag: string): ReadStore;
  /** Replaces live views by the shadow copies of `promotion.tag`; see the adapters for what is atomic. */
  promote(promotion: Promotion): Promise<void>;
  /** Drops every shadow copy of the tag (no live view), and the checkpoint when named. */
  dropShadow(tag: string, checkpointName?: string): Promise<void>;
  /** The tags of the shadow copies present. */
  shadowTags(): Promise<string[]>;
  close(): Promise<void>;
}
