import type Database from 'better-sqlite3';
import type { Position } from '../event-store/port.js';
import { BulkWriterThread, bulkWriterCacheKiB } from './sqlite-bulk-writer.js';
import { OWE_SCRUB_SQL, scrubOwed } from '../sqlite-scrub.js';
import {
  enterBulkMode,
  holdsNoDocuments,
  leaveBulkMode,
  markUnfinished,
  openReadStoreDatabase,
  scrubPurged,
  unmarkUnfinished,
} from './sqlite-connection.js';
import { column, createIndexes, createViewTable, tableOf } from './sqlite-schema.js';
import {
  CHECKPOINT_SQL,
  conditions,
  findClause,
  fromClause,
  indexValues,
  keysAnswer,
  nextCursor,
  pushRowParams,
  replaceSql,
  requireField,
  rowParams,
  sumGroups,
  sumSql,
  toStored,
  upsertSql,
  type Row,
} from './sqlite-sql.js';
import { dropShadow, promoteShadow, shadowTags } from './sqlite-shadow.js';
import {
  SearchWriter,
  carriedColumn,
  dropSearchTables,
  searchTexts,
  ensureSearchTables,
  optimize,
  SCAN_MATCHES,
  matchCountSql,
  matchExpression,
  searchTablesOf,
  type MatchPlan,
  type SearchTables,
} from './sqlite-search.js';
import { DocumentCache } from './sqlite-document-cache.js';
import { mergeParts, partQuery } from './merge.js';
import { BufferedUnitOfWork, type StoredState, type UnitOfWorkBacking } from './unit-of-work.js';
import {
  type Document,
  type FindQuery,
  type BulkLoad,
  type BulkWrite,
  type FindResult,
  type MergedFindQuery,
  type MergedFindResult,
  type ReadStore,
  type StoredDocument,
  type SumGroup,
  type SumQuery,
  type UnitOfWork,
  type Promotion,
  type ScanKey,
  type ViewDefinition,
  SHADOW_TAG,
  indexKeys,
} from './port.js';

/** A row's JSON (null: a tombstone) and position as a unit of work reads it. */
const storedState = (json: string | null, position: Position): StoredState => ({
  doc: json === null ? null : (JSON.parse(json) as Document),
  position,
  json,
});

/** PLENTY_PROJECTOR_FIND_CACHE=off: searches by field are not kept across batches, for measuring. */
const FIND_CACHE = process.env['PLENTY_PROJECTOR_FIND_CACHE'] !== 'off';

/** Rows per statement when bulk loading. */
const REPLACE_ROWS = 32;

/**
 * Where bulk loads are written: `thread` (the default) by a writer thread with its own
 * connection while the replay goes on, `main` on the replay's thread. Set by
 * PLENTY_BULK_WRITER, for measuring one against the other.
 */
const bulkWriterMode = (): 'thread' | 'main' => (process.env['PLENTY_BULK_WRITER'] === 'main' ? 'main' : 'thread');

/**
 * The embedded read store: one table per view, one column per indexed field. It is
 * rebuildable from the events, so it trades the last fsync for speed (synchronous=NORMAL);
 * the checkpoint is written in the same transaction as the documents, so the two never
 * disagree.
 */
class SqliteReadStore implements ReadStore, UnitOfWorkBacking {
  private readonly views = new Map<string, ViewDefinition>();
  private bulk = false;
  /** Whether bulk mode switched the file from the write-ahead log to a rollback journal. */
  private rollbackJournal = false;
  /**
   * Whether the writer thread writes this bulk load without any journal: the file held no
   * document when bulk mode began, and its marker (`markUnfinished`) is on disk until bulk mode ends well.
   */
  private unjournaled = false;
  /** Why a load written without a journal failed: every later load is refused, and the marker stays. */
  private unjournaledFailure: Error | null = null;
  private readonly statements = new Map<string, Database.Statement>();
  /** Per view and number of rows, the statement that stores replayed documents over whatever is there. */
  private readonly replaceStatements = new Map<string, Database.Statement>();
  /** Per view with `search`, what keeps its FTS rows in step. */
  private readonly searchWriters = new Map<string, SearchWriter>();
  /** In bulk mode, the thread writing the bulk loads (opened at the first), or null. */
  private bulkWriter: BulkWriterThread | null = null;
  /** The last bulk load handed to the writer thread, until it is committed. */
  private bulkWritten: Promise<void> = Promise.resolve();
  /** The texts of the writer thread's replacing inserts, per table and number of rows. */
  private readonly replaceSqls = new Map<string, string>();
  /** Whether this store looked for a scrub owed by a process that stopped after a purge. */
  private owedScrubChecked = false;

