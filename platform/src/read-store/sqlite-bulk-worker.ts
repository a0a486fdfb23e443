import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { SearchRows, optimize, type SearchTables } from './sqlite-search.js';

/*
 * The bulk writer's thread: its own connection to the read store's file, running the
 * statements a replay's flush hands it (rows already serialised on the replay's thread), so
 * that SQLite writes one flush while the replay applies the next interval's events.
 */

/** How the thread opens the file. */
export interface BulkWorkerData {
  readonly path: string;
  /** Whether the file left the write-ahead log for a rollback journal (see enterBulkMode). */
  readonly rollbackJournal: boolean;
  /** The page cache, in KiB. */
  readonly cacheKiB: number;
}

/** Statements and search tables the thread has not been told of yet, by the number ops use. */
export interface BulkDefinitions {
  readonly sqls: readonly (readonly [number, string])[];
  readonly searches: readonly (readonly [number, SearchTables, readonly string[]])[];
}

/**
 * Operations of one flush, in order, as numbers: `RUN sql n` runs statement `sql` with the next
 * n parameters; `SEARCH s 0|1` writes the FTS row of search table `s` for the next two
 * parameters (user, id) and, with 1, its texts (one per search column) after them, with 0 none;
 * `PURGE s` drops the FTS rows of the user in the next parameter; `MERGE` merges every FTS index
 * a purge touched since the last MERGE into one segment.
 */
export const OP_RUN = 0;
export const OP_SEARCH = 1;
export const OP_PURGE = 2;
export const OP_MERGE = 3;

export type BulkParam = string | number | null;

export type BulkRequest =
  | ({ readonly kind: 'ops'; readonly ops: readonly number[]; readonly params: readonly BulkParam[] } & BulkDefinitions)
  | { readonly kind: 'commit'; readonly id: number }
  | { readonly kind: 'close'; readonly id: number };

/** The answer to a commit (or close): done, or why the flush was rolled back. */
export type BulkReply =
  { readonly id: number; readonly ok: true } | { readonly id: number; readonly ok: false; readonly error: string };

const port = parentPort;
// Only in the thread BulkWriterThread starts: other threads import this module for its
// constants (the projector's worker, through the read store) and have a parent port too.
if (port !== null && (workerData as { bulkWriter?: unknown } | null)?.bulkWriter === true) {
  const { path, rollbackJournal, cacheKiB } = workerData as BulkWorkerData;
  const db = new Database(path);
  db.pragma('busy_timeout = 5000');
  // A connection opened on a file in rollback mode starts in DELETE mode: use the replay's.
  if (rollbackJournal) db.pragma('journal_mode = TRUNCATE');
  db.pragma('synchronous = OFF');
  db.pragma('secure_delete = ON');
  db.pragma(`cache_size = ${-Math.abs(cacheKiB)}`);

  const statements = new Map<number, Database.Statement>();
  const searches = new Map<number, { rows: SearchRows; width: number }>();
  const touched = new Set<SearchRows>();
  /** Why the open flush failed (it was rolled back; its remaining ops are skipped until the commit). */
  let failure: string | null = null;

  const define = (request: BulkDefinitions) => {
    for (const [id, sql] of request.sqls) statements.set(id, db.prepare(sql));
    for (const [id, tables, columns] of request.searches) {
      searches.set(id, { rows: new SearchRows(db, tables, columns), width: columns.length });
    }
  };

  const run = (ops: readonly number[], params: readonly BulkParam[]) => {
    let p = 0;
    for (let i = 0; i < ops.length;) {
      const op = ops[i++] as number;
      if (op === OP_RUN) {
        const statement = statements.get(ops[i++] as number);
        const count = ops[i++] as number;
        if (statement === undefined) throw new Error('a statement the writer was not given');
        statement.run(params.slice(p, p + count));
        p += count;
      } else if (op === OP_SEARCH) {
        const search = searches.get(ops[i++] as number);
        const live = ops[i++] === 1;
        if (search === undefined) throw new Error('a search table the writer was not given');
        const userId = params[p++] as string;
        const id = params[p++] as string;
        const texts = live ? (params.slice(p, p + search.width) as string[]) : null;
        if (live) p += search.width;
        search.rows.writeTexts(userId, id, texts);
      } else if (op === OP_PURGE) {
        const search = searches.get(ops[i++] as number);
        if (search === undefined) throw new Error('a search table the writer was not given');
        if (search.rows.purge(params[p++] as string)) touched.add(search.rows);
      } else if (op === OP_MERGE) {
        for (const rows of touched) optimize(db, rows.tables);
        touched.clear();
      } else throw new Error(`unknown bulk operation ${op}`);
    }
  };

  port.on('message', (request: BulkRequest) => {
    if (request.kind === 'ops') {
      if (failure !== null) return;
      try {
        define(request);
        if (!db.inTransaction) db.exec('BEGIN');
        run(request.ops, request.params);
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
        touched.clear();
        if (db.inTransaction) db.exec('ROLLBACK');
      }
      return;
    }
    if (request.kind === 'commit') {
      if (failure === null) {
        try {
          if (db.inTransaction) db.exec('COMMIT');
        } catch (error) {
          failure = error instanceof Error ? error.message : String(error);
          if (db.inTransaction) db.exec('ROLLBACK');
        }
      }
      const reply: BulkReply =
        failure === null ? { id: request.id, ok: true } : { id: request.id, ok: false, error: failure };
      failure = null;
      port.postMessage(reply);
      return;
    }
    if (db.inTransaction) db.exec('ROLLBACK');
    db.close();
    port.postMessage({ id: request.id, ok: true } satisfies BulkReply);
    port.close();
  });
}
