import { randomBytes } from 'node:crypto';
import type { MongoClient } from 'mongodb';
import { Binary, MongoServerError, type Collection } from 'mongodb';
import { unwrapKey, wrapKey } from './field-cipher.js';
import { DataKeyErasedError, type KeyStore } from './port.js';
import { connectMongo } from '../mongo.js';

const DUPLICATE_KEY = 11000;

export const DATA_KEYS = 'data_keys';

export interface DataKeyRecord {
  _id: string;
  /**
   * The data key wrapped by the master key (AES-256-GCM, the user id as associated data);
   * absent once erased.
   */
  wrapped?: Binary | Uint8Array;
  createdAt?: Date;
  /** When the key was erased: the record stays so that no key is made for the user again. */
  erasedAt?: Date;
}

export function isDuplicateKeyError(error: unknown): boolean {
  return error instanceof MongoServerError && error.code === DUPLICATE_KEY;
}

function bytes(wrapped: Binary | Uint8Array): Buffer {
  return Buffer.from(wrapped instanceof Binary ? wrapped.value() : wrapped);
}

/**
 * Users' data keys in the `data_keys` collection, keyed by user id and wrapped by the master
 * key; deleting one shreds the user's personal text in every copy of the event store. Two
 * instances creating a user's key at once both insert; the second insert fails on the
 * duplicate `_id` and that instance reads and uses the key that won. An erased key leaves a
 * record with the user id and the time only, on which the insert fails the same way: no
 * instance makes a key for an erased user, whatever its own view of the erasure.
 */
class MongoKeyStore implements KeyStore {
  /** Least recently used first: a hit moves the key to the end. */
  private readonly cache = new Map<string, { readonly key: Buffer; readonly loadedAt: number }>();

  constructor(
    private readonly keys: Collection<DataKeyRecord>,
    private readonly masterKey: Buffer,
    private readonly client: MongoClient | null,
    private readonly cacheOptions: { readonly limit: number; readonly ttlMs: number; readonly now: () => number },
  ) {}

  private remember(userId: string, key: Buffer, loadedAt = this.cacheOptions.now()): Buffer {
    this.cache.delete(userId);
    if (this.cache.size >= this.cacheOptions.limit) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(userId, { key, loadedAt });
    return key;
  }

  async get(userId: string): Promise<Buffer | null> {
    const cached = this.cache.get(userId);
    if (cached !== undefined && this.cacheOptions.now() - cached.loadedAt < this.cacheOptions.ttlMs) {
      return this.remember(userId, cached.key, cached.loadedAt);
    }
    this.cache.delete(userId);
    const record = await this.keys.findOne({ _id: userId });
    return record?.wrapped === undefined
      ? null
      : this.remember(userId, unwrapKey(this.masterKey, bytes(record.wrapped), userId));
  }

  async getOrCreate(userId: string): Promise<Buffer> {
    const existing = await this.get(userId);
    if (existing !== null) return existing;
    try {
      await this.keys.insertOne({
        _id: userId,
        wrapped: new Binary(wrapKey(this.masterKey, randomBytes(32), userId)),
        createdAt: new Date(),
      });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    const created = await this.get(userId);
    if (created !== null) return created;
    if ((await this.keys.findOne({ _id: userId }))?.erasedAt !== undefined) throw new DataKeyErasedError();
    throw new Error('data key was not stored');
  }

  async erase(userId: string): Promise<void> {
    await this.keys.replaceOne({ _id: userId }, { erasedAt: new Date() }, { upsert: true });
    this.cache.delete(userId);
  }

  async close(): Promise<void> {
    this.cache.clear();
    if (this.client !== null) await this.client.close();
  }
}

export type MongoKeyStoreOptions = {
  readonly masterKey: Buffer;
  readonly dbName: string;
  /** How many unwrapped keys stay in memory (default 10,000). */
  readonly cacheLimit?: number;
  /**
   * How long a key is used from memory before it is read again (default one minute): an
   * erasure through another instance takes effect here within this time.
   */
  readonly cacheTtlMs?: number;
  /** The clock, in milliseconds. */
  readonly now?: () => number;
} & ({ readonly client: MongoClient } | { readonly url: string });

/**
 * Opens the key store on a database. Given a client, the caller keeps owning it; given a
 * URL, the store connects and `close()` disconnects. Writes use majority write concern: a
 * key must not be lost once data was encrypted with it.
 */
export async function openMongoKeyStore(options: MongoKeyStoreOptions): Promise<KeyStore> {
  if (options.masterKey.length !== 32) throw new RangeError('the master key must be 32 bytes');
  const owned = 'url' in options ? await connectMongo(options.url) : null;
  const client = owned ?? ('client' in options ? options.client : null);
  if (client === null) throw new TypeError('a MongoDB client or URL is required');
  const keys = client
    .db(options.dbName)
    .collection<DataKeyRecord>(DATA_KEYS, { writeConcern: { w: 'majority', journal: true } });
  return new MongoKeyStore(keys, options.masterKey, owned, {
    limit: options.cacheLimit ?? 10_000,
    ttlMs: options.cacheTtlMs ?? 60_000,
    now: options.now ?? Date.now,
  });
}
