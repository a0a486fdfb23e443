import type Database from 'better-sqlite3';
import { indexIncludes, indexKeys, type Document, type TextMatch, type ViewDefinition } from './port.js';
import { column, identifier } from './sqlite-schema.js';
import { documentTokens, matchGroups, requireSearch } from './search-tokens.js';

/*
 * Full-text search in the SQLite read store. A view with `search` has, beside its table
 * `view_<name>[__<tag>]`:
 * - `fts_<name>[__<tag>]`: a contentless FTS5 table (no copy of the text, rows deletable) with
 *   one row per live document: a column `uid` holding the user as one token (every match is
 *   limited to it, so other users' documents are never read), then one column per search column.
 * - `ftk_<name>[__<tag>]`: the FTS row's rowid per document (k_user, k_id), since the view table has none,
 *   and a copy of the document's indexed values that the view's covering indexes carry (`carriedFields`,
 *   in columns `kf_<field>`, named apart from the view table's): a sum over a search's many matches reads them from here,
 *   beside the key it reads anyway, not from the whole rows (where they come after the document).
 * The tokenizer keeps letters, digits, marks and private-use characters together (Thai and Lao
 * vowel and tone marks are marks) and removes no diacritics. Deleted rows are removed from the
 * index at once (`secure-delete`), and the page-level `secure_delete` overwrites what is freed.
 */

export interface SearchTables {
  readonly fts: string;
  readonly keys: string;
}

/** The search tables of a view table (`view_x` or `view_x__tag`). */
export function searchTablesOf(table: string): SearchTables {
  const base = table.slice('view_'.length);
  return { fts: `fts_${base}`, keys: `ftk_${base}` };
}

/**
 * The indexed fields a view's search keys table carries: those of its covering indexes (keys and
 * included fields), which are what sums and filters over many rows read; none without covering indexes.
 */
export function carriedFields(view: ViewDefinition): string[] {
  const covered = new Set(
    view.indexes.flatMap((index) => {
      const include = indexIncludes(index);
      return include.length === 0 ? [] : [...indexKeys(index), ...include];
    }),
  );
  return Object.keys(view.fields).filter((field) => covered.has(field));
}

/** The column of a carried field in a search keys table. */
export const carriedColumn = (field: string): string => `kf_${identifier(field)}`;

/** The view table a search keys table belongs to (`ftk_x` → `view_x`). */
const viewTableOf = (tables: SearchTables): string => `view_${tables.keys.slice('ftk_'.length)}`;

/** The columns of a table, in order. */
const tableColumns = (db: Database.Database, table: string): string[] =>
  db
    .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`)
    .all()
    .map((c) => c.name);

/** The carried columns a search keys table has (every column after its key). */
const keyColumns = (db: Database.Database, keys: string): string[] => tableColumns(db, keys).slice(3);

/** Documents read at once when filling a new FTS table. */
const FILL_CHUNK = 1000;

const TOKENIZER = `unicode61 remove_diacritics 0 categories 'L* N* M* Co'`;

const ftsColumn = (column: string) => `c_${identifier(column)}`;

/** A user as one token: the hex of their id's UTF-8. */
export const userToken = (userId: string): string => `u${Buffer.from(userId, 'utf8').toString('hex')}`;

const quote = (token: string) => `"${token.replaceAll('"', '""')}"`;

/**
 * The FTS5 query of a match for a user, or null when nothing can match. Every token is a quoted
 * string (its quotes doubled), so no text is read as FTS5 syntax.
 */
export function matchExpression(view: ViewDefinition, userId: string, match: TextMatch): string | null {
  const groups = matchGroups(view, match);
  if (groups === null) return null;
  return [
    `uid : ${quote(userToken(userId))}`,
    ...groups.map(
      (group) =>
        `(${group.map((term) => `${ftsColumn(term.column)} : ${quote(term.token)}${term.prefix ? ' *' : ''}`).join(' OR ')})`,
    ),
  ].join(' AND ');
}

