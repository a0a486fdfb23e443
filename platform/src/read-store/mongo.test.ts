import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TransactionOptions } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { CHECKPOINTS, collectionName, transactionOptions, type ViewRecord } from './mongo-records.js';
import { openMongoReadStore } from './mongo.js';
import { FakeMongoClient } from './mongo-fake.js';
import { items, query } from './mongo.fixture.js';
import type { FindQuery, ReadStore } from './port.js';
import { readStoreContract } from './read-store.contract.js';
import { openSqliteReadStore } from './sqlite.js';

readStoreContract('MongoDB adapter over an in-memory driver', () =>
  openMongoReadStore({ client: new FakeMongoClient().asClient(), dbName: 'plenty' }),
);

describe('MongoDB read store over the driver', () => {
  async function open(): Promise<{ client: FakeMongoClient; store: ReadStore }> {
    const client = new FakeMongoClient();
    const store = await openMongoReadStore({ client: client.asClient(), dbName: 'plenty' });
    await store.ensureViews([items]);
    return { client, store };
  }

  const records = (client: FakeMongoClient, view = 'items') =>
    client.db('plenty').collection(collectionName(view)).documents() as unknown as ViewRecord[];

  it('creates each view collection with its unique and declared indexes, and the checkpoints collection', async () => {
    const { client } = await open();
    const collection = client.db('plenty').collection('view_items');
    expect(collection.indexes.map((i) => i.name)).toEqual(['userId_id', 'ix_kind_score', 'ix_score']);
    expect(await client.db('plenty').listCollections({ name: CHECKPOINTS }).toArray()).toHaveLength(1);
  });

  it('commits documents and checkpoint in one majority transaction whose every operation carries the session', async () => {
    const { client, store } = await open();
    await store.applyBatch('projector', '1', async (uow) => uow.put('items', 'u', 'd', { kind: 'a', score: 1 }, '1'));
    expect(client.commits).toBe(1);
    expect((client.transactionOptions[0] as TransactionOptions).writeConcern?.w).toBe('majority');
    expect(records(client)[0]).toMatchObject({ _id: { u: 'u', i: 'd' }, userId: 'u', id: 'd', position: '1' });
    expect(await store.getCheckpoint('projector')).toBe('1');
  });

  it('writes the same result once when the transaction is retried after transient errors', async () => {
    const { client, store } = await open();
    client.transientFailures = 2;
    await store.applyBatch('projector', '2', async (uow) => {
      uow.put('items', 'u', 'a', { kind: 'a', score: 1 }, '2');
      uow.purgeUser('other');
    });
    expect(client.commits).toBe(1);
    expect(records(client).map((r) => r.id)).toEqual(['a']);
    expect(await store.getCheckpoint('projector')).toBe('2');
  });

  it('rolls back a purge and all writes when a write in the transaction fails', async () => {
    const { client, store } = await open();
    await store.applyBatch('projector', '1', async (uow) => uow.put('items', 'leaving', 'd', { kind: 'a' }, '1'));
    const collection = client.db('plenty').collection('view_items');
    collection.bulkWrite = async () => {
      throw new Error('disk full');
    };
    await expect(
      store.applyBatch('projector', '2', async (uow) => {
        uow.purgeUser('leaving');
        uow.put('items', 'u', 'x', { kind: 'b' }, '2');
      }),
    ).rejects.toThrow('disk full');
    expect(records(client).map((r) => r.userId)).toEqual(['leaving']);
    expect(await store.getCheckpoint('projector')).toBe('1');
  });

  it('sends no writes for a redelivered batch, only the checkpoint', async () => {
    const { client, store } = await open();
    const batch = async () =>
      store.applyBatch('projector', '3', async (uow) => uow.put('items', 'u', 'd', { kind: 'a', score: 1 }, '3'));
    await batch();
    client.log.length = 0;
    await batch();
    expect(client.log.filter((line) => line.startsWith('bulkWrite'))).toEqual([]);
  });

  it('reads stored position keys in chunks inside the transaction', async () => {
    const { client, store } = await open();
    await store.applyBatch('projector', '1', async (uow) => {
      for (let i = 0; i < 1001; i += 1) uow.put('items', 'u', `d${i}`, { kind: 'a', score: i }, '1');
    });
    expect(client.log.filter((line) => line === 'find view_items')).toHaveLength(2);
    expect(records(client)).toHaveLength(1001);
  });

  it('commits with w: 1 in bulk mode, builds declared indexes of reset views at the end, then makes it durable', async () => {
    const { client, store } = await open();
    const checkpoints = client.db('plenty').collection(CHECKPOINTS);
    const durableWrites: unknown[] = [];
    const updateOne = checkpoints.updateOne.bind(checkpoints);
    checkpoints.updateOne = async (filter, update, options = {}) => {
      if ((options as { writeConcern?: unknown }).writeConcern !== undefined) durableWrites.push(options);
      return updateOne(filter, update, options);
    };
    await store.bulkMode?.(true);
    await store.reset([items], 'projector');
    const collection = client.db('plenty').collection('view_items');
    expect(collection.indexes.map((i) => i.name)).toEqual(['userId_id']);
    await store.applyBatch('projector', '9', async (uow) => uow.put('items', 'u', 'd', { kind: 'a', score: 1 }, '9'));
    expect((client.transactionOptions.at(-1) as TransactionOptions).writeConcern?.w).toBe(1);
    expect(durableWrites).toEqual([]);
    await store.bulkMode?.(false);
    expect(collection.indexes.map((i) => i.name)).toEqual(['userId_id', 'ix_kind_score', 'ix_score']);
    expect(durableWrites).toEqual([{ writeConcern: { w: 'majority', journal: true } }]);
    expect(await store.getCheckpoint('projector')).toBe('9');
  });

  it('chooses durable commits for live views and acknowledged ones for a rebuild', () => {
    expect(transactionOptions(false).writeConcern?.w).toBe('majority');
    expect(transactionOptions(true).writeConcern?.w).toBe(1);
  });

  it('refuses unknown views and fields like the SQLite adapter', async () => {
    const { store } = await open();
    await expect(store.get('nope', 'u', 'd')).rejects.toThrow('unknown view: nope');
    await expect(store.find('nope', query())).rejects.toThrow('unknown view: nope');
    await expect(store.find('items', query({ where: { nope: 1 } }))).rejects.toThrow(
      'not an indexed field of items: nope',
    );
    await expect(store.applyBatch('p', '1', async (uow) => uow.put('nope', 'u', 'd', {}, '1'))).rejects.toThrow(
      'unknown view: nope',
    );
    await expect(
      store.applyBatch('p', '1', async (uow) => void (await uow.findByField('items', 'u', 'nope', 1))),
    ).rejects.toThrow('not an indexed field of items: nope');
  });

  it('leaves a client it was given open on close', async () => {
    const { client, store } = await open();
    await store.close();
    expect(client.closed).toBe(false);
  });
});

