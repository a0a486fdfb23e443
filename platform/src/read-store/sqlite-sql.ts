import { decodeCursor, encodeCursor, positionKey } from './keys.js';
import { column } from './sqlite-schema.js';
import {
  carriedColumn,
  carriedFields,
  joinFrom,
  keysFrom,
  matchCondition,
  matchExpression,
  type MatchPlan,
} from './sqlite-search.js';
import {
  SUM_SPLIT,
  joinSplitSum,
  type BulkWrite,
  type Document,
  type DocumentFilter,
  type FieldRange,
  type FindQuery,
  type TextMatch,
  type StoredDocument,
  type SumGroup,
  type SumQuery,
  type ViewDefinition,
} from './port.js';

/** A view table's row: key, JSON document (null for a tombstone), position and indexed columns. */
export interface Row {
  user_id: string;
  id: string;
  doc: string | null;
  position: string;
  pos_key: string;
  [field: string]: string | number | null;
}

export function toStored<D extends Document>(row: Row | undefined): StoredDocument<D> | null {
  if (row === undefined || row.doc === null) return null;
  return { userId: row.user_id, id: row.id, doc: JSON.parse(row.doc) as D, position: row.position };
}

export function requireField(view: ViewDefinition, field: string): void {
  if (!Object.hasOwn(view.fields, field)) throw new Error(`not an indexed field of ${view.name}: ${field}`);
}

/** A document's indexed values (null for a tombstone), in the view's field order. */
export function indexValues(view: ViewDefinition, doc: Document | null): (string | number | null)[] {
  const values = doc === null ? {} : (view.indexValues?.(doc) ?? doc);
  return Object.keys(view.fields).map((field) => {
    const value = (values as Record<string, unknown>)[field];
    return typeof value === 'string' || typeof value === 'number' ? value : null;
  });
}

/** A document's row: key, JSON, position and indexed values, in the table's column order. */
export function rowParams(
  view: ViewDefinition,
  write: Pick<BulkWrite, 'userId' | 'id' | 'doc' | 'position'>,
): (string | number | null)[] {
  const params: (string | number | null)[] = [];
  pushRowParams(params, view, write);
  return params;
}

/** Appends a document's row (as `rowParams` gives it) to `params`, without an array of its own. */
export function pushRowParams(
  params: (string | number | null)[],
  view: ViewDefinition,
  write: Pick<BulkWrite, 'userId' | 'id' | 'doc' | 'position'>,
): void {
  params.push(
    write.userId,
    write.id,
    write.doc === null ? null : JSON.stringify(write.doc),
    write.position,
    positionKey(write.position),
  );
  const values = (write.doc === null ? {} : (view.indexValues?.(write.doc) ?? write.doc)) as Record<string, unknown>;
  for (const field in view.fields) {
    const value = values[field];
    params.push(typeof value === 'string' || typeof value === 'number' ? value : null);
  }
}

function insertColumns(table: string, view: ViewDefinition): { head: string; values: string } {
  const fieldColumns = Object.keys(view.fields).map(column);
  return {
    head: `${table} (user_id, id, doc, position, pos_key${fieldColumns.map((c) => `, ${c}`).join('')})`,
    values: `(?, ?, ?, ?, ?${fieldColumns.map(() => ', ?').join('')})`,
  };
}

/** Stores a document unless the stored one comes from a later position. */
export function upsertSql(table: string, view: ViewDefinition): string {
  const { head, values } = insertColumns(table, view);
  const fieldColumns = Object.keys(view.fields).map(column);
  return (
    `INSERT INTO ${head} VALUES ${values} ON CONFLICT (user_id, id) DO UPDATE SET ` +
    ['doc', 'position', 'pos_key', ...fieldColumns].map((c) => `${c} = excluded.${c}`).join(', ') +
    ` WHERE excluded.pos_key > ${table}.pos_key`
  );
}

/** Stores `rows` replayed documents over whatever is there. */
export function replaceSql(table: string, view: ViewDefinition, rows: number): string {
  const { head, values } = insertColumns(table, view);
  return `INSERT OR REPLACE INTO ${head} VALUES ${Array.from({ length: rows }, () => values).join(', ')}`;
}