function exists(db: Database.Database, name: string): boolean {
  return db.prepare(`SELECT 1 FROM sqlite_master WHERE name = ?`).get(name) !== undefined;
}

/**
 * Creates a view's search tables when it has `search` (filled once from the documents already
 * stored, as after an upgrade), builds them again when its columns changed, and drops them when
 * the view has none.
 */
export function ensureSearchTables(db: Database.Database, table: string, view: ViewDefinition): void {
  const tables = searchTablesOf(table);
  if (view.search === undefined) {
    dropSearchTables(db, tables);
    return;
  }
  const columns = ['uid', ...view.search.columns.map(ftsColumn)];
  const carried = carriedFields(view).map(carriedColumn);
  const present = exists(db, tables.fts);
  if (present && tableColumns(db, tables.fts).join(',') === columns.join(',') && exists(db, tables.keys)) {
    if (keyColumns(db, tables.keys).join(',') !== carried.join(',')) carryValues(db, table, tables, view);
    return;
  }
  db.transaction(() => {
    if (present) dropSearchTables(db, tables);
    db.exec(
      `CREATE VIRTUAL TABLE ${tables.fts} USING fts5(${columns.join(', ')}, content='', contentless_delete=1, ` +
        `tokenize="${TOKENIZER}")`,
    );
    db.exec(`INSERT INTO ${tables.fts}(${tables.fts}, rank) VALUES ('secure-delete', 1)`);
    createKeysTable(db, tables, view);
    const writer = new SearchWriter(db, tables, view);
    // In chunks, in key order: the connection cannot write while a statement still reads.
    const chunk = db.prepare<[string, string], { user_id: string; id: string; doc: string }>(
      `SELECT user_id, id, doc FROM ${table} WHERE doc IS NOT NULL AND (user_id, id) > (?, ?) ORDER BY user_id, id LIMIT ${FILL_CHUNK}`,
    );
    let after: [string, string] = ['', ''];
    for (;;) {
      const rows = chunk.all(...after);
      for (const row of rows) writer.write(row.user_id, row.id, JSON.parse(row.doc) as Document);
      const last = rows.at(-1);
      if (last === undefined || rows.length < FILL_CHUNK) break;
      after = [last.user_id, last.id];
    }
  })();
}

/** The keys table, with a column per carried field (typed as the view table's). */
function createKeysTable(db: Database.Database, tables: SearchTables, view: ViewDefinition): void {
  const carried = carriedFields(view).map(
    (field) => `, ${carriedColumn(field)} ${view.fields[field] === 'integer' ? 'INTEGER' : 'TEXT'}`,
  );
  db.exec(
    `CREATE TABLE ${tables.keys} (rid INTEGER PRIMARY KEY, k_user TEXT NOT NULL, k_id TEXT NOT NULL${carried.join('')}, ` +
      'UNIQUE (k_user, k_id))',
  );
}

/**
 * Gives a keys table the carried fields it lacks (made before they were carried, or the view's
 * covering indexes changed): copies the table with the new columns, filled from the view table
 * in one statement, and leaves the FTS rows as they are (same rowids).
 */
function carryValues(db: Database.Database, table: string, tables: SearchTables, view: ViewDefinition): void {
  const fields = carriedFields(view);
  const old = `${tables.keys}_old`;
  db.transaction(() => {
    db.exec(`ALTER TABLE ${tables.keys} RENAME TO ${old}`);
    createKeysTable(db, tables, view);
    db.exec(
      `INSERT INTO ${tables.keys} (rid, k_user, k_id${fields.map((f) => `, ${carriedColumn(f)}`).join('')}) ` +
        `SELECT k.rid, k.k_user, k.k_id${fields.map((f) => `, v.${column(f)}`).join('')} FROM ${old} k ` +
        `LEFT JOIN ${table} v ON v.user_id = k.k_user AND v.id = k.k_id`,
    );
    db.exec(`DROP TABLE ${old}`);
  })();
}

