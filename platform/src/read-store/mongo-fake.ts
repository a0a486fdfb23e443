import { Binary, MongoServerError, type Document, type MongoClient } from 'mongodb';

/**
 * An in-memory stand-in for the part of the MongoDB driver the adapters use, for tests on
 * machines without a server: stored values come back as BSON would return them (a Buffer as
 * a Binary), equality, $ne/$gt/$gte/$lt/$lte/$in/$regex/$or/$and filters on dotted
 * paths, aggregation by $match then $group with $sum, sorts in BSON order (null < numbers < strings < documents), unique indexes,
 * upserts, and transactions that roll back on failure and can be made to retry. Operations
 * run while a transaction is open must carry its session, as the real driver requires.
 */

type Value = unknown;

function typeRank(value: Value): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number') return 1;
  if (typeof value === 'string') return 2;
  return 3;
}

export function compareValues(a: Value, b: Value): number {
  const rank = typeRank(a) - typeRank(b);
  if (rank !== 0) return rank;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') {
    const x = Buffer.from(a, 'utf8');
    const y = Buffer.from(b, 'utf8');
    return Buffer.compare(x, y);
  }
  const x = JSON.stringify(a ?? null);
  const y = JSON.stringify(b ?? null);
  return x < y ? -1 : x > y ? 1 : 0;
}

const equal = (a: Value, b: Value) =>
  typeof a === 'string' || typeof b === 'string' ? a === b : compareValues(a, b) === 0;

function valueAt(doc: Document, path: string): Value {
  let current: Value = doc;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, Value>)[part];
  }
  return current;
}

function isOperatorObject(condition: Value): condition is Record<string, Value> {
  return (
    condition !== null &&
    typeof condition === 'object' &&
    !Array.isArray(condition) &&
    Object.keys(condition).length > 0 &&
    Object.keys(condition).every((k) => k.startsWith('$'))
  );
}

function comparable(a: Value, b: Value): boolean {
  return typeRank(a) === typeRank(b) && typeRank(a) !== 0;
}

function matchesCondition(value: Value, condition: Value): boolean {
  if (!isOperatorObject(condition)) return equal(value, condition);
  return Object.entries(condition).every(([operator, operand]) => {
    switch (operator) {
      case '$eq':
        return equal(value, operand);
      case '$ne':
        return !equal(value, operand);
      case '$gt':
        return comparable(value, operand) && compareValues(value, operand) > 0;
      case '$gte':
        return comparable(value, operand) && compareValues(value, operand) >= 0;
      case '$lt':
        return comparable(value, operand) && compareValues(value, operand) < 0;
      case '$lte':
        return comparable(value, operand) && compareValues(value, operand) <= 0;
      case '$in':
        return (operand as Value[]).some((o) => equal(value, o));
      case '$regex':
        return typeof value === 'string' && new RegExp(operand as string).test(value);
      default:
        throw new Error(`fake MongoDB does not support ${operator}`);
    }
  });
}

export function matches(doc: Document, filter: Document): boolean {
  return Object.entries(filter).every(([key, condition]) => {
    if (key === '$or') return (condition as Document[]).some((f) => matches(doc, f));
    if (key === '$and') return (condition as Document[]).every((f) => matches(doc, f));
    if (key.startsWith('$')) throw new Error(`fake MongoDB does not support ${key}`);
    return matchesCondition(valueAt(doc, key), condition);
  });
}

export type SortSpec = readonly (readonly [string, 1 | -1 | 'asc' | 'desc'])[] | Readonly<Record<string, 1 | -1>>;

function sortEntries(sort: SortSpec): [string, 1 | -1][] {
  const entries = Array.isArray(sort) ? sort : Object.entries(sort);
  return entries.map(([path, d]: readonly [string, 1 | -1 | 'asc' | 'desc']) => [
    path,
    d === -1 || d === 'desc' ? -1 : 1,
  ]);
}

/** The documents in the order a find with this sort returns them. */
export function sortDocuments<T extends Document>(docs: readonly T[], sort: SortSpec): T[] {
  const keys = sortEntries(sort);
  return [...docs].sort((a, b) => {
    for (const [path, d] of keys) {
      const c = compareValues(valueAt(a, path), valueAt(b, path));
      if (c !== 0) return c * d;
    }
    return 0;
  });
}

/** A deep copy that keeps BSON values (Binary, Date) what they are, as the driver returns them. */
function clone<T>(value: T): T {
  if (value instanceof Binary) return new Binary(value.value(), value.sub_type) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (value instanceof Uint8Array) return new Binary(Uint8Array.from(value)) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => clone(item)) as T;
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    // The driver stores undefined as null unless told to ignore it.
    for (const [k, v] of Object.entries(value)) copy[k] = v === undefined ? null : clone(v);
    return copy as T;
  }
  return value;
}

