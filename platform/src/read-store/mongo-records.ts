import {
  WriteConcern,
  type AnyBulkWriteOperation,
  type Filter,
  type IndexDescription,
  type TransactionOptions,
} from 'mongodb';
import type { Position } from '../event-store/port.js';
import { decodeCursor, encodeCursor, positionKey } from './keys.js';
import { documentTokens, matchGroups, requireSearch } from './search-tokens.js';
import { bufferKey, type BufferedWrite } from './unit-of-work.js';
import {
  SUM_SPLIT,
  indexIncludes,
  indexKeys,
  sparseField,
  type Document,
  type DocumentFilter,
  type FindQuery,
  type IndexedFieldType,
  type SortDirection,
  type StoredDocument,
  type SumQuery,
  type TextMatch,
  type ViewDefinition,
} from './port.js';

/*
 * How the MongoDB read store keeps views: collection names, the record of a document (with its
 * indexed values and position key), the declared indexes, and the filters, sorts and pipelines
 * of the port's queries. Pure: no database access here.
 */

const IDENTIFIER = /^[a-zA-Z][a-zA-Z0-9_]{0,62}$/;

export function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not a valid view or field name: ${name}`);
  return name;
}

/** The collection of a view, or of its shadow copy under a tag. */
export function collectionName(view: string, tag: string | null = null): string {
  if (identifier(view).includes('__')) throw new Error(`a view name has no double underscore: ${view}`);
  return tag === null ? `view_${view}` : `view_${view}__${tag}`;
}
/** Where an indexed field's value lives in a view record. */
export const fieldPath = (field: string): string => `f.${identifier(field)}`;

export const CHECKPOINTS = 'checkpoints';

/** The primary key of a view record: compound, so no user id or document id can collide with another pair. */
export interface RecordKey {
  readonly u: string;
  readonly i: string;
}

export type IndexedValue = string | number | null;

/** One document of a view as stored in MongoDB; `doc: null` is a tombstone that keeps its position. */
export interface ViewRecord {
  _id: RecordKey;
  userId: string;
  id: string;
  doc: Document | null;
  position: Position;
  /** `positionKey(position)`: compares as a string the way positions compare. */
  posKey: string;
  /** The indexed values, one per declared field (null when the document has none). */
  f: Record<string, IndexedValue>;
  /** Views with `search`: the document's tokens as `column:token` strings, under a multikey index. */
  s?: string[];
}

export interface CheckpointRecord {
  _id: string;
  position: Position;
  updatedAt: Date;
}

/** Key order matters for an embedded `_id`: always build it here. */
export function recordKey(userId: string, id: string): RecordKey {
  return { u: userId, i: id };
}

function isIndexedField(view: ViewDefinition, field: string): boolean {
  return Object.hasOwn(view.fields, field);
}

export function requireField(view: ViewDefinition, field: string): IndexedFieldType {
  const type = isIndexedField(view, field) ? view.fields[field] : undefined;
  if (type === undefined) throw new Error(`not an indexed field of ${view.name}: ${field}`);
  identifier(field);
  return type;
}

const NUMERIC = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

/**
 * A value as the field's type stores it, the way SQLite's column affinity converts it: a
 * number in a text field becomes its decimal text, a numeric string in an integer field a
 * number. Filters and cursors are converted the same way, so they compare like SQLite's.
 */
export function coerce(type: IndexedFieldType, value: IndexedValue): IndexedValue {
  if (value === null) return null;
  if (type === 'text') return typeof value === 'number' ? String(value) : value;
  return typeof value === 'string' && NUMERIC.test(value) ? Number(value) : value;
}

/** The indexed values of a document (all null for a tombstone), one per declared field. */
export function indexValues(view: ViewDefinition, doc: Document | null): Record<string, IndexedValue> {
  const values: Record<string, unknown> = doc === null ? {} : (view.indexValues?.(doc) ?? doc);
  const f: Record<string, IndexedValue> = {};
  for (const [field, type] of Object.entries(view.fields)) {
    const value = values[field];
    f[field] = typeof value === 'string' || typeof value === 'number' ? coerce(type, value) : null;
  }
  return f;
}

/**
 * The record a write stores. The document goes through JSON like SQLite's, so both stores
 * return the same values (no `undefined` kept as null, dates as ISO text).
 */
export function toRecord(view: ViewDefinition, write: BufferedWrite): Omit<ViewRecord, '_id'> {
  return {
    userId: write.userId,
    id: write.id,
    doc: write.doc === null ? null : (JSON.parse(JSON.stringify(write.doc)) as Document),
    position: write.position,
    posKey: positionKey(write.position),
    f: indexValues(view, write.doc),
    ...(view.search === undefined ? {} : { s: searchValues(view, write.doc) }),
  };
}

/** Where a view record keeps its search tokens. */
export const SEARCH_FIELD = 's';

/** A document's search tokens as stored: `column:token`, without repeats (none for a tombstone). */
export function searchValues(view: ViewDefinition, doc: Document | null): string[] {
  const { columns } = requireSearch(view);
  const tokens = documentTokens(view, doc);
  return [...new Set(columns.flatMap((column, i) => (tokens[i] ?? []).map((token) => `${column}:${token}`)))];
}

/** The index of a view with `search`: the user, then each of the record's tokens (multikey). */
export const SEARCH_INDEX: IndexDescription = { key: { userId: 1, [SEARCH_FIELD]: 1 }, name: 'ix_search' };

/**
 * The condition of a match: every group (`$and`) has one of its terms (`$or`), each a token
 * equal to a stored one or, for a prefix, an anchored regex with the token escaped. A group left
 * without terms that can match (see search-tokens.ts) matches nothing.
 */
export function matchFilter(view: ViewDefinition, match: TextMatch): Record<string, unknown>[] {
  const groups = matchGroups(view, match);
  if (groups === null) return [{ [SEARCH_FIELD]: { $in: [] } }];
  return groups.map((group) => ({
    $or: group.map((term) => {
      const value = `${term.column}:${term.token}`;
      return { [SEARCH_FIELD]: term.prefix ? { $regex: `^${literalPattern(value)}` } : value };
    }),
  }));
}

/** The unique (userId, id) index every view has; it also serves unsorted and id-sorted finds. */
export const UNIQUE_INDEX: IndexDescription = { key: { userId: 1, id: 1 }, name: 'userId_id', unique: true };

/**
 * The records a sparse index holds: those whose first key is set. A record keeps a field without
 * a value as null, so `$exists` would hold them all, and the planner does not take a query's
 * equality as implying a `$type` filter; it does take it as implying a range the value is in
 * (the manual's partial indexes: a query "must contain the filter expression, or a modified
 * filter expression that specifies a subset of it", e.g. `$gte: 8` within `$gt: 5`). Every
 * string is at least '' and every number at least -Infinity, and a range compares only within
 * its type's bracket, so the filter holds exactly the records whose value is of the field's
 * type: `{ 'f.ruleId': 'r1' }` and `$in` of such values imply it; a null never does.
 */
export function sparseFilter(view: ViewDefinition, field: string): Record<string, { $gte: string | number }> {
  return { [fieldPath(field)]: { $gte: requireField(view, field) === 'text' ? '' : -Infinity } };
}

/** One index per declared index: userId, then the fields in order, then id as the final tie-breaker. */
export function declaredIndexes(view: ViewDefinition): IndexDescription[] {
  return view.indexes.map((index) => {
    const keys = indexKeys(index);
    const include = indexIncludes(index);
    for (const field of [...keys, ...include]) requireField(view, field);
    const key: Record<string, 1> = { userId: 1 };
    for (const field of keys) key[fieldPath(field)] = 1;
    key.id = 1;
    for (const field of include) key[fieldPath(field)] = 1;
    const sparse = sparseField(index);
    return {
      key,
      name: `ix_${keys.join('_')}${include.length > 0 ? `__${include.join('_')}` : ''}`,
      ...(sparse === null ? {} : { partialFilterExpression: sparseFilter(view, sparse) }),
    };
  });
}

export interface MongoFindQuery {
  readonly filter: Filter<ViewRecord>;
  readonly sort: [string, 1 | -1][];
  /** One more than asked for: a full extra row means there is a next page. */
  readonly limit: number;
}

const direction = (d: SortDirection): 1 | -1 => (d === 'asc' ? 1 : -1);

/**
 * The MongoDB query for a page of a view: the user's live documents matching the equality
 * filters, sorted on the requested fields with the id as the final tie-breaker (in the last
 * sort's direction), after the cursor's row. The cursor holds the sort values of the previous
 * page's last row; the row after it is the first that is greater on some key while equal on
 * all keys before it (lesser for a descending key).
 */
/** A pattern matching `text` literally. */
export const literalPattern = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');

const RANGE_OPERATORS = { gt: '$gt', gte: '$gte', lt: '$lt', lte: '$lte' } as const;

/** The user's live records matching the equality filters, the containment, the ranges and the match. */
export function buildFilter(view: ViewDefinition, query: DocumentFilter): Record<string, unknown> {
  const filter: Record<string, unknown> = { userId: query.userId, doc: { $ne: null } };
  for (const [field, value] of Object.entries(query.where ?? {})) {
    filter[fieldPath(field)] = coerce(requireField(view, field), value);
  }
  if (query.contains !== undefined) {
    if (requireField(view, query.contains.field) !== 'text') {
      throw new Error(`not a text field of ${view.name}: ${query.contains.field}`);
    }
    filter[fieldPath(query.contains.field)] = { $regex: literalPattern(query.contains.text) };
  }
  const all: Record<string, unknown>[] = [];
  for (const [field, range] of Object.entries(query.ranges ?? {})) {
    const type = requireField(view, field);
    const bounds: Record<string, IndexedValue> = {};
    for (const [bound, operator] of Object.entries(RANGE_OPERATORS) as [keyof typeof RANGE_OPERATORS, string][]) {
      const value = range[bound];
      if (value !== undefined) bounds[operator] = coerce(type, value);
    }
    if (Object.keys(bounds).length > 0) all.push({ [fieldPath(field)]: bounds });
  }
  if (query.match !== undefined) all.push(...matchFilter(view, query.match));
  if (all.length > 0) filter.$and = all;
  return filter;
}

/** The aggregation pipeline of a sum query: match, then one group per distinct set of values. */
export function buildSumPipeline(view: ViewDefinition, query: SumQuery): Document[] {
  for (const field of query.groupBy) requireField(view, field);
  requireField(view, query.field);
  const id = Object.fromEntries(query.groupBy.map((field) => [field, `$${fieldPath(field)}`]));
  return [
    { $match: buildFilter(view, query) },
    {
      $group: {
        _id: id,
        count: { $sum: 1 },
        // Truncated division and its remainder split each value (see SUM_SPLIT): both sums stay exact doubles.
        high: { $sum: { $trunc: { $divide: [`$${fieldPath(query.field)}`, SUM_SPLIT] } } },
        low: { $sum: { $mod: [`$${fieldPath(query.field)}`, SUM_SPLIT] } },
      },
    },
  ];
}

export function buildFindQuery(view: ViewDefinition, query: FindQuery): MongoFindQuery {
  const filter = buildFilter(view, query);
  const keys = [
    ...query.sort.map((s) => ({ path: fieldPath(s.field), type: requireField(view, s.field), direction: s.direction })),
    { path: 'id', type: 'text' as const, direction: query.sort.at(-1)?.direction ?? ('asc' as const) },
  ];
  if (query.cursor !== undefined) {
    const after = decodeCursor(query.cursor, keys.length).map((value, i) => coerce(keys[i]?.type ?? 'text', value));
    filter.$or = keys.map((key, i) => {
      const alternative: Record<string, unknown> = {};
      keys.slice(0, i).forEach((k, j) => (alternative[k.path] = after[j]));
      alternative[key.path] = { [key.direction === 'asc' ? '$gt' : '$lt']: after[i] };
      return alternative;
    });
  }
  return {
    filter: filter as Filter<ViewRecord>,
    sort: keys.map((k) => [k.path, direction(k.direction)]),
    limit: query.limit + 1,
  };
}

/** The cursor after a page's last record: its sort values and id, as SQLite's adapter encodes them. */
export function cursorAfter(query: FindQuery, last: ViewRecord): string {
  return encodeCursor([...query.sort.map((s) => last.f[s.field] ?? null), last.id]);
}

/**
 * The writes of a batch that change something, given the position keys stored for their
 * records (read in the same transaction). A write only replaces a record whose stored
 * position is older; records that do not exist are inserted by an upsert on `_id` alone. The
 * position guard is in the filter of each replacement too, so a record that moved on since
 * it was read is left alone. A guarded upsert is never used: when its guard fails it inserts,
 * and the duplicate `_id` would abort the transaction.
 */
export function guardedWrites(
  view: ViewDefinition,
  writes: readonly BufferedWrite[],
  storedPosKeys: ReadonlyMap<string, string>,
): AnyBulkWriteOperation<ViewRecord>[] {
  const operations: AnyBulkWriteOperation<ViewRecord>[] = [];
  for (const write of writes) {
    const stored = storedPosKeys.get(bufferKey(write.userId, write.id));
    if (stored !== undefined && stored >= positionKey(write.position)) continue;
    const record = toRecord(view, write);
    const _id = recordKey(write.userId, write.id);
    operations.push({
      replaceOne:
        stored === undefined
          ? { filter: { _id }, replacement: record, upsert: true }
          : { filter: { _id, posKey: { $lt: record.posKey } }, replacement: record, upsert: false },
    });
  }
  return operations;
}

/** The key `guardedWrites` looks stored position keys up by. */
export const storedKey = (userId: string, id: string): string => bufferKey(userId, id);

export function toStored<D extends Document>(record: ViewRecord | null): StoredDocument<D> | null {
  if (record === null || record.doc === null) return null;
  return { userId: record.userId, id: record.id, doc: record.doc as D, position: record.position };
}

export const LOOKUP_CHUNK = 1000;

/** Durable commits for live views; a rebuild in bulk mode only waits for the primary. */
export function transactionOptions(bulk: boolean): TransactionOptions {
  return { writeConcern: bulk ? new WriteConcern(1) : new WriteConcern('majority') };
}