export function dropSearchTables(db: Database.Database, tables: SearchTables): void {
  db.exec(`DROP TABLE IF EXISTS ${tables.fts}`);
  db.exec(`DROP TABLE IF EXISTS ${tables.keys}`);
}

/**
 * Keeps the FTS rows of a search table in step with its documents, given each document's text
 * per search column (tokens joined by spaces); called inside the documents' transaction. It
 * needs no view definition, so the bulk writer's thread runs it too (sqlite-bulk-worker.ts).
 */
export class SearchRows {
  private readonly key: Database.Statement<[string, string], { rid: number }>;
  private readonly addKey: Database.Statement<[string, string]>;
  /** Adds a key with the carried values read from the document's row, or null when none are carried. */
  private readonly addCarried: Database.Statement<[string, string]> | null;
  /** Copies a kept key's carried values from the document's row again, or null when none are carried. */
  private readonly carry: Database.Statement<[string, string, number]> | null;
  /** The same two with the values given (in the order of `carried`). */
  private readonly addGiven: Database.Statement<(string | number | null)[]> | null;
  private readonly carryGiven: Database.Statement<(string | number | null)[]> | null;
  /** The fields the keys carry, in their columns' order. */
  readonly carried: readonly string[];
  private readonly dropKey: Database.Statement<[number]>;
  private readonly dropRow: Database.Statement<[number]>;
  private readonly addRow: Database.Statement<(string | number)[]>;
  private readonly dropUserRows: Database.Statement<[string]>;
  private readonly dropUserKeys: Database.Statement<[string]>;

  /** `columns`: the view's search columns, in its order. */
  constructor(
    db: Database.Database,
    readonly tables: SearchTables,
    columns: readonly string[],
  ) {
    const { fts, keys } = tables;
    const names = columns.map(ftsColumn);
    this.key = db.prepare(`SELECT rid FROM ${keys} WHERE k_user = ? AND k_id = ?`);
    // The carried columns are read from the table itself, so a writer needs no view definition
    // (the bulk writer's thread); their values from the document's row, written just before.
    const carried = keyColumns(db, keys);
    this.carried = carried.map((c) => c.slice('kf_'.length));
    const from = this.carried.map(column);
    this.addGiven =
      carried.length === 0
        ? null
        : db.prepare(
            `INSERT INTO ${keys} (k_user, k_id${carried.map((c) => `, ${c}`).join('')}) VALUES (?, ?${carried.map(() => ', ?').join('')})`,
          );
    this.carryGiven =
      carried.length === 0
        ? null
        : db.prepare(`UPDATE ${keys} SET ${carried.map((c) => `${c} = ?`).join(', ')} WHERE rid = ?`);
    const view = viewTableOf(tables);
    this.addKey = db.prepare(`INSERT INTO ${keys} (k_user, k_id) VALUES (?, ?)`);
    this.addCarried =
      carried.length === 0
        ? null
        : db.prepare(
            `INSERT INTO ${keys} (k_user, k_id${carried.map((c) => `, ${c}`).join('')}) ` +
              `SELECT user_id, id${from.map((c) => `, ${c}`).join('')} FROM ${view} WHERE user_id = ? AND id = ?`,
          );
    this.carry =
      carried.length === 0
        ? null
        : db.prepare(
            `UPDATE ${keys} SET (${carried.join(', ')}) = (SELECT ${from.join(', ')} FROM ${view} ` +
              'WHERE user_id = ? AND id = ?) WHERE rid = ?',
          );
    this.dropKey = db.prepare(`DELETE FROM ${keys} WHERE rid = ?`);
    this.dropRow = db.prepare(`DELETE FROM ${fts} WHERE rowid = ?`);
    this.addRow = db.prepare(
      `INSERT INTO ${fts} (rowid, uid${names.map((c) => `, ${c}`).join('')}) VALUES (?, ?${names.map(() => ', ?').join('')})`,
    );
    this.dropUserRows = db.prepare(`DELETE FROM ${fts} WHERE rowid IN (SELECT rid FROM ${keys} WHERE k_user = ?)`);
    this.dropUserKeys = db.prepare(`DELETE FROM ${keys} WHERE k_user = ?`);
  }

