import type { MongoClient } from 'mongodb';

/** The MongoDB image the contract suites run against; it starts as a one-node replica set, which transactions need. */
export const MONGO_TEST_IMAGE = 'mongo:8';

/**
 * Starts a one-node replica set with testcontainers and connects to it. The driver and
 * testcontainers load only here, so a suite that is skipped stays quick.
 */
export async function startTestMongo(): Promise<{ client: MongoClient; stop(): Promise<void> }> {
  const { MongoDBContainer } = await import('@testcontainers/mongodb');
  const { MongoClient } = await import('mongodb');
  const container = await new MongoDBContainer(MONGO_TEST_IMAGE).start();
  // The replica set announces the container's own host name; connect to the mapped port directly.
  const client = new MongoClient(container.getConnectionString(), { directConnection: true });
  await client.connect();
  return {
    client,
    async stop() {
      await client.close();
      await container.stop();
    },
  };
}