export const CHECKPOINT_SQL =
  'INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position';

const RANGE_OPERATORS: Record<keyof FieldRange, string> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };

/**
 * Equality, containment, range and full-text conditions on a user's documents in a view table,
 * with their parameters.
 */
export function conditions(
  table: string,
  view: ViewDefinition,
  query: DocumentFilter,
  plan: MatchPlan = 'join',
): { conditions: string[]; params: (string | number)[] } {
  const params: (string | number)[] = [query.userId];
  const fromKeys = plan === 'keys';
  // From the search keys alone (`keysFrom`), a field is read from its carried column.
  const read = fieldColumn(plan);
  // A tombstone's indexed values are all null, so any condition on them leaves it out;
  // without one, the document itself says whether it is live.
  const conditions = [fromKeys ? 'k.k_user = ?' : 'user_id = ?'];
  for (const [field, value] of Object.entries(query.where ?? {})) {
    requireField(view, field);
    conditions.push(`${read(field)} = ?`);
    params.push(value);
  }
  if (query.contains !== undefined) {
    requireField(view, query.contains.field);
    conditions.push(`instr(${read(query.contains.field)}, ?) > 0`);
    params.push(query.contains.text);
  }
  for (const [field, range] of Object.entries(query.ranges ?? {})) {
    requireField(view, field);
    for (const [bound, operator] of Object.entries(RANGE_OPERATORS) as [keyof FieldRange, string][]) {
      const value = range[bound];
      if (value === undefined) continue;
      conditions.push(`${read(field)} ${operator} ?`);
      params.push(value);
    }
  }
  if (query.match !== undefined) {
    const expression = matchExpression(view, query.userId, query.match);
    if (expression === null) {
      conditions.push('0');
    } else {
      // A tombstone has no FTS row: a match leaves it out.
      conditions.push(matchCondition(table, plan));
      params.push(expression);
      if (plan === 'scan') params.push(query.userId);
    }
  }
  if (conditions.length === 1) conditions.push('doc IS NOT NULL');
  return { conditions, params };
}

/** The column a field is read from in a plan: the view table's, or the search keys' for `keys`. */
const fieldColumn = (plan: MatchPlan): ((field: string) => string) => (plan === 'keys' ? carriedColumn : column);

/**
 * The FROM clause of a query: the view table as `v`, joined from the FTS matches when planned so,
 * or the FTS matches and their search keys alone (`keys`).
 */
export const fromClause = (table: string, query: { match?: TextMatch }, plan: MatchPlan): string =>
  query.match !== undefined && plan === 'keys'
    ? keysFrom(table)
    : query.match !== undefined && plan === 'join'
      ? joinFrom(table)
      : `${table} v`;

/**
 * Whether a query with a match can be answered from the search keys alone (plan `keys`): every
 * indexed field it reads is carried there.
 */
export function keysAnswer(view: ViewDefinition, query: DocumentFilter, reads: readonly string[]): boolean {
  const carried = carriedFields(view);
  return (
    query.match !== undefined &&
    [
      ...Object.keys(query.where ?? {}),
      ...Object.keys(query.ranges ?? {}),
      ...(query.contains === undefined ? [] : [query.contains.field]),
      ...reads,
    ].every((field) => carried.includes(field))
  );
}