  /**
   * A shadow store (tag set) shares its base store's connection, and its document cache if it
   * has one. `path` is the file, when a second connection can open it (the bulk writer's).
   */
  constructor(
    private readonly db: Database.Database,
    private readonly tag: string | null,
    private readonly path: string | null = null,
    readonly documentCache: DocumentCache | null = null,
  ) {}

  static open(path: string, documentCache: DocumentCache | null = null): SqliteReadStore {
    const onDisk = path !== '' && path !== ':memory:' && !path.startsWith('file:');
    return new SqliteReadStore(openReadStoreDatabase(path), null, onDisk ? path : null, documentCache);
  }

  /** Forgets every document kept: the file changed other than by a batch's commit. */
  private forget(): void {
    this.documentCache?.clear();
  }

  private table(view: string): string {
    return tableOf(view, this.tag);
  }

  async ensureViews(views: readonly ViewDefinition[]): Promise<void> {
    for (const view of views) this.createView(view);
  }

  private createView(view: ViewDefinition): void {
    createViewTable(this.db, this.table(view.name), view, !this.bulk);
    ensureSearchTables(this.db, this.table(view.name), view);
    this.views.set(view.name, view);
    this.searchWriters.delete(view.name);
    this.replaceSqls.clear();
  }

  /** The FTS writer of a view with `search`, or null. */
  private searchWriter(view: ViewDefinition): SearchWriter | null {
    if (view.search === undefined) return null;
    let writer = this.searchWriters.get(view.name);
    if (writer === undefined) {
      writer = new SearchWriter(this.db, searchTablesOf(this.table(view.name)), view);
      this.searchWriters.set(view.name, writer);
    }
    return writer;
  }

  /** Drops a user's documents in every view, FTS rows included; returns the FTS tables that had some. */
  private purgeRows(userId: string): SearchTables[] {
    const touched: SearchTables[] = [];
    for (const [name, view] of this.views) {
      this.statement(`DELETE FROM ${this.table(name)} WHERE user_id = ?`).run(userId);
      const writer = this.searchWriter(view);
      if (writer?.purge(userId) === true) touched.push(writer.tables);
    }
    return touched;
  }

  /**
   * Writes the file anew after a purge and empties the log (`scrubPurged`), unless the writer
   * thread of a bulk load has the file: then when bulk mode ends.
   */
  private scrub(): void {
    scrubPurged(this.db, () => this.bulkWriter === null);
  }

  /**
   * Merges each FTS index that held a purged user's rows into one segment, in the purge's own
   * transaction: no page keeps their words, even if the process stops right after.
   */
  private mergeSearch(touched: readonly SearchTables[]): void {
    for (const tables of new Set(touched)) optimize(this.db, tables);
  }

  /** Prepared statements are cached: preparing costs more than running. */
  private statement<P extends unknown[] = unknown[], R = unknown>(sql: string): Database.Statement<P, R> {
    let statement = this.statements.get(sql);
    if (statement === undefined) this.statements.set(sql, (statement = this.db.prepare(sql)));
    return statement as unknown as Database.Statement<P, R>;
  }

  view(name: string): ViewDefinition {
    const view = this.views.get(name);
    if (view === undefined) throw new Error(`unknown view: ${name}`);
    return view;
  }

  row(view: string, userId: string, id: string): Row | undefined {
    return this.statement<[string, string], Row>(`SELECT * FROM ${this.table(view)} WHERE user_id = ? AND id = ?`).get(
      userId,
      id,
    );
  }

  async get<D extends Document>(view: string, userId: string, id: string): Promise<StoredDocument<D> | null> {
    this.view(view);
    await this.settled();
    return toStored<D>(this.row(view, userId, id));
  }

  /**
   * `get` of many keys, any users', with one statement (the keys as one JSON array of
   * `[userId, id]`, looked up by the primary key).
   */
  async getMany<D extends Document>(view: string, keys: readonly ScanKey[]): Promise<StoredDocument<D>[]> {
    this.view(view);
    await this.settled();
    if (keys.length === 0) return [];
    const rows = this.statement<[string], Row>(
      `SELECT * FROM ${this.table(view)} WHERE (user_id, id) IN ` +
        `(SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?))`,
    ).all(JSON.stringify(keys.map((key) => [key.userId, key.id])));
    const found: StoredDocument<D>[] = [];
    for (const row of rows) {
      const stored = toStored<D>(row);
      if (stored !== null) found.push(stored);
    }
    return found;
  }

