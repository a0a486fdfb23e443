import { randomBytes } from 'node:crypto';
import { Binary, MongoServerError, type Document } from 'mongodb';
import { describe, expect, it } from 'vitest';
import type { FakeCollection } from '../read-store/mongo-fake-collection.js';
import { FakeMongoClient } from '../read-store/mongo-fake.js';
import { unwrapKey } from './field-cipher.js';
import { DATA_KEYS, isDuplicateKeyError, openMongoKeyStore } from './key-store-mongo.js';
import { DataKeyErasedError } from './port.js';

const masterKey = randomBytes(32);

function setup(cacheLimit?: number) {
  const client = new FakeMongoClient();
  const keys: FakeCollection = client.db('plenty').collection(DATA_KEYS);
  const open = () =>
    openMongoKeyStore({
      client: client.asClient(),
      dbName: 'plenty',
      masterKey,
      ...(cacheLimit ? { cacheLimit } : {}),
    });
  return { client, keys, open };
}

/** Counts the key store's reads of the collection. */
function countReads(keys: FakeCollection): { count: number } {
  const counter = { count: 0 };
  const findOne = keys.findOne.bind(keys);
  keys.findOne = async (filter?: Document, options?: Document) => {
    counter.count += 1;
    return findOne(filter, options);
  };
  return counter;
}

describe('MongoDB key store', () => {
  it('stores one wrapped key per user under the user id, never the key itself', async () => {
    const { keys, open } = setup();
    const store = await open();
    const key = await store.getOrCreate('alice');
    const [record] = keys.documents();
    expect(record?._id).toBe('alice');
    expect(record?.wrapped).toBeInstanceOf(Binary);
    expect(record?.createdAt).toBeInstanceOf(Date);
    const wrapped = Buffer.from((record?.wrapped as Binary).value());
    expect(wrapped.includes(key)).toBe(false);
    expect(unwrapKey(masterKey, wrapped, 'alice')).toEqual(key);
  });

  it('returns the same key on every call and across instances, and a different one per user', async () => {
    const { open } = setup();
    const first = await open();
    const alice = await first.getOrCreate('alice');
    expect(await first.getOrCreate('alice')).toEqual(alice);
    expect(await first.getOrCreate('bob')).not.toEqual(alice);
    const second = await open();
    expect(await second.get('alice')).toEqual(alice);
  });

  it('uses the key that won when another instance created the same user key at the same time', async () => {
    const { keys, open } = setup();
    const winner = await open();
    const loser = await open();
    let winnerKey: Buffer | null = null;
    const findOne = keys.findOne.bind(keys);
    let raced = false;
    keys.findOne = async (filter?: Document, options?: Document) => {
      const found = await findOne(filter, options);
      if (!raced) {
        // The loser found nothing; the winner inserts before the loser does.
        raced = true;
        winnerKey = await winner.getOrCreate('carol');
      }
      return found;
    };
    const loserKey = await loser.getOrCreate('carol');
    expect(winnerKey).not.toBeNull();
    expect(loserKey).toEqual(winnerKey);
    expect(keys.documents()).toHaveLength(1);
  });

  it('passes on insert failures other than a duplicate key', async () => {
    const { keys, open } = setup();
    const store = await open();
    keys.insertOne = async () => {
      throw new Error('not primary');
    };
    await expect(store.getOrCreate('dave')).rejects.toThrow('not primary');
  });

  it('answers from memory once a key is known', async () => {
    const { keys, open } = setup();
    const store = await open();
    const key = await store.getOrCreate('erin');
    const reads = countReads(keys);
    expect(await store.get('erin')).toEqual(key);
    expect(await store.getOrCreate('erin')).toEqual(key);
    expect(reads.count).toBe(0);
  });

  it('forgets the least recently used key first when the cache is full', async () => {
    const { keys, open } = setup(2);
    const store = await open();
    await store.getOrCreate('a');
    await store.getOrCreate('b');
    await store.get('a');
    await store.getOrCreate('c');
    const reads = countReads(keys);
    await store.get('a');
    await store.get('c');
    expect(reads.count).toBe(0);
    await store.get('b');
    expect(reads.count).toBe(1);
  });

  it('reads a cached key again after its time in memory, so an erasure elsewhere takes effect', async () => {
    const client = new FakeMongoClient();
    let now = 0;
    const open = () =>
      openMongoKeyStore({ client: client.asClient(), dbName: 'plenty', masterKey, cacheTtlMs: 1000, now: () => now });
    const [store, other] = [await open(), await open()];
    await store.getOrCreate('gina');
    await other.erase('gina');
    now = 999;
    expect(await store.get('gina')).not.toBeNull();
    now = 1000;
    expect(await store.get('gina')).toBeNull();
  });

  it('has no key for a user after erasure, in this instance and in others, and keeps only when', async () => {
    const { keys, open } = setup();
    const store = await open();
    const other = await open();
    await store.getOrCreate('leaving');
    await store.erase('leaving');
    expect(await store.get('leaving')).toBeNull();
    expect(await other.get('leaving')).toBeNull();
    expect(keys.documents()).toEqual([{ _id: 'leaving', erasedAt: expect.any(Date) }]);
  });

  it('makes no new key for an erased user, not even in an instance that never saw the erasure', async () => {
    const { keys, open } = setup();
    const store = await open();
    const other = await open();
    await store.getOrCreate('leaving');
    await store.erase('leaving');
    await expect(store.getOrCreate('leaving')).rejects.toBeInstanceOf(DataKeyErasedError);
    await expect(other.getOrCreate('leaving')).rejects.toBeInstanceOf(DataKeyErasedError);
    await store.erase('never-had-one');
    await expect(other.getOrCreate('never-had-one')).rejects.toBeInstanceOf(DataKeyErasedError);
    expect(keys.documents().filter((record) => record.wrapped !== undefined)).toEqual([]);
  });

  it('cannot unwrap keys with another master key', async () => {
    const { client } = setup();
    const store = await openMongoKeyStore({ client: client.asClient(), dbName: 'plenty', masterKey });
    await store.getOrCreate('frank');
    const wrong = await openMongoKeyStore({ client: client.asClient(), dbName: 'plenty', masterKey: randomBytes(32) });
    await expect(wrong.get('frank')).rejects.toThrow();
  });

  it('refuses a master key that is not 32 bytes', async () => {
    const { client } = setup();
    await expect(
      openMongoKeyStore({ client: client.asClient(), dbName: 'plenty', masterKey: randomBytes(16) }),
    ).rejects.toThrow(RangeError);
  });

  it('leaves a client it was given open on close', async () => {
    const { client, open } = setup();
    await (await open()).close();
    expect(client.closed).toBe(false);
  });

  it('recognises the duplicate key error by its server code', () => {
    const duplicate = new MongoServerError({ message: 'E11000 duplicate key error' });
    duplicate.code = 11000;
    const other = new MongoServerError({ message: 'other' });
    other.code = 112;
    expect(isDuplicateKeyError(duplicate)).toBe(true);
    expect(isDuplicateKeyError(other)).toBe(false);
    expect(isDuplicateKeyError(new Error('E11000'))).toBe(false);
  });
});
