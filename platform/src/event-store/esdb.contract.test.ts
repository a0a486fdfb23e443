import type { StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe } from 'vitest';
import { requireContainers } from '../testing/container-runtime.js';
import { eventStoreContract } from './event-store.contract.js';

const runtime = await requireContainers('EventStoreDB event store contract');
// The client and the adapter load only when the suite runs, so a skipped suite stays quick.

/** A single insecure in-memory node: for tests only. */
const IMAGE = 'eventstore/eventstore:24.10';
const PORT = 2113;

describe.skipIf(!runtime.available)('EventStoreDB (testcontainers)', () => {
  let container: StartedTestContainer | undefined;
  let connectionString = '';

  beforeAll(async () => {
    const { GenericContainer, Wait } = await import('testcontainers');
    container = await new GenericContainer(IMAGE)
      .withEnvironment({
        EVENTSTORE_INSECURE: 'true',
        EVENTSTORE_CLUSTER_SIZE: '1',
        EVENTSTORE_RUN_PROJECTIONS: 'None',
        EVENTSTORE_START_STANDARD_PROJECTIONS: 'false',
        EVENTSTORE_MEM_DB: 'true',
      })
      .withExposedPorts(PORT)
      .withWaitStrategy(Wait.forHttp('/health/live', PORT).forStatusCodeMatching((code) => code >= 200 && code < 300))
      .withStartupTimeout(120_000)
      .start();
    connectionString = `esdb://${container.getHost()}:${container.getMappedPort(PORT)}?tls=false`;
  }, 180_000);

  afterAll(async () => {
    await container?.stop();
  }, 60_000);

  // EventStoreDB deduplicates event ids within a stream only (see esdb.ts).
  eventStoreContract('EventStoreDB', async () => (await import('./esdb.js')).openEsdbEventStore({ connectionString }), {
    globallyUniqueEventIds: false,
  });
});
