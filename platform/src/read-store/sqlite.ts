import Database from 'better-sqlite3';
import type { Position } from '../event-store/port.js';
import { truncateWriteAheadLog } from '../sqlite-log.js';
import { decodeCursor, encodeCursor, positionKey } from './keys.js';
import { column, createIndexes, createViewTable, tableOf } from './sqlite-schema.js';
import { dropShadow, promoteShadow, shadowTags } from './sqlite-shadow.js';
import { BufferedUnitOfWork, type UnitOfWorkBacking } from './unit-of-work.js';
import {
  SUM_SPLIT,
  joinSplitSum,
  type ContainsFilter,
  type Document,
  type FindQuery,
  type BulkLoad,
  type BulkWrite,
  type FindResult,
  type ReadStore,
  type StoredDocument,
  type SumGroup,
  type SumQuery,
  type UnitOfWork,
  type Promotion,
  type ScanKey,
  type ViewDefinition,
  SHADOW_TAG,
} from './port.js';

/** Page cache sizes (negative: KiB): SQLite's default, and a larger one while bulk loading. */
const DEFAULT_CACHE_KIB = -2000;
const BULK_CACHE_KIB = -65_536;
/** Rows per statement when bulk loading. */
const REPLACE_ROWS = 32;
/** Tries at emptying the log after a purge, and the pause between two. */
const SCRUB_ATTEMPTS = 10;
const SCRUB_RETRY_MS = 500;