function duplicateKey(collection: string, index: string): MongoServerError {
  const error = new MongoServerError({
    message: `E11000 duplicate key error collection: ${collection} index: ${index}`,
  });
  error.code = 11000;
  return error;
}

interface IndexSpec {
  key: Record<string, number>;
  name?: string;
  unique?: boolean;
}

interface Options {
  session?: unknown;
  sort?: SortSpec;
  limit?: number;
  upsert?: boolean;
}

type State = Map<string, Map<string, Document>>;

/** The arithmetic operators the read store's sums use, on numbers; anything else is null. */
const OPERATORS: Record<string, (args: readonly Value[]) => Value> = {
  $divide: ([a, b]) => (typeof a === 'number' && typeof b === 'number' ? a / b : null),
  $mod: ([a, b]) => (typeof a === 'number' && typeof b === 'number' ? a % b : null),
  $trunc: ([a]) => (typeof a === 'number' ? Math.trunc(a) : null),
};

/** A field path (`$f.type`), an operator (`{ $mod: [...] }`) or a constant, evaluated on a document. */
function evaluate(doc: Document, expression: Value): Value {
  if (typeof expression === 'string' && expression.startsWith('$')) return valueAt(doc, expression.slice(1)) ?? null;
  if (expression !== null && typeof expression === 'object' && !Array.isArray(expression)) {
    const [name, operand] = Object.entries(expression)[0] ?? [];
    const operator = name === undefined ? undefined : OPERATORS[name];
    if (operator !== undefined) {
      const args = Array.isArray(operand) ? operand : [operand as Value];
      return operator(args.map((arg) => evaluate(doc, arg)));
    }
  }
  return expression;
}

function group(rows: readonly Document[], spec: Document): Document[] {
  const { _id: idSpec, ...accumulators } = spec;
  const groups = new Map<string, Document>();
  for (const doc of rows) {
    const id =
      idSpec !== null && typeof idSpec === 'object'
        ? Object.fromEntries(Object.entries(idSpec as Document).map(([k, e]) => [k, evaluate(doc, e)]))
        : evaluate(doc, idSpec);
    const key = JSON.stringify(id);
    const current = groups.get(key) ?? { _id: id, ...Object.fromEntries(Object.keys(accumulators).map((k) => [k, 0])) };
    for (const [name, accumulator] of Object.entries(accumulators)) {
      const operand = (accumulator as { $sum?: Value }).$sum;
      if (operand === undefined) throw new Error(`fake MongoDB supports only $sum in $group`);
      const value = evaluate(doc, operand);
      if (typeof value === 'number') current[name] = (current[name] as number) + value;
    }
    groups.set(key, current);
  }
  return [...groups.values()];
}

export class FakeCollection {
  readonly indexes: IndexSpec[] = [];

  constructor(
    private readonly db: FakeDb,
    readonly name: string,
  ) {}

  private get rows(): Map<string, Document> {
    return this.db.rows(this.name);
  }

  private check(options: Options | undefined): void {
    this.db.client.checkSession(options?.session, `${this.name}`);
  }

  async createIndexes(specs: IndexSpec[]): Promise<string[]> {
    this.db.rows(this.name);
    for (const spec of specs) {
      const name = spec.name ?? Object.keys(spec.key).join('_');
      const existing = this.indexes.find((i) => (i.name ?? '') === name);
      if (existing === undefined) this.indexes.push({ ...spec, name });
      else if (JSON.stringify(existing.key) !== JSON.stringify(spec.key)) throw new Error(`index ${name} conflicts`);
    }
    this.db.client.log.push(`createIndexes ${this.name} ${specs.map((s) => s.name).join(',')}`);
    return specs.map((s) => s.name ?? '');
  }

  async createIndex(key: Record<string, number>, options: { unique?: boolean; name?: string } = {}): Promise<string> {
    const [name] = await this.createIndexes([
      { key, name: options.name ?? Object.keys(key).join('_'), unique: options.unique ?? false },
    ]);
    return name ?? '';
  }

  private all(filter: Document): Document[] {
    const id: Value = filter._id;
    let candidates: Iterable<Document> = this.rows.values();
    if (id !== undefined && !isOperatorObject(id)) candidates = [this.rows.get(JSON.stringify(id))].filter((d) => !!d);
    else if (isOperatorObject(id) && Object.keys(id).length === 1 && Array.isArray(id.$in)) {
      candidates = id.$in.map((key) => this.rows.get(JSON.stringify(key))).filter((d): d is Document => !!d);
    }
    return [...candidates].filter((doc) => matches(doc, filter));
  }