  async stored(view: string, userId: string, id: string): Promise<StoredState | null> {
    await this.settled();
    const cache = this.documentCache;
    if (cache === null) {
      const row = this.row(view, userId, id);
      return row === undefined ? null : storedState(row.doc, row.position);
    }
    const table = this.table(view);
    let kept = cache.get(table, userId, id);
    if (kept === undefined) {
      // Read and kept with nothing in between: no commit can come between the two.
      const row = this.row(view, userId, id);
      kept = row === undefined ? null : { json: row.doc, position: row.position };
      cache.set(table, userId, id, kept);
    }
    return kept === null ? null : storedState(kept.json, kept.position);
  }

  /**
   * A user's rows of the ids in one statement (the ids as one JSON array, so one statement per
   * view whatever their number); with the document cache, only the ids it does not keep, and
   * what was read, absent rows too, is kept.
   */
  async storedMany(view: string, userId: string, ids: readonly string[]): Promise<ReadonlyMap<string, StoredState>> {
    await this.settled();
    const table = this.table(view);
    const cache = this.documentCache;
    const answers = new Map<string, StoredState>();
    const unknown: string[] = [];
    for (const id of ids) {
      const kept = cache?.get(table, userId, id);
      if (kept === undefined) unknown.push(id);
      else if (kept !== null) answers.set(id, storedState(kept.json, kept.position));
    }
    if (unknown.length === 0) return answers;
    const rows = this.statement<[string, string], Pick<Row, 'id' | 'doc' | 'position'>>(
      `SELECT id, doc, position FROM ${table} WHERE user_id = ? AND id IN (SELECT value FROM json_each(?))`,
    ).all(userId, JSON.stringify(unknown));
    for (const row of rows) answers.set(row.id, storedState(row.doc, row.position));
    if (cache !== null) {
      // Read and kept with nothing in between, as in `stored`.
      for (const id of unknown) {
        const found = answers.get(id);
        cache.set(
          table,
          userId,
          id,
          found === undefined ? null : { json: found.json ?? null, position: found.position },
        );
      }
    }
    return answers;
  }

  /**
   * With the document cache, the ids found are kept until a batch writes a row of the user in the
   * view, and their documents read through the cache: the live projector asks the same question
   * for each event (a user's category budgets for each transaction).
   */
  async storedByField<D extends Document>(
    viewName: string,
    userId: string,
    field: string,
    value: string | number,
  ): Promise<readonly StoredDocument<D>[]> {
    const cache = FIND_CACHE ? this.documentCache : null;
    const kept = cache?.getFind(this.table(viewName), userId, field, value);
    if (cache === null || cache === undefined || kept === undefined) {
      const found = await this.find<D>(viewName, { userId, where: { [field]: value }, sort: [], limit: 1_000_000 });
      cache?.setFind(
        this.table(viewName),
        userId,
        field,
        value,
        found.items.map((item) => item.id),
      );
      return found.items;
    }
    const documents: StoredDocument<D>[] = [];
    for (const id of kept) {
      const stored = await this.stored(viewName, userId, id);
      if (stored?.doc != null) documents.push({ userId, id, doc: stored.doc as D, position: stored.position });
    }
    return documents;
  }

  indexedEquals(view: ViewDefinition, doc: Document, field: string, value: string | number): boolean {
    const fieldIndex = Object.keys(view.fields).indexOf(field);
    if (fieldIndex < 0) throw new Error(`not an indexed field of ${view.name}: ${field}`);
    return indexValues(view, doc)[fieldIndex] === value;
  }

  async find<D extends Document>(viewName: string, query: FindQuery): Promise<FindResult<D>> {
    const table = this.table(viewName);
    const view = this.view(viewName);
    await this.settled();
    const plan = this.findPlan(table, view, query);
    // Where a page may pass over many rows of the user (a text condition, a range, or many matches
    // walked along the sort's index), it first reads ids and sort keys only, which a covering index
    // answers without touching the rows and a sort in memory holds small, then the page's documents:
    // sorting whole documents of half a year by amount cost over 100 ms at 50,000 transactions.
    const keysFirst =
      query.match === undefined ? query.contains !== undefined || query.ranges !== undefined : plan !== 'join';
    let rows: Row[];
    if (keysFirst) {
      rows = this.keyRows(table, view, query, plan).map(
        (keyRow) => this.row(viewName, query.userId, keyRow.id) ?? keyRow,
      );
    } else {
      const { where, params } = findClause(table, view, query, plan);
      rows = this.statement<(string | number)[], Row>(`SELECT v.* FROM ${fromClause(table, query, plan)} ${where}`).all(
        ...params,
        query.limit + 1,
      );
    }
    const items = rows
      .slice(0, query.limit)
      .map((row) => toStored<D>(row))
      .filter((d): d is StoredDocument<D> => d !== null);
    return { items, nextCursor: nextCursor(rows, query) };
  }