/** The WHERE … ORDER BY … LIMIT ? clause of a page of `find` (the limit parameter is not included). */
export function findClause(
  table: string,
  view: ViewDefinition,
  query: FindQuery,
  plan: MatchPlan = 'join',
): { where: string; params: (string | number)[] } {
  const { conditions: found, params } = conditions(table, view, query, plan);
  for (const { field } of query.sort) requireField(view, field);
  const read = fieldColumn(plan);
  const keys = [
    ...query.sort.map((s) => ({ expr: read(s.field), direction: s.direction })),
    { expr: plan === 'keys' ? 'k.k_id' : 'id', direction: query.sort.at(-1)?.direction ?? 'asc' },
  ];
  const sameDirection = keys.every((key) => key.direction === keys[0]?.direction);
  if (query.cursor !== undefined && sameDirection) {
    // One row value: SQLite seeks the index to the cursor itself. The first-key bound and OR
    // below seek to the cursor's first key only, then pass over every row that shares it (a
    // page deep into 100,000 due rules of one date read them all again).
    const after = decodeCursor(query.cursor, keys.length);
    found.push(
      `(${keys.map((key) => key.expr).join(', ')}) ${keys[0]?.direction === 'desc' ? '<' : '>'} (${keys.map(() => '?').join(', ')})`,
    );
    params.push(...after);
  } else if (query.cursor !== undefined) {
    const after = decodeCursor(query.cursor, keys.length);
    // The OR below alone makes SQLite scan the index from its start on every page; this
    // bound on the first key (implied by the OR) lets it seek to the cursor instead.
    const first = keys[0];
    if (first !== undefined && after[0] !== undefined) {
      found.push(`${first.expr} ${first.direction === 'asc' ? '>=' : '<='} ?`);
      params.push(after[0]);
    }
    const alternatives = keys.map((key, i) => {
      const equal = keys.slice(0, i).map((k) => `${k.expr} = ?`);
      return `(${[...equal, `${key.expr} ${key.direction === 'asc' ? '>' : '<'} ?`].join(' AND ')})`;
    });
    found.push(`(${alternatives.join(' OR ')})`);
    keys.forEach((_, i) => params.push(...after.slice(0, i + 1)));
  }
  const order = keys.map((k) => `${k.expr} ${k.direction === 'asc' ? 'ASC' : 'DESC'}`).join(', ');
  return { where: `WHERE ${found.join(' AND ')} ORDER BY ${order} LIMIT ?`, params };
}

/** The cursor after a page read with one row beyond `query.limit`, or null on the last page. */
export function nextCursor(rows: Row[], query: FindQuery): string | null {
  const last = rows.slice(0, query.limit).at(-1);
  return rows.length > query.limit && last !== undefined
    ? encodeCursor([...query.sort.map((s) => last[column(s.field)] ?? null), last.id])
    : null;
}

/** The statement and parameters of `sum` over a view table. */
export function sumSql(
  table: string,
  view: ViewDefinition,
  query: SumQuery,
  plan: MatchPlan = 'join',
): { sql: string; params: (string | number)[] } {
  for (const field of [...query.groupBy, query.field]) requireField(view, field);
  // A sum over the matches of a search that reads only fields the search keys carry reads them
  // there, beside the key it reads anyway, rather than from the whole rows: 7,000 matches of a
  // common word cost 25 ms through the rows. It costs what the match list costs, which the other
  // plans pay too (`scan` builds it), so it is taken whichever plan is asked for.
  const used: MatchPlan = keysAnswer(view, query, [...query.groupBy, query.field]) ? 'keys' : plan;
  const { conditions: found, params } = conditions(table, view, query, used);
  const read = fieldColumn(used);
  // Each group under its view column's name, which `sumGroups` reads.
  const groups = query.groupBy.map((field) => `${read(field)} AS ${column(field)}`);
  const sql =
    `SELECT ${[
      ...groups,
      'count(*) AS n',
      // Shift and mask split each value as floor division and its non-negative remainder.
      `coalesce(sum(${read(query.field)} >> ${Math.log2(SUM_SPLIT)}), 0) AS high`,
      `coalesce(sum(${read(query.field)} & ${SUM_SPLIT - 1}), 0) AS low`,
    ].join(', ')} ` +
    `FROM ${fromClause(table, query, used)} WHERE ${found.join(' AND ')}` +
    (groups.length > 0 ? ` GROUP BY ${query.groupBy.map(read).join(', ')}` : '');
  return { sql, params };
}

export function sumGroups(rows: Record<string, string | number | null>[], query: SumQuery): SumGroup[] {
  return rows
    .filter((row) => Number(row.n) > 0)
    .map((row) => ({
      group: Object.fromEntries(query.groupBy.map((field) => [field, row[column(field)] ?? null])),
      count: Number(row.n),
      sum: joinSplitSum(Number(row.high), Number(row.low)),
    }));
}