interface Row {
  user_id: string;
  id: string;
  doc: string | null;
  position: string;
  pos_key: string;
  [field: string]: string | number | null;
}

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
  private readonly statements = new Map<string, Database.Statement>();
  /** Per view and number of rows, the statement that stores replayed documents over whatever is there. */
  private readonly replaceStatements = new Map<string, Database.Statement>();

  /** A shadow store (tag set) shares its base store's connection. */
  constructor(
    private readonly db: Database.Database,
    private readonly tag: string | null,
  ) {}

  static open(path: string): SqliteReadStore {
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    // A user's notes are rewritten with every edit and purged on erasure: what is deleted or
    // replaced is overwritten, not left in free space.
    db.pragma('secure_delete = ON');
    db.pragma('busy_timeout = 5000');
    db.pragma('wal_autocheckpoint = 10000');
    db.exec('CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position TEXT NOT NULL)');
    return new SqliteReadStore(db, null);
  }

  private table(view: string): string {
    return tableOf(view, this.tag);
  }

  async ensureViews(views: readonly ViewDefinition[]): Promise<void> {
    for (const view of views) this.createView(view);
  }

  private createView(view: ViewDefinition): void {
    createViewTable(this.db, this.table(view.name), view, !this.bulk);
    this.views.set(view.name, view);
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

  indexValues(view: ViewDefinition, doc: Document | null): (string | number | null)[] {
    const values = doc === null ? {} : (view.indexValues?.(doc) ?? doc);
    return Object.keys(view.fields).map((field) => {
      const value = (values as Record<string, unknown>)[field];
      return typeof value === 'string' || typeof value === 'number' ? value : null;
    });
  }

  row(view: string, userId: string, id: string): Row | undefined {
    return this.statement<[string, string], Row>(`SELECT * FROM ${this.table(view)} WHERE user_id = ? AND id = ?`).get(
      userId,
      id,
    );
  }

  async get<D extends Document>(view: string, userId: string, id: string): Promise<StoredDocument<D> | null> {
    this.view(view);
    return toStored<D>(this.row(view, userId, id));
  }

  async stored(view: string, userId: string, id: string): Promise<{ doc: Document | null; position: Position } | null> {
    const row = this.row(view, userId, id);
    if (row === undefined) return null;
    return { doc: row.doc === null ? null : (JSON.parse(row.doc) as Document), position: row.position };
  }

  indexedEquals(view: ViewDefinition, doc: Document, field: string, value: string | number): boolean {
    const fieldIndex = Object.keys(view.fields).indexOf(field);
    if (fieldIndex < 0) throw new Error(`not an indexed field of ${view.name}: ${field}`);
    return this.indexValues(view, doc)[fieldIndex] === value;
  }

  /** Equality and containment conditions on a user's documents, with their parameters. */
  private conditions(
    view: ViewDefinition,
    query: { userId: string; where?: FindQuery['where']; contains?: ContainsFilter },
  ): { conditions: string[]; params: (string | number)[] } {
    const params: (string | number)[] = [query.userId];
    // A tombstone's indexed values are all null, so any condition on them leaves it out;
    // without one, the document itself says whether it is live.
    const conditions = ['user_id = ?'];
    for (const [field, value] of Object.entries(query.where ?? {})) {
      this.requireField(view, field);
      conditions.push(`${column(field)} = ?`);
      params.push(value);
    }
    if (query.contains !== undefined) {
      this.requireField(view, query.contains.field);
      conditions.push(`instr(${column(query.contains.field)}, ?) > 0`);
      params.push(query.contains.text);
    }
    if (conditions.length === 1) conditions.push('doc IS NOT NULL');
    return { conditions, params };
  }

  private requireField(view: ViewDefinition, field: string): void {
    if (!Object.hasOwn(view.fields, field)) throw new Error(`not an indexed field of ${view.name}: ${field}`);
  }

  async find<D extends Document>(viewName: string, query: FindQuery): Promise<FindResult<D>> {
    const view = this.view(viewName);
    const { conditions, params } = this.conditions(view, query);
    for (const { field } of query.sort) this.requireField(view, field);
    const keys = [
      ...query.sort.map((s) => ({ expr: column(s.field), direction: s.direction })),
      { expr: 'id', direction: query.sort.at(-1)?.direction ?? 'asc' },
    ];
    if (query.cursor !== undefined) {
      const after = decodeCursor(query.cursor, keys.length);
      // The OR below alone makes SQLite scan the index from its start on every page; this
      // bound on the first key (implied by the OR) lets it seek to the cursor instead.
      const first = keys[0];
      if (first !== undefined && after[0] !== undefined) {
        conditions.push(`${first.expr} ${first.direction === 'asc' ? '>=' : '<='} ?`);
        params.push(after[0]);
      }
      const alternatives = keys.map((key, i) => {
        const equal = keys.slice(0, i).map((k) => `${k.expr} = ?`);
        return `(${[...equal, `${key.expr} ${key.direction === 'asc' ? '>' : '<'} ?`].join(' AND ')})`;
      });
      conditions.push(`(${alternatives.join(' OR ')})`);
      keys.forEach((_, i) => params.push(...after.slice(0, i + 1)));
    }
    const order = keys.map((k) => `${k.expr} ${k.direction === 'asc' ? 'ASC' : 'DESC'}`).join(', ');
    const where = `WHERE ${conditions.join(' AND ')} ORDER BY ${order} LIMIT ?`;
    let rows: Row[];
    if (query.contains === undefined) {
      rows = this.statement<(string | number)[], Row>(`SELECT * FROM ${this.table(viewName)} ${where}`).all(
        ...params,
        query.limit + 1,
      );
    } else {
      // A text search may pass over every row of the user: it reads ids and sort keys only,
      // which an index that includes the searched field answers without touching the rows,
      // then the documents of the page.
      const selected = ['id', ...new Set(query.sort.map((s) => column(s.field)))].join(', ');
      const keyRows = this.statement<(string | number)[], Row>(
        `SELECT ${selected} FROM ${this.table(viewName)} ${where}`,
      ).all(...params, query.limit + 1);
      rows = keyRows.map((keyRow) => this.row(viewName, query.userId, keyRow.id) ?? keyRow);
    }
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const nextCursor =
      rows.length > query.limit && last !== undefined
        ? encodeCursor([...query.sort.map((s) => last[column(s.field)] ?? null), last.id])
        : null;
    return { items: page.map((row) => toStored<D>(row)).filter((d): d is StoredDocument<D> => d !== null), nextCursor };
  }

  async scan(viewName: string, options: { after?: ScanKey; limit: number }): Promise<StoredDocument[]> {
    this.view(viewName);
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
    const view = this.view(viewName);
    const { conditions, params } = this.conditions(view, query);
    for (const field of [...query.groupBy, query.field]) this.requireField(view, field);
    const groups = query.groupBy.map((field) => column(field));
    const rows = this.statement<(string | number)[], Record<string, string | number | null>>(
      `SELECT ${[
        ...groups,
        'count(*) AS n',
        // Shift and mask split each value as floor division and its non-negative remainder.
        `coalesce(sum(${column(query.field)} >> ${Math.log2(SUM_SPLIT)}), 0) AS high`,
        `coalesce(sum(${column(query.field)} & ${SUM_SPLIT - 1}), 0) AS low`,
      ].join(', ')} ` +
        `FROM ${this.table(viewName)} WHERE ${conditions.join(' AND ')}` +
        (groups.length > 0 ? ` GROUP BY ${groups.join(', ')}` : ''),
    ).all(...params);
    return rows
      .filter((row) => Number(row.n) > 0)
      .map((row) => ({
        group: Object.fromEntries(query.groupBy.map((field) => [field, row[column(field)] ?? null])),
        count: Number(row.n),
        sum: joinSplitSum(Number(row.high), Number(row.low)),
      }));
  }

  async applyBatch(
    checkpointName: string,
    position: Position,
    work: (uow: UnitOfWork) => Promise<void>,
  ): Promise<void> {
    const uow = new BufferedUnitOfWork(this);
    await work(uow);
    this.db.transaction(() => {
      for (const userId of uow.purged) {
        for (const view of this.views.keys())
          this.statement(`DELETE FROM ${this.table(view)} WHERE user_id = ?`).run(userId);
      }
      for (const [viewName, writes] of uow.writes) {
        const view = this.view(viewName);
        const fieldColumns = Object.keys(view.fields).map(column);
        const upsert = this.statement(
          `INSERT INTO ${this.table(viewName)} (user_id, id, doc, position, pos_key${fieldColumns.map((c) => `, ${c}`).join('')}) ` +
            `VALUES (?, ?, ?, ?, ?${fieldColumns.map(() => ', ?').join('')}) ON CONFLICT (user_id, id) DO UPDATE SET ` +
            ['doc', 'position', 'pos_key', ...fieldColumns].map((c) => `${c} = excluded.${c}`).join(', ') +
            ` WHERE excluded.pos_key > ${this.table(viewName)}.pos_key`,
        );
        for (const write of writes.values()) {
          upsert.run(...this.rowParams(view, write));
        }
      }
      this.statement(
        'INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position',
      ).run(checkpointName, position);
    })();
    if (uow.purged.size > 0) this.scrubPurged();
  }

  /**
   * After an erased user's documents were deleted (and overwritten), the write-ahead log
   * still holds earlier copies of their pages: it is copied into the file and truncated. A
   * reader on another connection that holds it up makes it try again a little later (and
   * the next purge tries again too); the batch itself is written either way.
   */
  private scrubPurged(attempt = 1): void {
    if (!this.db.open) return;
    try {
      truncateWriteAheadLog(this.db);
    } catch {
      if (attempt < SCRUB_ATTEMPTS) setTimeout(() => this.scrubPurged(attempt + 1), SCRUB_RETRY_MS).unref();
    }
  }

  async bulkLoad(checkpointName: string, position: Position, load: BulkLoad): Promise<void> {
    this.db.transaction(() => {
      for (const userId of load.purged) {
        for (const view of this.views.keys())
          this.statement(`DELETE FROM ${this.table(view)} WHERE user_id = ?`).run(userId);
      }
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
          for (let k = i; k < end; k += 1) params.push(...this.rowParams(view, writes[k] as BulkWrite));
          this.replaceStatement(view, REPLACE_ROWS).run(...params);
        } else {
          for (let k = i; k < end; k += 1)
            this.replaceStatement(view, 1).run(...this.rowParams(view, writes[k] as BulkWrite));
        }
        i = end;
      }
      this.statement(
        'INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position',
      ).run(checkpointName, position);
    })();
    if (load.purged.length > 0) this.scrubPurged();
  }

  /** A document's row: key, JSON, position and indexed values, in the table's column order. */
  private rowParams(
    view: ViewDefinition,
    write: Pick<BulkWrite, 'userId' | 'id' | 'doc' | 'position'>,
  ): (string | number | null)[] {
    return [
      write.userId,
      write.id,
      write.doc === null ? null : JSON.stringify(write.doc),
      write.position,
      positionKey(write.position),
      ...this.indexValues(view, write.doc),
    ];
  }

  private replaceStatement(view: ViewDefinition, rows: number): Database.Statement {
    const key = `${view.name}:${rows}`;
    let statement = this.replaceStatements.get(key);
    if (statement === undefined) {
      const fieldColumns = Object.keys(view.fields).map(column);
      const values = `(?, ?, ?, ?, ?${fieldColumns.map(() => ', ?').join('')})`;
      statement = this.db.prepare(
        `INSERT OR REPLACE INTO ${this.table(view.name)} (user_id, id, doc, position, pos_key${fieldColumns.map((c) => `, ${c}`).join('')}) ` +
          `VALUES ${Array.from({ length: rows }, () => values).join(', ')}`,
      );
      this.replaceStatements.set(key, statement);
    }
    return statement;
  }

  /**
   * Bulk loading (a rebuild) writes without fsync, and views reset meanwhile get their
   * secondary indexes only at the end: building an index once from sorted rows costs far
   * less than updating it row by row.
   */
  async bulkMode(enabled: boolean): Promise<void> {
    this.bulk = enabled;
    // A shadow shares the connection with live batches, which keep their durability; the
    // larger page cache helps both.
    if (this.tag !== null) {
      if (enabled) {
        this.db.pragma(`cache_size = ${BULK_CACHE_KIB}`);
        return;
      }
      for (const view of this.views.values()) createIndexes(this.db, this.table(view.name), view);
      this.db.pragma(`cache_size = ${DEFAULT_CACHE_KIB}`);
      return;
    }
    if (enabled) {
      this.db.pragma('synchronous = OFF');
      // A flush writes a few pages per user and view, all over each table: keep them in memory.
      this.db.pragma(`cache_size = ${BULK_CACHE_KIB}`);
      this.rollbackJournal = this.leaveWal();
      return;
    }
    for (const view of this.views.values()) createIndexes(this.db, this.table(view.name), view);
    this.db.pragma(`cache_size = ${DEFAULT_CACHE_KIB}`);
    this.db.pragma('synchronous = NORMAL');
    if (this.rollbackJournal) this.db.pragma('journal_mode = WAL');
    else this.db.pragma('wal_checkpoint(TRUNCATE)');
    this.rollbackJournal = false;
  }

  /**
   * While nobody else has the file open (an offline rebuild), bulk loading writes pages
   * straight into it with a rollback journal instead of through the write-ahead log, which
   * would copy every page twice. Pages of fresh tables need no journal, and a process that
   * dies mid-transaction is still rolled back when the file is opened again.
   */
  private leaveWal(): boolean {
    try {
      return this.db.pragma('journal_mode = TRUNCATE', { simple: true }) === 'truncate';
    } catch {
      // Another connection has the file open: keep the write-ahead log.
      return false;
    }
  }

  async getCheckpoint(checkpointName: string): Promise<Position | null> {
    const row = this.db
      .prepare<[string], { position: string }>('SELECT position FROM checkpoints WHERE name = ?')
      .get(checkpointName);
    return row?.position ?? null;
  }

  async reset(views: readonly ViewDefinition[], checkpointName: string): Promise<void> {
    this.db.transaction(() => {
      for (const view of views) this.db.exec(`DROP TABLE IF EXISTS ${this.table(view.name)}`);
      this.statements.clear();
      this.replaceStatements.clear();
      this.db.prepare('DELETE FROM checkpoints WHERE name = ?').run(checkpointName);
    })();
    for (const view of views) this.createView(view);
  }

  shadow(tag: string): ReadStore {
    if (this.tag !== null) throw new Error('a shadow store has no shadows');
    if (!SHADOW_TAG.test(tag)) throw new Error(`not a valid shadow tag: ${tag}`);
    return new SqliteReadStore(this.db, tag);
  }

  async promote(promotion: Promotion): Promise<void> {
    if (this.tag !== null) throw new Error('a shadow store promotes nothing');
    promoteShadow(this.db, promotion);
    this.statements.clear();
    for (const view of promotion.views) this.createView(view);
  }

  async dropShadow(tag: string, checkpointName?: string): Promise<void> {
    dropShadow(this.db, tag, checkpointName);
    this.statements.clear();
  }

  async shadowTags(): Promise<string[]> {
    return shadowTags(this.db);
  }

  async close(): Promise<void> {
    if (this.tag === null && this.db.open) this.db.close();
  }
}

function toStored<D extends Document>(row: Row | undefined): StoredDocument<D> | null {
  if (row === undefined || row.doc === null) return null;
  return { userId: row.user_id, id: row.id, doc: JSON.parse(row.doc) as D, position: row.position };
}

export async function openSqliteReadStore(options: { path: string }): Promise<ReadStore> {
  return SqliteReadStore.open(options.path);
}