  /**
   * How a page reaches its documents. Many matches within a range: the range's rows walked along
   * the sort's index are tested one by one until a page is found (a common word by value over half
   * a year passed over thousands); the matches' search keys carry what picks the page without the
   * rows, whether the matches are many or few (then only the page's rows are read, not every
   * match's). Otherwise whether the match has many documents, read from the FTS index alone,
   * decides the plan.
   */
  private findPlan(table: string, view: ViewDefinition, query: FindQuery): MatchPlan {
    const fromKeys =
      query.ranges !== undefined &&
      keysAnswer(
        view,
        query,
        query.sort.map((s) => s.field),
      );
    if (fromKeys) return 'keys';
    return this.manyMatches(table, view, query) ? 'scan' : 'join';
  }

  /** The ids and sort values (under their view columns' names) of a page and the row after it. */
  private keyRows(table: string, view: ViewDefinition, query: FindQuery, plan: MatchPlan): Row[] {
    const { where, params } = findClause(table, view, query, plan);
    const selected = (
      plan === 'keys' && query.match !== undefined
        ? ['k.k_id AS id', ...new Set(query.sort.map((s) => `${carriedColumn(s.field)} AS ${column(s.field)}`))]
        : ['id', ...new Set(query.sort.map((s) => column(s.field)))]
    ).join(', ');
    return this.statement<(string | number)[], Row>(
      `SELECT ${selected} FROM ${fromClause(table, query, plan)} ${where}`,
    ).all(...params, query.limit + 1);
  }

  async findMerged<D extends Document>(viewName: string, query: MergedFindQuery): Promise<MergedFindResult<D>> {
    const table = this.table(viewName);
    const view = this.view(viewName);
    await this.settled();
    const { field, parts } = query.split;
    requireField(view, field);
    const queryOfPart = (i: number): FindQuery => {
      const part = parts[i];
      if (part === undefined) throw new Error(`no part ${i}`);
      return partQuery(query, part);
    };
    if (parts.length === 0) return { items: [], cursors: [] };
    // The parts differ only in the split field's value. When the search keys carry every field the
    // query reads, the parts' keys come from one statement that matches the search once (a common
    // word by value: 26 → 16 ms in-process without dates, 25 → 10 ms over half a year; a tag 49 →
    // 10 ms); otherwise each part's keys as `find` plans them (one plan for all: the first part's).
    const shared =
      parts.length > 1 &&
      keysAnswer(
        view,
        queryOfPart(0),
        query.sort.map((s) => s.field),
      );
    const plan = shared ? 'keys' : this.findPlan(table, view, queryOfPart(0));
    const keyRows = shared
      ? this.sharedKeyRows(
          table,
          view,
          query,
          parts.map((_, i) => queryOfPart(i)),
        )
      : parts.map((_, i) => this.keyRows(table, view, queryOfPart(i), plan));
    const keys = keyRows.map((rows, part) => ({
      keys: rows.slice(0, query.limit).map((row) => ({
        part,
        sort: query.sort.map((s) => row[column(s.field)] ?? null),
        id: row.id,
      })),
      more: rows.length > query.limit,
    }));
    const { taken, cursors } = mergeParts(keys, query.limit, query.compare);
    // Only the documents listed are read whole.
    const items = taken
      .map((key) => toStored<D>(this.row(viewName, query.userId, key.id)))
      .filter((d): d is StoredDocument<D> => d !== null);
    return { items, cursors };
  }