  find(filter: Document = {}, options: Options = {}): { toArray(): Promise<Document[]> } {
    this.check(options);
    let found = this.all(filter);
    if (options.sort !== undefined) found = sortDocuments(found, options.sort);
    if (options.limit !== undefined && options.limit > 0) found = found.slice(0, options.limit);
    const result = found.map(clone);
    this.db.client.log.push(`find ${this.name}`);
    return { toArray: async () => result };
  }

  /** `$match` then `$group` with `$sum` accumulators, the pipelines the read store runs. */
  aggregate(pipeline: readonly Document[], options: Options = {}): { toArray(): Promise<Document[]> } {
    this.check(options);
    let rows = [...this.rows.values()];
    for (const stage of pipeline) {
      const [operator, spec] = Object.entries(stage)[0] ?? [];
      if (operator === '$match') rows = rows.filter((doc) => matches(doc, spec as Document));
      else if (operator === '$group') rows = group(rows, spec as Document);
      else throw new Error(`fake MongoDB does not support ${operator}`);
    }
    const result = rows.map(clone);
    return { toArray: async () => result };
  }

  async findOne(filter: Document = {}, options: Options = {}): Promise<Document | null> {
    this.check(options);
    const [found] = this.all(filter);
    return found === undefined ? null : clone(found);
  }

  private store(doc: Document, replacing?: Document): void {
    for (const index of this.indexes.filter((i) => i.unique === true)) {
      const paths = Object.keys(index.key);
      const clash = [...this.rows.values()].find(
        (other) => other !== replacing && paths.every((p) => equal(valueAt(other, p), valueAt(doc, p))),
      );
      if (clash !== undefined) throw duplicateKey(this.name, index.name ?? '');
    }
    const id = JSON.stringify(doc._id);
    const existing = this.rows.get(id);
    if (existing !== undefined && existing !== replacing) throw duplicateKey(this.name, '_id_');
    if (replacing !== undefined) this.rows.delete(JSON.stringify(replacing._id));
    this.rows.set(id, clone(doc));
  }

  private upsertedId(filter: Document): Value {
    if (Object.hasOwn(filter, '_id') && !isOperatorObject(filter._id)) return filter._id;
    return `generated-${this.rows.size}-${Math.random()}`;
  }

  async insertOne(doc: Document, options: Options = {}): Promise<{ insertedId: Value }> {
    this.check(options);
    this.store(doc);
    this.db.client.log.push(`insertOne ${this.name}`);
    return { insertedId: doc._id };
  }

  async replaceOne(filter: Document, replacement: Document, options: Options = {}): Promise<{ matchedCount: number }> {
    this.check(options);
    this.db.client.log.push(`replaceOne ${this.name}`);
    const [target] = this.all(filter);
    if (target !== undefined) {
      this.store({ ...replacement, _id: target._id }, target);
      return { matchedCount: 1 };
    }
    if (options.upsert === true) this.store({ ...replacement, _id: this.upsertedId(filter) });
    return { matchedCount: 0 };
  }

  async updateOne(
    filter: Document,
    update: { $set?: Document; $setOnInsert?: Document },
    options: Options = {},
  ): Promise<{ matchedCount: number }> {
    this.check(options);
    const [target] = this.all(filter);
    if (target !== undefined) {
      const updated = clone(target);
      Object.assign(updated, update.$set ?? {});
      this.store(updated, target);
      return { matchedCount: 1 };
    }
    if (options.upsert === true) {
      const base: Document = {};
      for (const [k, v] of Object.entries(filter)) if (!k.startsWith('$') && !isOperatorObject(v)) base[k] = v;
      this.store({ ...base, ...(update.$setOnInsert ?? {}), ...(update.$set ?? {}), _id: this.upsertedId(filter) });
    }
    return { matchedCount: 0 };
  }

  async deleteOne(filter: Document = {}, options: Options = {}): Promise<{ deletedCount: number }> {
    this.check(options);
    const [target] = this.all(filter);
    if (target === undefined) return { deletedCount: 0 };
    this.rows.delete(JSON.stringify(target._id));
    return { deletedCount: 1 };
  }

  async deleteMany(filter: Document = {}, options: Options = {}): Promise<{ deletedCount: number }> {
    this.check(options);
    const targets = this.all(filter);
    for (const target of targets) this.rows.delete(JSON.stringify(target._id));
    this.db.client.log.push(`deleteMany ${this.name}`);
    return { deletedCount: targets.length };
  }

  async bulkWrite(
    operations: readonly Record<string, Record<string, unknown>>[],
    options: Options = {},
  ): Promise<{ ok: 1 }> {
    this.check(options);
    this.db.client.log.push(`bulkWrite ${this.name} ${operations.length}`);
    for (const operation of operations) {
      const [kind, model] = Object.entries(operation)[0] ?? [];
      if (kind === 'replaceOne' && model !== undefined) {
        await this.replaceOne(model.filter as Document, model.replacement as Document, {
          upsert: model.upsert === true,
          session: options.session,
        });
      } else throw new Error(`fake bulkWrite does not support ${kind}`);
    }
    return { ok: 1 };
  }

