import type { MongoClient } from 'mongodb';
import {
  MongoServerError,
  WriteConcern,
  type AnyBulkWriteOperation,
  type ClientSession,
  type Collection,
  type Db,
  type Filter,
  type IndexDescription,
  type TransactionOptions,
} from 'mongodb';
import type { Position } from '../event-store/port.js';
import { decodeCursor, encodeCursor, positionKey } from './keys.js';
import { BufferedUnitOfWork, bufferKey, type BufferedWrite, type UnitOfWorkBacking } from './unit-of-work.js';
import {
  SUM_SPLIT,
  indexIncludes,
  indexKeys,
  joinSplitSum,
  type ContainsFilter,
  type Document,
  type FindQuery,
  type FindResult,
  type IndexedFieldType,
  type ReadStore,
  type SortDirection,
  type StoredDocument,
  type SumGroup,
  type SumQuery,
  type Promotion,
  type ScanKey,
  type UnitOfWork,
  type ViewDefinition,
  SHADOW_TAG,
} from './port.js';
import { connectMongo } from '../mongo.js';

const IDENTIFIER = /^[a-zA-Z][a-zA-Z0-9_]{0,62}$/;

function identifier(name: string): string {
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

export type { BufferedWrite } from './unit-of-work.js';

function isIndexedField(view: ViewDefinition, field: string): boolean {
  return Object.hasOwn(view.fields, field);
}

function requireField(view: ViewDefinition, field: string): IndexedFieldType {
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
  };
}

/** The unique (userId, id) index every view has; it also serves unsorted and id-sorted finds. */
export const UNIQUE_INDEX: IndexDescription = { key: { userId: 1, id: 1 }, name: 'userId_id', unique: true };

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
    return { key, name: `ix_${keys.join('_')}${include.length > 0 ? `__${include.join('_')}` : ''}` };
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