  /**
   * The key rows of each part of a merged find with a match whose fields the search keys carry,
   * in one statement (plan `keys`): the matches' keys within the shared conditions are listed once (a common word's FTS match and its keys cost
   * about 5 ms, which each part's own statement paid again), then each part's page is taken from
   * that list, the split field's value and the part's cursor applied as `find` applies them.
   */
  private sharedKeyRows(
    table: string,
    view: ViewDefinition,
    query: MergedFindQuery,
    parts: readonly FindQuery[],
  ): Row[][] {
    const { field } = query.split;
    const { where, contains, ranges, match } = query;
    const { conditions: shared, params } = conditions(
      table,
      view,
      { userId: query.userId, where, contains, ranges, match },
      'keys',
    );
    const listed = [...new Set([field, ...query.sort.map((s) => s.field)])].map(carriedColumn);
    const branches = parts.map((part, i) => {
      // On the list `m k`, `find`'s own clause (plan `keys`) reads the same columns it reads from
      // the keys table: the user, the split field's value, the part's cursor, the sort and limit.
      const value = part.where?.[field];
      if (value === undefined) throw new Error(`a part without its value of ${field}`);
      const clause = findClause(
        table,
        view,
        {
          userId: part.userId,
          where: { [field]: value },
          sort: part.sort,
          limit: part.limit,
          ...(part.cursor === undefined ? {} : { cursor: part.cursor }),
        },
        'keys',
      );
      params.push(...clause.params, part.limit + 1);
      const sorted = [...new Set(query.sort.map((s) => `${carriedColumn(s.field)} AS ${column(s.field)}`))];
      return `SELECT * FROM (SELECT ${i} AS part, k.k_id AS id${sorted.map((c) => `, ${c}`).join('')} FROM m k ${clause.where})`;
    });
    // Each part's rows in `find`'s order (a compound's rows have no order of their own).
    const direction = (d: 'asc' | 'desc') => (d === 'asc' ? 'ASC' : 'DESC');
    const order = [
      'part',
      ...query.sort.map((s) => `${column(s.field)} ${direction(s.direction)}`),
      `id ${direction(query.sort.at(-1)?.direction ?? 'asc')}`,
    ];
    const sql =
      `WITH m AS MATERIALIZED (SELECT k.k_user, k.k_id, ${listed.join(', ')} FROM ${fromClause(table, query, 'keys')} ` +
      `WHERE ${shared.join(' AND ')}) ${branches.join(' UNION ALL ')} ORDER BY ${order.join(', ')}`;
    const rows = this.statement<(string | number)[], Row & { part: number }>(sql).all(...params);
    const byPart = parts.map((): Row[] => []);
    for (const row of rows) byPart[row.part]?.push(row);
    return byPart;
  }

  /** Whether the query's match has at least SCAN_MATCHES documents, counted in the FTS index alone. */
  private manyMatches(table: string, view: ViewDefinition, query: Pick<FindQuery, 'userId' | 'match'>): boolean {
    const expression = query.match === undefined ? null : matchExpression(view, query.userId, query.match);
    return (
      expression !== null &&
      (this.statement<[string], { n: number }>(matchCountSql(table)).get(expression)?.n ?? 0) >= SCAN_MATCHES
    );
  }

  async scan(viewName: string, options: { after?: ScanKey; limit: number }): Promise<StoredDocument[]> {
    this.view(viewName);
    await this.settled();
    const { after } = options;
    const rows =
      after === undefined
        ? this.statement<[number], Row>(
            `SELECT * FROM ${this.table(viewName)} WHERE doc IS NOT NULL ORDER BY user_id, id LIMIT ?`,
          ).all(options.limit)
        : this.statement<[string, string, number], Row>(
            // A row value: the primary key seeks straight to the key after the last one seen.
            `SELECT * FROM ${this.table(viewName)} WHERE doc IS NOT NULL AND (user_id, id) > (?, ?) ` +
              'ORDER BY user_id, id LIMIT ?',
          ).all(after.userId, after.id, options.limit);
    return rows.map((row) => toStored(row)).filter((d): d is StoredDocument => d !== null);
  }

  async sum(viewName: string, query: SumQuery): Promise<SumGroup[]> {
    await this.settled();
    const table = this.table(viewName);
    const view = this.view(viewName);
    // Many matches within a range on the first key of an index: the range's rows, walked along
    // that index (which carries what a sum reads), are fewer to test against the match list than
    // the matches are to join to their whole rows (a common word over half a year: 24 → 8 ms).
    const bounded = Object.keys(query.ranges ?? {}).some((field) =>
      view.indexes.some((index) => indexKeys(index)[0] === field),
    );
    // (Unless the search keys carry what the sum reads: sumSql then reads them whatever the plan.)
    const plan: MatchPlan =
      bounded && !keysAnswer(view, query, [...query.groupBy, query.field]) && this.manyMatches(table, view, query)
        ? 'scan'
        : 'join';
    const { sql, params } = sumSql(table, view, query, plan);
    return sumGroups(
      this.statement<(string | number)[], Record<string, string | number | null>>(sql).all(...params),
      query,
    );
  }