describe('MongoDB and SQLite read stores', () => {
  const dir = mkdtempSync(join(tmpdir(), 'plenty-mongo-sqlite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answer the same pages with the same cursors', async () => {
    const sqlite = await openSqliteReadStore({ path: join(dir, `${randomUUID()}.db`) });
    const mongo = await openMongoReadStore({ client: new FakeMongoClient().asClient(), dbName: 'plenty' });
    const docs = Array.from({ length: 17 }, (_, i) => ({
      id: `d${(i * 7) % 17}`,
      kind: i % 3 ? 'a' : 'b',
      score: i % 4,
    }));
    for (const store of [sqlite, mongo]) {
      await store.ensureViews([items]);
      await store.applyBatch('p', '1', async (uow) => {
        for (const doc of docs) uow.put('items', 'u', doc.id, doc, '1');
        uow.remove('items', 'u', 'd3', '1');
      });
    }
    const sorts: FindQuery['sort'][] = [
      [],
      [{ field: 'score', direction: 'desc' }],
      [
        { field: 'kind', direction: 'asc' },
        { field: 'score', direction: 'desc' },
      ],
    ];
    for (const sort of sorts) {
      for (const where of [{}, { kind: 'a' }] as FindQuery['where'][]) {
        let cursor: string | undefined;
        do {
          const q = query({ sort, where, limit: 4, ...(cursor === undefined ? {} : { cursor }) });
          const [a, b] = [await sqlite.find(items.name, q), await mongo.find(items.name, q)];
          expect(b).toEqual(a);
          cursor = a.nextCursor ?? undefined;
        } while (cursor !== undefined);
      }
    }
    await sqlite.close();
    await mongo.close();
  });
});