/** The user's live records matching the equality filters and the containment. */
export function buildFilter(
  view: ViewDefinition,
  query: { userId: string; where?: FindQuery['where']; contains?: ContainsFilter },
): Record<string, unknown> {
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

function toStored<D extends Document>(record: ViewRecord | null): StoredDocument<D> | null {
  if (record === null || record.doc === null) return null;
  return { userId: record.userId, id: record.id, doc: record.doc as D, position: record.position };
}

const LOOKUP_CHUNK = 1000;

/** Durable commits for live views; a rebuild in bulk mode only waits for the primary. */
export function transactionOptions(bulk: boolean): TransactionOptions {
  return { writeConcern: bulk ? new WriteConcern(1) : new WriteConcern('majority') };
}

/**
 * The distributed read store: one collection per view (`view_<name>`), records keyed by
 * (userId, id), the indexed values under `f`. A batch and its checkpoint are committed in
 * one multi-document transaction, so MongoDB must run as a replica set.
 */
class MongoReadStore implements ReadStore, UnitOfWorkBacking {
  private readonly db: Db;
  private readonly views = new Map<string, ViewDefinition>();
  private bulk = false;
  private checkpointsReady = false;
  /** The last checkpoint written in bulk mode, rewritten durably when bulk mode ends. */
  private bulkCheckpoint: string | null = null;

  constructor(
    private readonly client: MongoClient,
    private readonly dbName: string,
    private readonly ownsClient: boolean,
    /** Set for a shadow store, which shares its base store's client. */
    private readonly tag: string | null = null,
  ) {
    this.db = client.db(dbName);
  }

  collection(view: string): Collection<ViewRecord> {
    return this.db.collection<ViewRecord>(collectionName(view, this.tag));
  }

  private get checkpoints(): Collection<CheckpointRecord> {
    return this.db.collection<CheckpointRecord>(CHECKPOINTS);
  }

  async ensureViews(views: readonly ViewDefinition[]): Promise<void> {
    for (const view of views) await this.createView(view);
    await this.ensureCheckpoints();
  }

  private async createView(view: ViewDefinition): Promise<void> {
    Object.keys(view.fields).forEach(identifier);
    const declared = declaredIndexes(view);
    // The unique index also creates the collection, so no transaction has to.
    await this.collection(view.name).createIndexes(this.bulk ? [UNIQUE_INDEX] : [UNIQUE_INDEX, ...declared]);
    this.views.set(view.name, view);
  }

  /** Collections are created before any transaction: transactions creating the same collection at once conflict. */
  private async ensureCheckpoints(): Promise<void> {
    if (this.checkpointsReady) return;
    const existing = await this.db.listCollections({ name: CHECKPOINTS }, { nameOnly: true }).toArray();
    if (existing.length === 0) {
      try {
        await this.db.createCollection(CHECKPOINTS);
      } catch (error) {
        // NamespaceExists: another instance created it first.
        if (!(error instanceof MongoServerError && error.code === 48)) throw error;
      }
    }
    this.checkpointsReady = true;
  }

  view(name: string): ViewDefinition {
    const view = this.views.get(name);
    if (view === undefined) throw new Error(`unknown view: ${name}`);
    return view;
  }

  record(view: string, userId: string, id: string): Promise<ViewRecord | null> {
    return this.collection(view).findOne({ _id: recordKey(userId, id) });
  }

  stored(view: string, userId: string, id: string): Promise<ViewRecord | null> {
    return this.record(view, userId, id);
  }

  indexedEquals(view: ViewDefinition, doc: Document, field: string, value: string | number): boolean {
    return indexValues(view, doc)[field] === coerce(requireField(view, field), value);
  }

  async get<D extends Document>(view: string, userId: string, id: string): Promise<StoredDocument<D> | null> {
    this.view(view);
    return toStored<D>(await this.record(view, userId, id));
  }

  async find<D extends Document>(viewName: string, query: FindQuery): Promise<FindResult<D>> {
    const view = this.view(viewName);
    const { filter, sort, limit } = buildFindQuery(view, query);
    const records = await this.collection(viewName).find(filter, { sort, limit }).toArray();
    const page = records.slice(0, query.limit);
    const last = page.at(-1);
    const nextCursor = records.length > query.limit && last !== undefined ? cursorAfter(query, last) : null;
    return {
      items: page.map((record) => toStored<D>(record)).filter((d): d is StoredDocument<D> => d !== null),
      nextCursor,
    };
  }

  async scan(viewName: string, options: { after?: ScanKey; limit: number }): Promise<StoredDocument[]> {
    this.view(viewName);
    const { after } = options;
    const filter: Filter<ViewRecord> =
      after === undefined
        ? { doc: { $ne: null } }
        : {
            doc: { $ne: null },
            $or: [{ userId: { $gt: after.userId } }, { userId: after.userId, id: { $gt: after.id } }],
          };
    // The unique (userId, id) index gives this order.
    const records = await this.collection(viewName)
      .find(filter, {
        sort: [
          ['userId', 1],
          ['id', 1],
        ],
        limit: options.limit,
      })
      .toArray();
    return records.map((record) => toStored(record)).filter((d): d is StoredDocument => d !== null);
  }

  async sum(viewName: string, query: SumQuery): Promise<SumGroup[]> {
    const view = this.view(viewName);
    const groups = await this.collection(viewName)
      .aggregate<{ _id: Record<string, IndexedValue | undefined>; count: number; high: number; low: number }>(
        buildSumPipeline(view, query),
      )
      .toArray();
    return groups.map((g) => ({
      group: Object.fromEntries(query.groupBy.map((field) => [field, g._id[field] ?? null])),
      count: g.count,
      sum: joinSplitSum(g.high, g.low),
    }));
  }

  async applyBatch(
    checkpointName: string,
    position: Position,
    work: (uow: UnitOfWork) => Promise<void>,
  ): Promise<void> {
    const uow = new BufferedUnitOfWork(this);
    await work(uow);
    await this.ensureCheckpoints();
    const session = this.client.startSession();
    try {
      // The driver retries the callback on transient errors; it reads what it needs again each time.
      await session.withTransaction(
        (s) => this.commit(s, uow, checkpointName, position),
        transactionOptions(this.bulk),
      );
    } finally {
      await session.endSession();
    }
    if (this.bulk) this.bulkCheckpoint = checkpointName;
  }

  private async commit(
    session: ClientSession,
    uow: BufferedUnitOfWork,
    checkpointName: string,
    position: Position,
  ): Promise<void> {
    for (const userId of uow.purged) {
      for (const view of this.views.keys()) await this.collection(view).deleteMany({ userId }, { session });
    }
    for (const [viewName, buffered] of uow.writes) {
      const view = this.view(viewName);
      const collection = this.collection(viewName);
      const writes = [...buffered.values()];
      const stored = new Map<string, string>();
      for (let start = 0; start < writes.length; start += LOOKUP_CHUNK) {
        const ids = writes.slice(start, start + LOOKUP_CHUNK).map((w) => recordKey(w.userId, w.id));
        const found = await collection
          .find({ _id: { $in: ids } }, { projection: { userId: 1, id: 1, posKey: 1 }, session })
          .toArray();
        for (const record of found) stored.set(storedKey(record.userId, record.id), record.posKey);
      }
      const operations = guardedWrites(view, writes, stored);
      if (operations.length > 0) await collection.bulkWrite(operations, { session, ordered: false });
    }
    await this.checkpoints.updateOne(
      { _id: checkpointName },
      { $set: { position, updatedAt: new Date() } },
      { upsert: true, session },
    );
  }

  /**
   * While enabled, transactions commit once the primary has them (w: 1) and views reset
   * meanwhile get their declared indexes only at the end: one index build over a full
   * collection costs less than updating the index record by record. Disabling builds the
   * indexes and rewrites the last checkpoint with majority write concern, which makes every
   * earlier write majority-committed too.
   */
  async bulkMode(enabled: boolean): Promise<void> {
    this.bulk = enabled;
    if (enabled) return;
    for (const view of this.views.values()) {
      await this.collection(view.name).createIndexes([UNIQUE_INDEX, ...declaredIndexes(view)]);
    }
    if (this.bulkCheckpoint !== null) {
      await this.checkpoints.updateOne(
        { _id: this.bulkCheckpoint },
        { $set: { updatedAt: new Date() } },
        { writeConcern: { w: 'majority', journal: true } },
      );
      this.bulkCheckpoint = null;
    }
  }

  async getCheckpoint(checkpointName: string): Promise<Position | null> {
    const record = await this.checkpoints.findOne({ _id: checkpointName });
    return record?.position ?? null;
  }

  async reset(views: readonly ViewDefinition[], checkpointName: string): Promise<void> {
    for (const view of views) await this.collection(view.name).drop();
    await this.checkpoints.deleteOne({ _id: checkpointName });
    for (const view of views) await this.createView(view);
  }

  shadow(tag: string): ReadStore {
    if (this.tag !== null) throw new Error('a shadow store has no shadows');
    if (!SHADOW_TAG.test(tag)) throw new Error(`not a valid shadow tag: ${tag}`);
    return new MongoReadStore(this.client, this.dbName, false, tag);
  }

  private async viewCollections(): Promise<string[]> {
    const collections = await this.db.listCollections({}, { nameOnly: true }).toArray();
    return collections.map((c) => c.name).filter((name) => name.startsWith('view_'));
  }

  /**
   * MongoDB cannot rename collections inside a transaction, so a promotion is three steps:
   * (1) the shadow's checkpoint is removed, so from here on the shadow is never resumed;
   * (2) each shadow collection is renamed over its live one (`renameCollection` with
   * `dropTarget`): atomic per collection, a reader sees the old collection or the new one,
   * but between two renames the views of the group come from different builds; (3) the
   * records are written in one transaction. A crash before (3) leaves the records as they
   * were, so the projections still count as stale and are rebuilt from scratch again; the
   * collections already renamed hold a complete newer build meanwhile.
   */
  async promote(promotion: Promotion): Promise<void> {
    if (this.tag !== null) throw new Error('a shadow store promotes nothing');
    const { tag, views } = promotion;
    if (!SHADOW_TAG.test(tag)) throw new Error(`not a valid shadow tag: ${tag}`);
    await this.ensureCheckpoints();
    const existing = new Set(await this.viewCollections());
    for (const view of views) {
      if (!existing.has(collectionName(view.name, tag))) throw new Error(`no shadow copy of ${view.name} under ${tag}`);
    }
    await this.checkpoints.deleteOne({ _id: promotion.shadowCheckpoint }, { writeConcern: { w: 'majority' } });
    for (const view of views) {
      await this.db.renameCollection(collectionName(view.name, tag), collectionName(view.name), { dropTarget: true });
    }
    const session = this.client.startSession();
    try {
      await session.withTransaction(async (s) => {
        for (const [name, value] of Object.entries(promotion.records)) {
          await this.checkpoints.updateOne(
            { _id: name },
            { $set: { position: value, updatedAt: new Date() } },
            { upsert: true, session: s },
          );
        }
      }, transactionOptions(false));
    } finally {
      await session.endSession();
    }
    for (const view of views) await this.createView(view);
  }

  async dropShadow(tag: string, checkpointName?: string): Promise<void> {
    if (!SHADOW_TAG.test(tag)) throw new Error(`not a valid shadow tag: ${tag}`);
    if (checkpointName !== undefined) await this.checkpoints.deleteOne({ _id: checkpointName });
    for (const name of await this.viewCollections()) {
      if (name.endsWith(`__${tag}`)) await this.db.collection(name).drop();
    }
  }

  async shadowTags(): Promise<string[]> {
    const tags = (await this.viewCollections())
      .map((name) => /__([a-z0-9]{1,16})$/.exec(name)?.[1])
      .filter((tag): tag is string => tag !== undefined);
    return [...new Set(tags)].sort();
  }

  async close(): Promise<void> {
    if (this.ownsClient) await this.client.close();
  }
}

export type MongoReadStoreOptions =
  { readonly client: MongoClient; readonly dbName: string } | { readonly url: string; readonly dbName: string };

/**
 * Opens the read store on a database. Given a client, the caller keeps owning it and
 * `close()` leaves it open; given a URL, the store connects and `close()` disconnects.
 */
export async function openMongoReadStore(options: MongoReadStoreOptions): Promise<ReadStore> {
  if ('client' in options) return new MongoReadStore(options.client, options.dbName, false);
  return new MongoReadStore(await connectMongo(options.url), options.dbName, true);
}