  async applyBatch(
    checkpointName: string,
    position: Position,
    work: (uow: UnitOfWork) => Promise<void>,
  ): Promise<void> {
    await this.settled();
    if (!this.owedScrubChecked) {
      this.owedScrubChecked = true;
      if (scrubOwed(this.db)) this.scrub();
    }
    const uow = new BufferedUnitOfWork(this);
    await work(uow);
    const cache = this.documentCache;
    // The rows this commit stored (JSON null: a tombstone) or left as they were (undefined), for the cache.
    const stored: { table: string; userId: string; id: string; json: string | null | undefined; position: Position }[] =
      [];
    try {
      this.db.transaction(() => {
        const touched: SearchTables[] = [];
        for (const userId of uow.purged) touched.push(...this.purgeRows(userId));
        this.mergeSearch(touched);
        if (uow.purged.size > 0) this.statement(OWE_SCRUB_SQL).run();
        for (const [viewName, writes] of uow.writes) {
          const view = this.view(viewName);
          const table = this.table(viewName);
          const upsert = this.statement(upsertSql(table, view));
          const search = this.searchWriter(view);
          for (const write of writes.values()) {
            const params = rowParams(view, write);
            // A write the position guard refused changes no row, and no FTS row either.
            const changed = upsert.run(...params).changes > 0;
            if (changed && search !== null) {
              // The row as it was before this commit, when the batch read it: its FTS row is
              // rewritten only if the searchable texts or the carried values changed.
              const before = uow.storedJson(viewName, write.userId, write.id);
              search.update(write.userId, write.id, write.doc, typeof before === 'string' ? before : undefined);
            }
            if (cache !== null) {
              const json = changed ? (params[2] as string | null) : undefined;
              stored.push({ table, userId: write.userId, id: write.id, json, position: write.position });
            }
          }
        }
        this.statement(CHECKPOINT_SQL).run(checkpointName, position);
      })();
    } catch (error) {
      this.forget();
      throw error;
    }
    if (cache !== null) {
      // A purge deleted rows the cache does not list: it forgets everything.
      if (uow.purged.size > 0) cache.clear();
      for (const row of stored) {
        cache.written(row.table, row.userId);
        if (row.json === undefined) cache.delete(row.table, row.userId, row.id);
        else cache.set(row.table, row.userId, row.id, { json: row.json, position: row.position });
      }
    }
    if (uow.purged.size > 0) this.scrub();
  }

  /**
   * In bulk mode on a file of its own (not a shadow, which shares the live views' connection),
   * the load is serialised here and written by a thread with its own connection: the promise
   * answers once it is committed, and the replay applies the next events meanwhile. Loads are
   * committed in the order given; a read of this store waits for the loads handed over.
   */
  async bulkLoad(checkpointName: string, position: Position, load: BulkLoad): Promise<void> {
    this.forget();
    if (this.bulk && this.tag === null && this.path !== null && bulkWriterMode() === 'thread') {
      if (this.unjournaledFailure !== null) {
        throw new Error(
          `the read store refuses bulk loads after a failed one: the file has no journal to roll it back (${this.unjournaledFailure.message})`,
        );
      }
      this.bulkWriter ??= new BulkWriterThread({
        path: this.path,
        rollbackJournal: this.rollbackJournal,
        unjournaled: this.unjournaled,
        cacheKiB: bulkWriterCacheKiB(),
      });
      const written = this.loadThrough(this.bulkWriter, checkpointName, position, load).catch((error: unknown) => {
        if (this.unjournaled) this.unjournaledFailure ??= error instanceof Error ? error : new Error(String(error));
        throw error;
      });
      this.bulkWritten = written.catch(() => undefined);
      // A purge's scrub waits for the end of bulk mode: the thread may be writing the next load.
      await written;
      return;
    }
    this.db.transaction(() => {
      const touched: SearchTables[] = [];
      for (const userId of load.purged) touched.push(...this.purgeRows(userId));
      this.mergeSearch(touched);
      if (load.purged.length > 0) this.statement(OWE_SCRUB_SQL).run();
      // Runs of REPLACE_ROWS writes to one view go in one statement: fewer calls into SQLite.
      const { writes } = load;
      let i = 0;
      while (i < writes.length) {
        const first = writes[i] as BulkWrite;
        const view = this.view(first.view);
        let end = i + 1;
        while (end < writes.length && end - i < REPLACE_ROWS && writes[end]?.view === first.view) end += 1;
        if (end - i === REPLACE_ROWS) {
          const params: (string | number | null)[] = [];
          for (let k = i; k < end; k += 1) pushRowParams(params, view, writes[k] as BulkWrite);
          this.replaceStatement(view, REPLACE_ROWS).run(...params);
        } else {
          for (let k = i; k < end; k += 1)
            this.replaceStatement(view, 1).run(...rowParams(view, writes[k] as BulkWrite));
        }
        const search = this.searchWriter(view);
        if (search !== null) {
          for (let k = i; k < end; k += 1) {
            const write = writes[k] as BulkWrite;
            search.write(write.userId, write.id, write.doc);
          }
        }
        i = end;
      }
      this.statement(CHECKPOINT_SQL).run(checkpointName, position);
    })();
    if (load.purged.length > 0) this.scrub();
  }

