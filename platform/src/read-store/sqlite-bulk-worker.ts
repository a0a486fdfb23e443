import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import {
  BULK_WRITER,
  OP_MERGE,
  OP_PURGE,
  OP_RUN,
  OP_SEARCH,
  OP_SEARCH_ROW,
  type BulkDefinitions,
  type BulkParam,
  type BulkReply,
  type BulkRequest,
  type BulkWorkerData,
  type SearchSource,
} from './sqlite-bulk-protocol.js';
import type { Document, ViewDefinition } from './port.js';
import { SearchRows, optimize, searchTexts, type SearchTables } from './sqlite-search.js';

/*
 * The bulk writer's thread: its own connection to the read store's file, running the
 * statements a replay's flush hands it (rows already serialised on the replay's thread), so
 * that SQLite writes one flush while the replay applies the next interval's events.
 */

const port = parentPort;
// Only in the thread BulkWriterThread starts: another thread that imported this module (none
// should: the protocol is in sqlite-bulk-protocol.ts) has a parent port too.
if (port !== null && (workerData as Partial<BulkWorkerData> | null)?.kind === BULK_WRITER) {
  const { path, rollbackJournal, unjournaled, cacheKiB } = workerData as BulkWorkerData;
  const db = new Database(path);
  db.pragma('busy_timeout = 5000');
  // A connection opened on a file in rollback mode starts in DELETE mode: use the replay's.
  if (rollbackJournal && !unjournaled) db.pragma('journal_mode = TRUNCATE');
  // No journal: each page a flush rewrites is written once, not copied into the journal first.
  // better-sqlite3 opens connections in SQLite's defensive mode, which refuses this without an
  // error (the mode stays DELETE): it is lifted for the pragma only.
  if (rollbackJournal && unjournaled) {
    db.unsafeMode(true);
    try {
      if (db.pragma('journal_mode = OFF', { simple: true }) !== 'off') db.pragma('journal_mode = TRUNCATE');
    } finally {
      db.unsafeMode(false);
    }
  }
  db.pragma('synchronous = OFF');
  db.pragma('secure_delete = ON');
  db.pragma(`cache_size = ${-Math.abs(cacheKiB)}`);

  // What the replay's thread defined, by number: kept from every message, a failed flush's too
  // (the loads after it use them), and prepared on first use.
  const sqls = new Map<number, string>();
  const searchTables = new Map<number, readonly [SearchTables, readonly string[], SearchSource | null]>();
  const statements = new Map<number, Database.Statement>();
  const searches = new Map<number, Search>();
  /** The view definitions of the sources named, by module and view, once imported. */
  const sourceViews = new Map<string, ViewDefinition>();
  const sourceKey = (source: SearchSource) => `${source.view} ${source.module}`;
  const touched = new Set<SearchRows>();
  /** Why the open flush failed (it was rolled back; its remaining ops are skipped until the commit). */
  let failure: string | null = null;
  /**
   * Without a journal, why a flush failed: a rollback cannot undo the pages it already wrote, so
   * the file is unknown and every later load is refused (the replay fails, the marker stays).
   */
  let refused: string | null = null;

  const define = async (request: BulkDefinitions) => {
    for (const [id, sql] of request.sqls) sqls.set(id, sql);
    for (const [id, tables, columns, source] of request.searches) searchTables.set(id, [tables, columns, source]);
    for (const [, , columns, source] of request.searches) {
      if (source !== null && !sourceViews.has(sourceKey(source))) {
        sourceViews.set(sourceKey(source), await importView(source, columns));
      }
    }
  };

  const statementOf = (id: number): Database.Statement => {
    let statement = statements.get(id);
    if (statement === undefined) {
      const sql = sqls.get(id);
      if (sql === undefined) throw new Error('a statement the writer was not given');
      statement = db.prepare(sql);
      statements.set(id, statement);
    }
    return statement;
  };

  const searchOf = (id: number): Search => {
    let search = searches.get(id);
    if (search === undefined) {
      const defined = searchTables.get(id);
      if (defined === undefined) throw new Error('a search table the writer was not given');
      const [tables, columns, source] = defined;
      const view = source === null ? null : (sourceViews.get(sourceKey(source)) ?? null);
      const rows = new SearchRows(db, tables, columns);
      search = { rows, width: columns.length, view, carriedAt: view === null ? null : carriedOffsets(view, rows) };
      searches.set(id, search);
    }
    return search;
  };

  /** The carried values of the document row whose parameters start at `start`: the same as its row got. */
  const carriedValues = (search: Search, params: readonly BulkParam[], start: number): BulkParam[] | undefined =>
    search.carriedAt?.map((offset) => params[start + offset] ?? null);

  const run = (ops: readonly number[], params: readonly BulkParam[]) => {
    let p = 0;
    for (let i = 0; i < ops.length;) {
      const op = ops[i++] as number;
      if (op === OP_RUN) {
        const statement = statementOf(ops[i++] as number);
        const count = ops[i++] as number;
        statement.run(params.slice(p, p + count));
        p += count;
      } else if (op === OP_SEARCH) {
        const search = searchOf(ops[i++] as number);
        const live = ops[i++] === 1;
        const userId = params[p++] as string;
        const id = params[p++] as string;
        const texts = live ? (params.slice(p, p + search.width) as string[]) : null;
        if (live) p += search.width;
        search.rows.writeTexts(userId, id, texts);
      } else if (op === OP_SEARCH_ROW) {
        const search = searchOf(ops[i++] as number);
        const start = ops[i++] as number;
        const fresh = ops[i++] === 1;
        if (search.view === null) throw new Error('a search row without the view that derives it');
        const json = params[start + 2] as string | null;
        const texts = json === null ? null : searchTexts(search.view, JSON.parse(json) as Document);
        // A tombstone looks its row up all the same (rare, and never leaves a row behind).
        const userId = params[start] as string;
        const id = params[start + 1] as string;
        if (fresh && texts !== null) search.rows.addTexts(userId, id, texts, carriedValues(search, params, start));
        else
          search.rows.writeTexts(userId, id, texts, texts === null ? undefined : carriedValues(search, params, start));
      } else if (op === OP_PURGE) {
        const search = searchOf(ops[i++] as number);
        if (search.rows.purge(params[p++] as string)) touched.add(search.rows);
      } else if (op === OP_MERGE) {
        for (const rows of touched) optimize(db, rows.tables);
        touched.clear();
      } else throw new Error(`unknown bulk operation ${op}`);
    }
  };

  // Handled one after the other: defining a search source imports its module first.
  let handled = Promise.resolve();
  port.on('message', (request: BulkRequest) => {
    handled = handled
      .then(() => handle(request))
      .catch((error: unknown) => {
        // As a throw in a listener would: the thread stops, and the replay hears why.
        queueMicrotask(() => {
          throw error;
        });
      });
  });

  const handle = async (request: BulkRequest) => {
    if (request.kind === 'ops') {
      failure ??= refused;
      try {
        await define(request);
      } catch (error) {
        failure ??= error instanceof Error ? error.message : String(error);
      }
      if (failure !== null) {
        touched.clear();
        if (db.inTransaction) db.exec('ROLLBACK');
        return;
      }
      try {
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
      failure ??= refused;
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
      if (unjournaled && failure !== null && refused === null) {
        refused = `a flush before failed, and the file has no journal to roll it back (${failure})`;
      }
      failure = null;
      port.postMessage(reply);
      return;
    }
    if (db.inTransaction) db.exec('ROLLBACK');
    db.close();
    port.postMessage({ id: request.id, ok: true } satisfies BulkReply);
    port.close();
  };
}

/** A search table the thread writes, with what it needs to derive its rows. */
interface Search {
  readonly rows: SearchRows;
  readonly width: number;
  /** The view whose documents' texts it derives (a table defined with a source), else null. */
  readonly view: ViewDefinition | null;
  /**
   * Where each carried field's value sits among a document row's parameters (user, id, JSON,
   * position, position key, then the view's fields in order, as `pushRowParams` puts them), so
   * the key gets them without reading the row back (about 20 µs a row); null: read back.
   */
  readonly carriedAt: readonly number[] | null;
}

/** The offsets of `Search.carriedAt`, or null when a carried field is not one of the view's columns. */
function carriedOffsets(view: ViewDefinition, rows: SearchRows): readonly number[] | null {
  const fields = Object.keys(view.fields);
  const offsets = rows.carried.map((field) => fields.indexOf(field));
  return offsets.every((offset) => offset >= 0) ? offsets.map((offset) => 5 + offset) : null;
}

/** The view definition a source names, from its module's exports, with the search columns the replay gave. */
async function importView(source: SearchSource, columns: readonly string[]): Promise<ViewDefinition> {
  const exports = (await import(source.module)) as Record<string, unknown>;
  for (const value of Object.values(exports)) {
    const view = value as Partial<ViewDefinition> | null;
    if (typeof view !== 'object' || view === null || view.name !== source.view) continue;
    if (view.search?.columns.join(',') !== columns.join(',')) continue;
    return view as ViewDefinition;
  }
  throw new Error(`${source.module} exports no view ${source.view} searching ${columns.join(', ')}`);
}
