import type Database from 'better-sqlite3';
import { indexIncludes, indexKeys, sparseField, type ViewDefinition } from './port.js';

/* The tables of the SQLite read store: names, columns and declared indexes. */

const IDENTIFIER = /^[a-zA-Z][a-zA-Z0-9_]{0,62}$/;

export function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not a valid view or field name: ${name}`);
  return name;
}

/** The live table of a view, or its shadow copy under a tag. */
export function tableOf(view: string, tag: string | null): string {
  if (identifier(view).includes('__')) throw new Error(`a view name has no double underscore: ${view}`);
  return tag === null ? `view_${view}` : `view_${view}__${tag}`;
}

export const column = (field: string) => `f_${identifier(field)}`;

/**
 * How new view tables are laid out: `rowid` (the default) keeps rows in a rowid b-tree and
 * their (user_id, id) keys in the primary key's index; `without-rowid` keeps whole rows in a
 * b-tree ordered by (user_id, id). Set by PLENTY_READ_TABLE_LAYOUT, for measuring one against
 * the other. A table keeps the layout it was created with.
 */
export const readTableLayout = (): 'rowid' | 'without-rowid' =>
  process.env['PLENTY_READ_TABLE_LAYOUT'] === 'without-rowid' ? 'without-rowid' : 'rowid';

/** Creates a view's table, adds the columns of fields declared since, and (unless bulk loading) its indexes. */
export function createViewTable(
  db: Database.Database,
  table: string,
  view: ViewDefinition,
  withIndexes: boolean,
): void {
  const fields = Object.entries(view.fields);
  const columns = fields.map(([field, type]) => `${column(field)} ${type === 'integer' ? 'INTEGER' : 'TEXT'}`);
  db.exec(
    `CREATE TABLE IF NOT EXISTS ${table} (user_id TEXT NOT NULL, id TEXT NOT NULL, doc TEXT, ` +
      `position TEXT NOT NULL, pos_key TEXT NOT NULL${columns.map((c) => `, ${c}`).join('')}, PRIMARY KEY (user_id, id))${readTableLayout() === 'rowid' ? '' : ' WITHOUT ROWID'}`,
  );
  const existing = new Set(
    db
      .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`)
      .all()
      .map((c) => c.name),
  );
  for (const [field, type] of fields) {
    if (!existing.has(column(field))) {
      db.exec(`ALTER TABLE ${table} ADD COLUMN ${column(field)} ${type === 'integer' ? 'INTEGER' : 'TEXT'}`);
    }
  }
  if (withIndexes) createIndexes(db, table, view);
}

/**
 * Whether sparse indexes are made partial (`WHERE f_x IS NOT NULL`, the default) or hold every
 * row as before (PLENTY_READ_SPARSE_INDEXES=off), for measuring one against the other.
 */
export const partialIndexes = (): boolean => process.env['PLENTY_READ_SPARSE_INDEXES'] !== 'off';

/**
 * Creates the declared indexes a view's table lacks. An index is recognised by its columns,
 * not its name: a promoted shadow table keeps the names its indexes had as a shadow (SQLite
 * cannot rename an index), and those names stay taken, so a new index takes a free name.
 * A sparse index is a partial index of the rows whose first key is not null; SQLite uses it for
 * `f_x = ?`, `f_x IN (…)` and ranges on `f_x`, which imply it. Being recognised by its columns,
 * an index made before as a full one stays as it is (it answers the same queries); a table made
 * anew (a rebuild, a promoted shadow, a new file) gets the partial one.
 */
export function createIndexes(db: Database.Database, table: string, view: ViewDefinition): void {
  const present = new Set(
    db
      .prepare<[string], { name: string }>(`SELECT name FROM pragma_index_list(?) WHERE origin = 'c'`)
      .all(table)
      .map((index) => indexColumns(db, index.name)),
  );
  view.indexes.forEach((index) => {
    const keys = indexKeys(index);
    const include = indexIncludes(index);
    const columns = ['user_id', ...keys.map(column), 'id', ...include.map(column)];
    if (present.has(columns.join(','))) return;
    const base = `ix_${table.slice('view_'.length)}_${keys.map(identifier).join('_')}${include.length > 0 ? `__${include.map(identifier).join('_')}` : ''}`;
    let name = base;
    for (let n = 2; indexExists(db, name); n += 1) name = `${base}_${n}`;
    const sparse = partialIndexes() ? sparseField(index) : null;
    db.exec(
      `CREATE INDEX ${name} ON ${table} (${columns.join(', ')})${sparse === null ? '' : ` WHERE ${column(sparse)} IS NOT NULL`}`,
    );
    present.add(columns.join(','));
  });
}

function indexColumns(db: Database.Database, index: string): string {
  return db
    .prepare<[string], { name: string | null }>('SELECT name FROM pragma_index_info(?) ORDER BY seqno')
    .all(index)
    .map((c) => c.name ?? '')
    .join(',');
}

function indexExists(db: Database.Database, name: string): boolean {
  return (
    db
      .prepare<[string], { n: number }>(`SELECT 1 AS n FROM sqlite_master WHERE type = 'index' AND name = ?`)
      .get(name) !== undefined
  );
}