  /** The same statements as the load on this thread, handed to the writer thread as they are made. */
  private loadThrough(
    writer: BulkWriterThread,
    checkpointName: string,
    position: Position,
    load: BulkLoad,
  ): Promise<void> {
    for (const userId of load.purged) {
      for (const [name, view] of this.views) {
        writer.run(`DELETE FROM ${this.table(name)} WHERE user_id = ?`, userId);
        if (view.search !== undefined) {
          writer.searchPurge(searchTablesOf(this.table(name)), view.search.columns, userId);
        }
      }
    }
    if (load.purged.length > 0) {
      writer.mergePurged();
      writer.run(OWE_SCRUB_SQL);
    }
    const { writes } = load;
    const width = (view: ViewDefinition) => 5 + Object.keys(view.fields).length;
    let i = 0;
    while (i < writes.length) {
      const first = writes[i] as BulkWrite;
      const view = this.view(first.view);
      const table = this.table(view.name);
      let end = i + 1;
      while (end < writes.length && end - i < REPLACE_ROWS && writes[end]?.view === first.view) end += 1;
      const rows = end - i === REPLACE_ROWS ? REPLACE_ROWS : 1;
      // Where each document's row starts among the chunk's parameters: the thread derives its FTS row from it.
      const starts: number[] = [];
      for (let k = i; k < end; k += rows) {
        const params = writer.runWith(this.replaceText(table, view, rows), rows * width(view));
        for (let r = k; r < k + rows; r += 1) {
          starts.push(params.length);
          pushRowParams(params, view, writes[r] as BulkWrite);
        }
      }
      if (view.search !== undefined) {
        const tables = searchTablesOf(table);
        const { columns, module } = view.search;
        const source = module === undefined ? null : { module, view: view.name };
        for (let k = i; k < end; k += 1) {
          const write = writes[k] as BulkWrite;
          if (source !== null) {
            writer.searchRow(tables, columns, source, starts[k - i] as number, write.fresh === true);
          } else writer.searchWrite(tables, columns, write.userId, write.id, searchTexts(view, write.doc));
        }
      }
      writer.sent();
      i = end;
    }
    writer.run(CHECKPOINT_SQL, checkpointName, position);
    return writer.commit();
  }

  private replaceText(table: string, view: ViewDefinition, rows: number): string {
    const key = `${table}:${rows}`;
    let sql = this.replaceSqls.get(key);
    if (sql === undefined) this.replaceSqls.set(key, (sql = replaceSql(table, view, rows)));
    return sql;
  }

  /** Waits for the bulk loads handed to the writer thread (so a read sees them). */
  private async settled(): Promise<void> {
    if (this.bulkWriter !== null) await this.bulkWritten;
  }

  private replaceStatement(view: ViewDefinition, rows: number): Database.Statement {
    const key = `${view.name}:${rows}`;
    let statement = this.replaceStatements.get(key);
    if (statement === undefined) {
      statement = this.db.prepare(replaceSql(this.table(view.name), view, rows));
      this.replaceStatements.set(key, statement);
    }
    return statement;
  }

