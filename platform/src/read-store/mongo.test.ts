import { openMongoReadStore } from './mongo.js';
import { FakeMongoClient } from './mongo-fake.js';
import { readStoreContract } from './read-store.contract.js';

readStoreContract('MongoDB adapter over an in-memory driver', () =>
  openMongoReadStore({ client: new FakeMongoClient().asClient(), dbName: 'plenty' }),
);
