import type { SearchTables } from './sqlite-search.js';

/* What the replay's thread and the bulk writer's thread (sqlite-bulk-worker.ts) tell each other. */

/** Marks the thread's data, so the module does nothing when some other thread imports it. */
export const BULK_WRITER = 'plenty-sqlite-bulk-writer';

/** How the thread opens the file. */
export interface BulkWorkerData {
  readonly kind: typeof BULK_WRITER;
  readonly path: string;
  /** Whether the file left the write-ahead log for a rollback journal (see enterBulkMode). */
  readonly rollbackJournal: boolean;
  /**
   * Whether the thread writes without a journal at all (a rebuild into a file that held nothing,
   * with its marker written: see SqliteReadStore.bulkMode). Then a flush that fails leaves the
   * file unknown, and the thread refuses every load after it.
   */
  readonly unjournaled: boolean;
  /** The page cache, in KiB. */
  readonly cacheKiB: number;
}

/** Statements and search tables the thread has not been told of yet, by the number ops use. */
export interface BulkDefinitions {
  readonly sqls: readonly (readonly [number, string])[];
  readonly searches: readonly (readonly [number, SearchTables, readonly string[], SearchSource | null])[];
}

/** Where the thread finds a view's search values: a compiled module exporting its definition, by name. */
export interface SearchSource {
  readonly module: string;
  readonly view: string;
}

/**
 * Operations of one flush, in order, as numbers: `RUN sql n` runs statement `sql` with the next
 * n parameters; `SEARCH s 0|1` writes the FTS row of search table `s` for the next two
 * parameters (user, id) and, with 1, its texts (one per search column) after them, with 0 none;
 * `PURGE s` drops the FTS rows of the user in the next parameter; `MERGE` merges every FTS index
 * a purge touched since the last MERGE into one segment; `SEARCH_ROW s i 0|1` writes the FTS row
 * of search table `s` (defined with a source) for the document row whose parameters start at
 * index i of the same message (user, id, document JSON or null for a tombstone), deriving its
 * texts in the thread; with 1 the table has no row for the document yet, so none is looked for.
 */
export const OP_RUN = 0;
export const OP_SEARCH = 1;
export const OP_PURGE = 2;
export const OP_MERGE = 3;
export const OP_SEARCH_ROW = 4;

export type BulkParam = string | number | null;

export type BulkRequest =
  | ({ readonly kind: 'ops'; readonly ops: readonly number[]; readonly params: readonly BulkParam[] } & BulkDefinitions)
  | { readonly kind: 'commit'; readonly id: number }
  | { readonly kind: 'close'; readonly id: number };

/** The answer to a commit (or close): done, or why the flush was rolled back (or refused). */
export type BulkReply =
  { readonly id: number; readonly ok: true } | { readonly id: number; readonly ok: false; readonly error: string };
