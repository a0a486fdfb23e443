import { randomUUID } from 'node:crypto';
import type { MongoClient } from 'mongodb';
import type { StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe } from 'vitest';
import { requireContainers } from '../testing/container-runtime.js';
import { blobStoreContract } from './blob-store.contract.js';

const runtime = await requireContainers('GridFS blob store contract');
// The driver and the adapter load only when the suite runs, so a skipped suite stays quick.

describe.skipIf(!runtime.available)('GridFS (testcontainers)', () => {
  let container: StartedTestContainer | undefined;
  let client: MongoClient;

  beforeAll(async () => {
    const { MongoDBContainer } = await import('@testcontainers/mongodb');
    const { MongoClient } = await import('mongodb');
    const started = await new MongoDBContainer('mongo:8').start();
    container = started;
    client = new MongoClient(started.getConnectionString(), { directConnection: true });
    await client.connect();
  }, 180_000);

  afterAll(async () => {
    await client?.close();
    await container?.stop();
  }, 60_000);

  blobStoreContract('GridFS', async () =>
    (await import('./gridfs.js')).openGridFsBlobStore({ client, dbName: `plenty_${randomUUID().slice(0, 8)}` }),
  );
});
