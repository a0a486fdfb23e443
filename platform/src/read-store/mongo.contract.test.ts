import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { requireContainers } from '../testing/container-runtime.js';
import { useTestMongo } from '../testing/mongo-container.js';
import type { ViewRecord } from './mongo-records.js';
import type { ViewDefinition } from './port.js';
import { readStoreContract } from './read-store.contract.js';

const runtime = await requireContainers('MongoDB read store and key store contract');
// The driver and the adapters load only when the suite runs, so a skipped suite stays quick.

describe.skipIf(!runtime.available)('MongoDB (testcontainers)', () => {
  const mongo = useTestMongo();

  const openStore = async () =>
    (await import('./mongo.js')).openMongoReadStore({
      client: mongo.client(),
      dbName: `plenty_${randomUUID().slice(0, 8)}`,
    });

  readStoreContract('MongoDB', openStore);

  const view: ViewDefinition = { name: 'race', fields: { kind: 'text' }, indexes: [['kind']] };

  it('creates the declared indexes and the unique (userId, id) index', async () => {
    const { openMongoReadStore } = await import('./mongo.js');
    const { collectionName } = await import('./mongo-records.js');
    const dbName = `plenty_${randomUUID().slice(0, 8)}`;
    const store = await openMongoReadStore({ client: mongo.client(), dbName });
    await store.ensureViews([view]);
    const indexes = await mongo.client().db(dbName).collection(collectionName('race')).listIndexes().toArray();
    expect(indexes.map((i) => i.key as unknown)).toEqual(
      expect.arrayContaining([
        { userId: 1, id: 1 },
        { userId: 1, 'f.kind': 1, id: 1 },
      ]),
    );
    expect(indexes.find((i) => i.name === 'userId_id')?.unique).toBe(true);
    await store.close();
  });

  it('plans the queries on a field most documents leave empty through its partial index', async () => {
    const { openMongoReadStore } = await import('./mongo.js');
    const { buildFindQuery, collectionName } = await import('./mongo-records.js');
    const entries: ViewDefinition = {
      name: 'entries',
      fields: { ruleId: 'text', at: 'text', flag: 'integer' },
      indexes: [['at'], { fields: ['ruleId', 'at'], sparse: true }, { fields: ['flag'], sparse: true }],
    };
    const dbName = `plenty_${randomUUID().slice(0, 8)}`;
    const store = await openMongoReadStore({ client: mongo.client(), dbName });
    await store.ensureViews([entries]);
    await store.applyBatch('p', '1', async (uow) => {
      for (let n = 0; n < 200; n += 1) {
        const doc = {
          ruleId: n % 10 === 0 ? 'r1' : null,
          at: `2026-01-${String((n % 28) + 1).padStart(2, '0')}`,
          flag: n % 50 === 0 ? 1 : null,
        };
        uow.put('entries', 'u', `e${n}`, doc, '1');
      }
    });
    const collection = mongo.client().db(dbName).collection<ViewRecord>(collectionName('entries'));
    const indexes = await collection.listIndexes().toArray();
    expect(indexes.find((i) => i.name === 'ix_ruleId_at')?.partialFilterExpression).toEqual({
      'f.ruleId': { $gte: '' },
    });
    // The winning plan of each query the adapter builds, as the server explains it.
    const indexUsed = async (query: Parameters<typeof buildFindQuery>[1]) => {
      const built = buildFindQuery(entries, query);
      const explained = await collection.find(built.filter).sort(built.sort).limit(built.limit).explain();
      return JSON.stringify((explained['queryPlanner'] as { winningPlan: unknown }).winningPlan);
    };
    const newest = [{ field: 'at', direction: 'desc' as const }];
    expect(await indexUsed({ userId: 'u', where: { ruleId: 'r1' }, sort: newest, limit: 5 })).toContain(
      '"indexName":"ix_ruleId_at"',
    );
    const page = await store.find('entries', { userId: 'u', where: { ruleId: 'r1' }, sort: newest, limit: 5 });
    expect(page.items).toHaveLength(5);
    expect(
      await indexUsed({
        userId: 'u',
        where: { ruleId: 'r1' },
        sort: newest,
        limit: 5,
        cursor: page.nextCursor ?? undefined,
      }),
    ).toContain('"indexName":"ix_ruleId_at"');
    expect(await indexUsed({ userId: 'u', where: { flag: 1 }, sort: [], limit: 1000 })).toContain(
      '"indexName":"ix_flag"',
    );
    await store.close();
  });

  it('keeps the newest write when projectors commit the same document concurrently', async () => {
    const { openMongoReadStore } = await import('./mongo.js');
    const dbName = `plenty_${randomUUID().slice(0, 8)}`;
    const stores = await Promise.all([1, 2, 3].map(() => openMongoReadStore({ client: mongo.client(), dbName })));
    for (const store of stores) await store.ensureViews([view]);
    await Promise.all(
      stores.flatMap((store, s) =>
        [1, 2, 3, 4].map((n) => {
          const position = String(n * 10 + s);
          return store.applyBatch(`projector-${s}`, position, async (uow) => {
            uow.put('race', 'u', 'doc', { kind: `k${position}` }, position);
          });
        }),
      ),
    );
    expect((await stores[0]?.get('race', 'u', 'doc'))?.position).toBe('42');
    for (const store of stores) await store.close();
  });

  it('gives concurrent first uses of a user key the same key', async () => {
    const { openMongoKeyStore } = await import('../crypto/key-store-mongo.js');
    const dbName = `plenty_${randomUUID().slice(0, 8)}`;
    const masterKey = randomBytes(32);
    const stores = await Promise.all(
      [1, 2, 3, 4].map(() => openMongoKeyStore({ client: mongo.client(), dbName, masterKey })),
    );
    const keys = await Promise.all(stores.map((store) => store.getOrCreate('alice')));
    for (const key of keys) expect(key).toEqual(keys[0]);
    await stores[0]?.erase('alice');
    const fresh = await openMongoKeyStore({ client: mongo.client(), dbName, masterKey });
    expect(await fresh.get('alice')).toBeNull();
    for (const store of [...stores, fresh]) await store.close();
  });
});
