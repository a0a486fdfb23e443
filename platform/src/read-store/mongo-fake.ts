import { MongoServerError, type Document, type MongoClient } from 'mongodb';
import { FakeCollection } from './mongo-fake-collection.js';
import { clone } from './mongo-fake-query.js';

/**
 * An in-memory stand-in for the part of the MongoDB driver the adapters use, for tests on
 * machines without a server: stored values come back as BSON would return them (a Buffer as
 * a Binary), equality, $ne/$gt/$gte/$lt/$lte/$in/$regex/$or/$and filters on dotted
 * paths, aggregation by $match then $group with $sum, sorts in BSON order (null < numbers < strings < documents), unique indexes,
 * upserts, and transactions that roll back on failure and can be made to retry. Operations
 * run while a transaction is open must carry its session, as the real driver requires.
 * The collection is in mongo-fake-collection.ts; filters, sorts and $group in mongo-fake-query.ts.
 */

type State = Map<string, Map<string, Document>>;

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
