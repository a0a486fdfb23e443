import { randomUUID } from 'node:crypto';
import type { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe } from 'vitest';
import { requireContainers } from '../testing/container-runtime.js';
import { startTestMongo } from '../testing/mongo-container.js';
import { blobStoreContract } from './blob-store.contract.js';

const runtime = await requireContainers('GridFS blob store contract');
// The driver and the adapter load only when the suite runs, so a skipped suite stays quick.

describe.skipIf(!runtime.available)('GridFS (testcontainers)', () => {
  let mongo: Awaited<ReturnType<typeof startTestMongo>> | undefined;
  let client: MongoClient;

  beforeAll(async () => {
    mongo = await startTestMongo();
    client = mongo.client;
  }, 180_000);

  afterAll(async () => {
    await mongo?.stop();
  }, 60_000);

  blobStoreContract('GridFS', async () =>
    (await import('./gridfs.js')).openGridFsBlobStore({ client, dbName: `plenty_${randomUUID().slice(0, 8)}` }),
  );
});
