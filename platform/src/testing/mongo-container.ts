import type { MongoClient } from 'mongodb';
import { afterAll, beforeAll } from 'vitest';

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

/**
 * For the suite it is called in: starts MongoDB before the suite's tests and stops it after them.
 * `client()` is the connected client, once the suite runs.
 */
export function useTestMongo(): { client(): MongoClient } {
  let mongo: Awaited<ReturnType<typeof startTestMongo>> | undefined;
  beforeAll(async () => {
    mongo = await startTestMongo();
  }, 180_000);
  afterAll(async () => {
    await mongo?.stop();
  }, 60_000);
  return {
    client() {
      if (mongo === undefined) throw new Error('MongoDB has not started');
      return mongo.client;
    },
  };
}