  /**
   * Bulk loading (a rebuild) writes without fsync, and views reset meanwhile get their
   * secondary indexes only at the end: building an index once from sorted rows costs far
   * less than updating it row by row.
   *
   * A rebuild into a file of its own that holds no document yet (the one the writer thread
   * serves: no other connection, no row but checkpoints) is written by the thread without any journal,
   * which writes each rewritten page once instead of twice. A stop mid-flush then leaves torn
   * pages, and a failed flush cannot be rolled back, so the file is marked unfinished first
   * (`markUnfinished`, durable before the thread opens it) and the mark is removed only when
   * bulk mode ends after loads that all succeeded, with the indexes built and the file made
   * durable. The read models' open discards a marked file (damaged-file.ts), and the views are
   * built again from the events. A file that holds data keeps its journal.
   */
  async bulkMode(enabled: boolean): Promise<void> {
    this.forget();
    this.bulk = enabled;
    if (!enabled) await this.closeBulkWriter();
    if (enabled) {
      this.rollbackJournal = enterBulkMode(this.db, this.tag !== null);
      this.unjournaledFailure = null;
      this.unjournaled =
        this.rollbackJournal && this.path !== null && bulkWriterMode() === 'thread' && holdsNoDocuments(this.db);
      if (this.unjournaled && this.path !== null) await markUnfinished(this.path);
      return;
    }
    const unfinished = this.unjournaled && this.unjournaledFailure !== null;
    // After a failed load written without a journal the file is unknown: it is left marked, as it is.
    if (!unfinished) for (const view of this.views.values()) createIndexes(this.db, this.table(view.name), view);
    try {
      leaveBulkMode(this.db, this.tag !== null, this.rollbackJournal);
    } catch (error) {
      // The replay's own failure is what its caller hears; this file is discarded at the next open.
      if (!unfinished) throw error;
    }
    this.rollbackJournal = false;
    if (this.unjournaled && !unfinished && this.path !== null) await unmarkUnfinished(this.path);
    this.unjournaled = false;
    if (unfinished) return;
    // A purge in a load the writer thread wrote (or one whose scrub was put off) is scrubbed now.
    if (scrubOwed(this.db)) this.scrub();
  }

  async getCheckpoint(checkpointName: string): Promise<Position | null> {
    await this.settled();
    const row = this.db
      .prepare<[string], { position: string }>('SELECT position FROM checkpoints WHERE name = ?')
      .get(checkpointName);
    return row?.position ?? null;
  }

  async reset(views: readonly ViewDefinition[], checkpointName: string): Promise<void> {
    await this.settled();
    this.forget();
    this.db.transaction(() => {
      for (const view of views) {
        this.db.exec(`DROP TABLE IF EXISTS ${this.table(view.name)}`);
        dropSearchTables(this.db, searchTablesOf(this.table(view.name)));
      }
      this.statements.clear();
      this.replaceStatements.clear();
      this.searchWriters.clear();
      this.db.prepare('DELETE FROM checkpoints WHERE name = ?').run(checkpointName);
    })();
    for (const view of views) this.createView(view);
  }

  shadow(tag: string): ReadStore {
    if (this.tag !== null) throw new Error('a shadow store has no shadows');
    if (!SHADOW_TAG.test(tag)) throw new Error(`not a valid shadow tag: ${tag}`);
    return new SqliteReadStore(this.db, tag, null, this.documentCache);
  }

  async promote(promotion: Promotion): Promise<void> {
    if (this.tag !== null) throw new Error('a shadow store promotes nothing');
    this.forget();
    promoteShadow(this.db, promotion);
    this.forget();
    this.statements.clear();
    this.searchWriters.clear();
    for (const view of promotion.views) this.createView(view);
  }

  async dropShadow(tag: string, checkpointName?: string): Promise<void> {
    this.forget();
    dropShadow(this.db, tag, checkpointName);
    this.statements.clear();
    this.searchWriters.clear();
  }

  async shadowTags(): Promise<string[]> {
    return shadowTags(this.db);
  }

  /** Waits for the writer thread's loads and closes it; its connection goes before the indexes are built. */
  private async closeBulkWriter(): Promise<void> {
    const writer = this.bulkWriter;
    if (writer === null) return;
    await this.bulkWritten;
    this.bulkWriter = null;
    await writer.close();
  }

  async close(): Promise<void> {
    await this.closeBulkWriter();
    if (this.tag === null && this.db.open) this.db.close();
  }
}

/**
 * `documentCache`: keep the documents read and written across batches (sqlite-document-cache.ts).
 * Only for the one process writing the file (the read models' lock, writer-lock.ts): a change
 * another connection makes is never seen by the cache.
 */
export async function openSqliteReadStore(options: {
  path: string;
  documentCache?: boolean | DocumentCache;
}): Promise<ReadStore> {
  const cache =
    options.documentCache === true
      ? new DocumentCache()
      : options.documentCache instanceof DocumentCache
        ? options.documentCache
        : null;
  return SqliteReadStore.open(options.path, cache);
}
