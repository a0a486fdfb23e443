import {
  MongoServerError,
  type ClientSession,
  type Collection,
  type Db,
  type Filter,
  type IndexDescription,
  type MongoClient,
} from 'mongodb';
import type { Position } from '../event-store/port.js';
import { connectMongo } from '../mongo.js';
import {
  CHECKPOINTS,
  LOOKUP_CHUNK,
  SEARCH_FIELD,
  SEARCH_INDEX,
  UNIQUE_INDEX,
  buildFindQuery,
  buildSumPipeline,
  coerce,
  collectionName,
  cursorAfter,
  declaredIndexes,
  guardedWrites,
  identifier,
  indexValues,
  recordKey,
  type RecordKey,
  requireField,
  searchValues,
  storedKey,
  toStored,
  transactionOptions,
  type CheckpointRecord,
  type IndexedValue,
  type ViewRecord,
} from './mongo-records.js';
import { dropShadow, promoteShadow, shadowTags } from './mongo-shadow.js';
import {
  SHADOW_TAG,
  joinSplitSum,
  type Document,
  type FindQuery,
  type FindResult,
  type MergedFindQuery,
  type MergedFindResult,
  type Promotion,
  type ReadStore,
  type ScanKey,
  type StoredDocument,
  type SumGroup,
  type SumQuery,
  type UnitOfWork,
  type ViewDefinition,
} from './port.js';
import { mergeParts, partQuery } from './merge.js';
import { BufferedUnitOfWork, type UnitOfWorkBacking } from './unit-of-work.js';

/**
 * The distributed read store: one collection per view (`view_<name>`; records and queries in
 * mongo-records.ts, shadow copies in mongo-shadow.ts), records keyed by
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
    // The unique index also creates the collection, so no transaction has to.
    await createMissingIndexes(this.collection(view.name), this.bulk ? [] : viewIndexes(view));
    if (view.search !== undefined) await this.fillSearch(view);
    this.views.set(view.name, view);
  }

  /**
   * Gives the live records of a view that has `search` since they were written their tokens,
   * once (an upgrade of an existing database). Tombstones have none.
   */
  private async fillSearch(view: ViewDefinition): Promise<void> {
    const collection = this.collection(view.name);
    const missing = { doc: { $ne: null }, [SEARCH_FIELD]: { $exists: false } } as Filter<ViewRecord>;
    // Each round gives its records their tokens, so the next one finds the records after them.
    for (;;) {
      const records = await collection.find(missing, { projection: { _id: 1, doc: 1 }, limit: LOOKUP_CHUNK }).toArray();
      if (records.length === 0) return;
      await collection.bulkWrite(
        records.map((record) => ({
          updateOne: {
            filter: { _id: record._id, ...missing } as Filter<ViewRecord>,
            update: { $set: { [SEARCH_FIELD]: searchValues(view, record.doc) } },
          },
        })),
        { ordered: false },
      );
    }
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

  /** A user's records of the ids, `LOOKUP_CHUNK` keys to a `$in`. */
  async storedMany(view: string, userId: string, ids: readonly string[]): Promise<ReadonlyMap<string, ViewRecord>> {
    const found = new Map<string, ViewRecord>();
    const records = await this.records(
      view,
      ids.map((id) => recordKey(userId, id)),
    );
    for (const record of records) found.set(record.id, record);
    return found;
  }

  /** The records of these record keys (those stored), `LOOKUP_CHUNK` keys to a `$in`. */
  private async records(view: string, keys: readonly RecordKey[]): Promise<ViewRecord[]> {
    const collection = this.collection(view);
    const found: ViewRecord[] = [];
    for (let start = 0; start < keys.length; start += LOOKUP_CHUNK) {
      found.push(...(await collection.find({ _id: { $in: keys.slice(start, start + LOOKUP_CHUNK) } }).toArray()));
    }
    return found;
  }

  indexedEquals(view: ViewDefinition, doc: Document, field: string, value: string | number): boolean {
    return indexValues(view, doc)[field] === coerce(requireField(view, field), value);
  }

  async get<D extends Document>(view: string, userId: string, id: string): Promise<StoredDocument<D> | null> {
    this.view(view);
    return toStored<D>(await this.record(view, userId, id));
  }

  /** `get` of many keys, any users', `LOOKUP_CHUNK` keys to a `$in`. */
  async getMany<D extends Document>(view: string, keys: readonly ScanKey[]): Promise<StoredDocument<D>[]> {
    this.view(view);
    const found: StoredDocument<D>[] = [];
    for (const record of await this.records(
      view,
      keys.map((key) => recordKey(key.userId, key.id)),
    )) {
      const stored = toStored<D>(record);
      if (stored !== null) found.push(stored);
    }
    return found;
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

  /**
   * Each part's page read as `find` reads it (one query per part, at once), then merged; the
   * keys are the records' indexed values, which `find`'s cursors are made of too.
   */
  async findMerged<D extends Document>(viewName: string, query: MergedFindQuery): Promise<MergedFindResult<D>> {
    const view = this.view(viewName);
    const { field, parts } = query.split;
    requireField(view, field);
    const pages = await Promise.all(
      parts.map(async (part, index) => {
        const { filter, sort, limit } = buildFindQuery(view, partQuery(query, part));
        const records = await this.collection(viewName).find(filter, { sort, limit }).toArray();
        return {
          keys: records.slice(0, query.limit).map((record) => ({
            part: index,
            sort: query.sort.map((s) => record.f[s.field] ?? null),
            id: record.id,
            record,
          })),
          more: records.length > query.limit,
        };
      }),
    );
    const { taken, cursors } = mergeParts(pages, query.limit, query.compare);
    const items = taken.map((key) => toStored<D>(key.record)).filter((d): d is StoredDocument<D> => d !== null);
    return { items, cursors };
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
      await createMissingIndexes(this.collection(view.name), viewIndexes(view));
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

  async promote(promotion: Promotion): Promise<void> {
    if (this.tag !== null) throw new Error('a shadow store promotes nothing');
    await this.ensureCheckpoints();
    await promoteShadow(this.db, this.client, promotion);
    for (const view of promotion.views) await this.createView(view);
  }

  async dropShadow(tag: string, checkpointName?: string): Promise<void> {
    await dropShadow(this.db, tag, checkpointName);
  }

  async shadowTags(): Promise<string[]> {
    return shadowTags(this.db);
  }

  async close(): Promise<void> {
    if (this.ownsClient) await this.client.close();
  }
}

/**
 * Creates the unique index, then those of `indexes` the collection lacks, recognised by their
 * keys (as SQLite's are by their columns): an index made before keeps the options it was made
 * with. A sparse index made before as a full one stays full (it answers the same queries), where
 * asking for it again under its name with a partial filter would fail (IndexOptionsConflict); a
 * collection made anew (a reset, a shadow) gets the partial one.
 */
async function createMissingIndexes(
  collection: Collection<ViewRecord>,
  indexes: readonly IndexDescription[],
): Promise<void> {
  await collection.createIndexes([UNIQUE_INDEX]);
  if (indexes.length === 0) return;
  const present = new Set((await collection.listIndexes().toArray()).map((index) => JSON.stringify(index['key'])));
  const missing = indexes.filter((index) => !present.has(JSON.stringify(index.key)));
  if (missing.length > 0) await collection.createIndexes(missing);
}

/** The declared indexes of a view, and its search index when it has `search`. */
const viewIndexes = (view: ViewDefinition) => [
  ...declaredIndexes(view),
  ...(view.search === undefined ? [] : [SEARCH_INDEX]),
];

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