  async drop(): Promise<boolean> {
    this.db.client.checkSession(undefined, this.name);
    this.indexes.length = 0;
    return this.db.drop(this.name);
  }

  /** Every stored document, for assertions. */
  documents(): Document[] {
    return [...this.rows.values()].map(clone);
  }
}

export class FakeDb {
  private readonly collections = new Map<string, FakeCollection>();

  constructor(
    readonly client: FakeMongoClient,
    private readonly state: { data: State },
  ) {}

  rows(name: string): Map<string, Document> {
    let rows = this.state.data.get(name);
    if (rows === undefined) this.state.data.set(name, (rows = new Map()));
    return rows;
  }

  drop(name: string): boolean {
    return this.state.data.delete(name);
  }

  collection(name: string): FakeCollection {
    let collection = this.collections.get(name);
    if (collection === undefined) this.collections.set(name, (collection = new FakeCollection(this, name)));
    return collection;
  }

  /**
   * Renames a collection with its documents and indexes, as `renameCollection` does: refused
   * inside a transaction, and onto an existing collection only with `dropTarget`.
   */
  async renameCollection(from: string, to: string, options: { dropTarget?: boolean } = {}): Promise<FakeCollection> {
    if (this.client.active !== null) throw new Error('renameCollection cannot run inside a transaction');
    const rows = this.state.data.get(from);
    if (rows === undefined) {
      const error = new MongoServerError({ message: `Source collection ${from} does not exist` });
      error.code = 26;
      throw error;
    }
    if (this.state.data.has(to) && options.dropTarget !== true) {
      const error = new MongoServerError({ message: `target namespace ${to} exists` });
      error.code = 48;
      throw error;
    }
    const source = this.collection(from);
    const target = this.collection(to);
    target.indexes.splice(0, target.indexes.length, ...source.indexes);
    source.indexes.length = 0;
    this.state.data.delete(from);
    this.state.data.set(to, rows);
    this.client.log.push(`renameCollection ${from} ${to}`);
    return target;
  }

  listCollections(filter: { name?: string } = {}, _options?: unknown): { toArray(): Promise<{ name: string }[]> } {
    const names = [...this.state.data.keys()].filter((n) => filter.name === undefined || n === filter.name);
    return { toArray: async () => names.map((name) => ({ name })) };
  }

  async createCollection(name: string): Promise<FakeCollection> {
    if (this.state.data.has(name)) {
      const error = new MongoServerError({ message: `Collection ${name} already exists.` });
      error.code = 48;
      throw error;
    }
    this.rows(name);
    return this.collection(name);
  }
}

export class FakeSession {
  ended = false;

  constructor(private readonly client: FakeMongoClient) {}

  async withTransaction<T>(fn: (session: FakeSession) => Promise<T>, options?: unknown): Promise<T> {
    this.client.transactionOptions.push(options);
    for (;;) {
      const snapshot = this.client.snapshot();
      this.client.active = this;
      try {
        const result = await fn(this);
        if (this.client.transientFailures > 0) {
          this.client.transientFailures -= 1;
          throw Object.assign(new Error('TransientTransactionError'), { transient: true });
        }
        this.client.commits += 1;
        return result;
      } catch (error) {
        this.client.restore(snapshot);
        if ((error as { transient?: boolean }).transient !== true) throw error;
      } finally {
        this.client.active = null;
      }
    }
  }

  async endSession(): Promise<void> {
    this.ended = true;
  }
}

export class FakeMongoClient {
  private readonly state: { data: State } = { data: new Map() };
  private readonly dbs = new Map<string, FakeDb>();
  active: FakeSession | null = null;
  closed = false;
  commits = 0;
  /** How many commits fail with a transient error (the transaction is rolled back and run again). */
  transientFailures = 0;
  readonly transactionOptions: unknown[] = [];
  readonly log: string[] = [];

  db(name: string): FakeDb {
    let db = this.dbs.get(name);
    if (db === undefined) this.dbs.set(name, (db = new FakeDb(this, this.state)));
    return db;
  }

  startSession(): FakeSession {
    return new FakeSession(this);
  }

  checkSession(session: unknown, where: string): void {
    if (this.active !== null && session !== this.active) {
      throw new Error(`an operation on ${where} ran outside the open transaction`);
    }
  }

  snapshot(): State {
    return new Map(
      [...this.state.data].map(([name, rows]) => [name, new Map([...rows].map(([k, v]) => [k, clone(v)]))]),
    );
  }

  restore(snapshot: State): void {
    this.state.data = snapshot;
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  /** The fake typed as the driver's client, for code that takes one. */
  asClient(): MongoClient {
    return this as unknown as MongoClient;
  }
}
