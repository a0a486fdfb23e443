import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { requireContainers } from '../testing/container-runtime.js';
import { useTestMongo } from '../testing/mongo-container.js';
import { blobStoreContract } from './blob-store.contract.js';

const runtime = await requireContainers('GridFS blob store contract');
// The driver and the adapter load only when the suite runs, so a skipped suite stays quick.

describe.skipIf(!runtime.available)('GridFS (testcontainers)', () => {
  const mongo = useTestMongo();

  blobStoreContract('GridFS', async () =>
    (await import('./gridfs.js')).openGridFsBlobStore({
      client: mongo.client(),
      dbName: `plenty_${randomUUID().slice(0, 8)}`,
    }),
  );
});