  /**
   * Replaces the document's FTS row by one with these texts (none for a tombstone: null). `values`:
   * the document's indexed values of the `carried` fields, in that order; without them they are
   * read from the document's row, which every writer writes first (slower: about 20 µs a write).
   */
  writeTexts(
    userId: string,
    id: string,
    texts: readonly string[] | null,
    values?: readonly (string | number | null)[],
  ): void {
    const rid = this.key.get(userId, id)?.rid;
    if (rid !== undefined) this.dropRow.run(rid);
    if (texts === null) {
      if (rid !== undefined) this.dropKey.run(rid);
      return;
    }
    if (rid !== undefined) {
      if (values === undefined) this.carry?.run(userId, id, rid);
      else this.carryGiven?.run(...values, rid);
    }
    this.addRow.run(rid ?? this.newKey(userId, id, values), userToken(userId), ...texts);
  }

  /**
   * Adds a document's key, with the carried values read from its row (written before its FTS
   * row by every writer; without a row, without them), and returns its rowid.
   */
  private newKey(userId: string, id: string, values?: readonly (string | number | null)[]): number {
    if (values !== undefined && this.addGiven !== null) {
      return Number(this.addGiven.run(userId, id, ...values).lastInsertRowid);
    }
    const added = this.addCarried?.run(userId, id);
    return Number((added?.changes === 1 ? added : this.addKey.run(userId, id)).lastInsertRowid);
  }

  /** Writes the carried values of a document's key, its FTS row left as it is; false when it has no key. */
  carryTo(userId: string, id: string, values: readonly (string | number | null)[]): boolean {
    const rid = this.key.get(userId, id)?.rid;
    if (rid === undefined) return false;
    this.carryGiven?.run(...values, rid);
    return true;
  }

  /** Adds the FTS row of a document the table has no row for yet: fails, on the keys' unique index, when it has one. */
  addTexts(userId: string, id: string, texts: readonly string[], values?: readonly (string | number | null)[]): void {
    this.addRow.run(this.newKey(userId, id, values), userToken(userId), ...texts);
  }

  /** Removes a user's rows; returns whether there were any. */
  purge(userId: string): boolean {
    this.dropUserRows.run(userId);
    return this.dropUserKeys.run(userId).changes > 0;
  }
}

/** A document's FTS texts: its tokens per search column joined by spaces (null for a tombstone). */
export function searchTexts(view: ViewDefinition, doc: Document | null): string[] | null {
  return doc === null ? null : documentTokens(view, doc).map((tokens) => tokens.join(' '));
}

/** PLENTY_FTS_REWRITE=always: every FTS row rewritten with its document, for measuring `update` against. */
const ALWAYS_REWRITE = process.env['PLENTY_FTS_REWRITE'] === 'always';

/** The FTS rows of a view's documents, from the documents. */
export class SearchWriter extends SearchRows {
  constructor(
    db: Database.Database,
    tables: SearchTables,
    private readonly view: ViewDefinition,
  ) {
    super(db, tables, requireSearch(view).columns);
  }

  /** Replaces the document's FTS row by one with its tokens now (none for a tombstone). */
  write(userId: string, id: string, doc: Document | null): void {
    if (doc === null || this.carried.length === 0) {
      this.writeTexts(userId, id, searchTexts(this.view, doc));
      return;
    }
    this.writeTexts(userId, id, searchTexts(this.view, doc), this.carriedValues(doc));
  }

