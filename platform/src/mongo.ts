import { MongoClient } from 'mongodb';

/**
 * Connects to MongoDB with majority writes and reads, so what a service acknowledged
 * survives a failover, and fails within seconds when the server cannot be reached.
 */
export async function connectMongo(url: string): Promise<MongoClient> {
  const client = new MongoClient(url, {
    appName: 'plenty',
    serverSelectionTimeoutMS: 10_000,
    writeConcern: { w: 'majority' },
    readConcern: { level: 'majority' },
    retryWrites: true,
  });
  await client.connect();
  return client;
}