  /**
   * `write`, given the document as it was stored until now (`beforeJson`, its JSON), when known:
   * where the searchable texts are the same (an edit of the amount, a transfer's link), the FTS
   * row stays as it is, and only the carried values that changed are written to its key. Every
   * writer keeps a document's FTS row and key in step with its row in one transaction, so the
   * stored document's texts are those of its FTS row.
   */
  update(userId: string, id: string, doc: Document | null, beforeJson: string | undefined): void {
    if (doc === null || beforeJson === undefined || ALWAYS_REWRITE) {
      this.write(userId, id, doc);
      return;
    }
    const before = JSON.parse(beforeJson) as Document;
    const texts = searchTexts(this.view, doc) as string[];
    const previous = searchTexts(this.view, before) as string[];
    if (!sameValues(texts, previous)) {
      this.writeTexts(userId, id, texts, this.carried.length === 0 ? undefined : this.carriedValues(doc));
      return;
    }
    if (this.carried.length === 0) return;
    const values = this.carriedValues(doc);
    if (sameValues(values, this.carriedValues(before))) return;
    if (!this.carryTo(userId, id, values)) this.writeTexts(userId, id, texts, values);
  }

  /** The document's indexed values of the carried fields, in their columns' order. */
  private carriedValues(doc: Document): (string | number | null)[] {
    const indexed = (this.view.indexValues?.(doc) ?? doc) as Record<string, unknown>;
    return this.carried.map((field) => {
      const value = indexed[field];
      return typeof value === 'string' || typeof value === 'number' ? value : null;
    });
  }
}

const sameValues = (a: readonly unknown[], b: readonly unknown[]): boolean =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * Merges the FTS index into one segment: after a purge, no page keeps a deleted token, not even
 * as the first term of a leaf that FTS5 records in its `_idx` table.
 */
export function optimize(db: Database.Database, tables: SearchTables): void {
  db.exec(`INSERT INTO ${tables.fts}(${tables.fts}) VALUES ('optimize')`);
}

/**
 * How a query with a match reaches the documents:
 * - `join`: from the FTS rows that match, through their keys, to the documents, then sorted: its
 *   cost grows with the matches, right for a few (a rare word) and for sums;
 * - `scan`: along the sort's index, each document kept when its id is among the matches: right
 *   when matches are many, as a page is then found after few rows;
 * - `keys`: from the FTS rows that match to their keys alone, which carry the fields the query
 *   reads (`carriedFields`): sums, and the keys of a page whose conditions pass over many rows of
 *   the sort's index (a range) before it has its page.
 */
export type MatchPlan = 'join' | 'scan' | 'keys';

/** Matches a search must have at least (among the first ones) for a page to scan the sort's index. */
export const SCAN_MATCHES = 2000;

/** The FROM clause of a query on a view table (aliased `v`) with a match planned as `join`. */
export const joinFrom = (table: string): string => {
  const { fts, keys } = searchTablesOf(table);
  return `${fts} CROSS JOIN ${keys} k ON k.rid = ${fts}.rowid CROSS JOIN ${table} v ON v.user_id = k.k_user AND v.id = k.k_id`;
};

/**
 * The FROM clause of a sum over a match that reads only carried fields: the FTS rows that match
 * and their keys (aliased `k`), no view table.
 */
export const keysFrom = (table: string): string => {
  const { fts, keys } = searchTablesOf(table);
  return `${fts} CROSS JOIN ${keys} k ON k.rid = ${fts}.rowid`;
};

/** The condition of a match and its parameters (the FTS query, and the user for `scan`). */
export function matchCondition(table: string, plan: MatchPlan): string {
  const { fts, keys } = searchTablesOf(table);
  return plan !== 'scan'
    ? `${fts} MATCH ?`
    : `id IN (SELECT k.k_id FROM ${fts} CROSS JOIN ${keys} k ON k.rid = ${fts}.rowid WHERE ${fts} MATCH ? AND k.k_user = ?)`;
}

/** Counts a match's documents up to `SCAN_MATCHES` (read from the FTS index alone), given the FTS query. */
export function matchCountSql(table: string): string {
  const { fts } = searchTablesOf(table);
  return `SELECT count(*) AS n FROM (SELECT 1 FROM ${fts} WHERE ${fts} MATCH ? LIMIT ${SCAN_MATCHES})`;
}
