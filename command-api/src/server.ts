import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { cachedTokenVerifier } from '@plenty/platform/auth/cached-verifier';
import { ErasureRecord, refuseErasedUsers } from '@plenty/platform/auth/erased-users';
import { createFirebaseTokenVerifier } from '@plenty/platform/auth/firebase-verifier';
import type { TokenVerifier } from '@plenty/platform/auth/port';
import { openFsBlobStore } from '@plenty/platform/blob-store/fs';
import { openGridFsBlobStore } from '@plenty/platform/blob-store/gridfs';
import type { BlobStore } from '@plenty/platform/blob-store/port';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openMongoKeyStore } from '@plenty/platform/crypto/key-store-mongo';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import type { KeyStore } from '@plenty/platform/crypto/port';
import { loadMasterKey } from '@plenty/platform/crypto/master-key';
import { openEsdbEventStore } from '@plenty/platform/event-store/esdb';
import type { EventStore } from '@plenty/platform/event-store/port';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import { connectMongo } from '@plenty/platform/mongo';
import { installErrorHandling } from '@plenty/platform/http/errors';
import { installHealth } from '@plenty/platform/http/health';
import { installOpenApi } from '@plenty/platform/http/openapi';
import { apiCspDirectives, installSecurityHeaders } from '@plenty/platform/http/security-headers';
import { firebaseIdentityProviderAdmin } from '@plenty/platform/auth/identity-admin';
import { firebaseUserDirectory } from '@plenty/platform/auth/user-directory';
import { serviceLoggerOptions } from '@plenty/platform/logging';
import { createMailer } from '@plenty/platform/mail/create';
import { firebaseIdentityAdmin } from './account/firebase-identity.js';
import type { IdentityAdmin } from './account/erasure.js';
import { commandApi } from './app.js';
import { identityCommands } from './identity/identity.plugin.js';
import { receiptsApi } from './receipt/receipts.plugin.js';
import type { CommandServiceConfig } from './config.js';

export { loadCommandServiceConfig, type CommandServiceConfig } from './config.js';

export interface CommandService {
  readonly app: FastifyInstance;
  close(): Promise<void>;
}

interface CommandStores {
  readonly eventStore: EventStore;
  readonly keyStore: KeyStore;
  /** Receipts, which account erasure deletes. */
  readonly blobStore: BlobStore;
  close(): Promise<void>;
}

/** The stores, closed in order: the event store, the key store, then what holds the rest. */
function closingInOrder(stores: Omit<CommandStores, 'close'>, closeRest: () => Promise<void>): CommandStores {
  return {
    ...stores,
    async close() {
      await stores.eventStore.close();
      await stores.keyStore.close();
      await closeRest();
    },
  };
}

/** Embedded: events in `<dataDir>/events.db`, data keys in `keys.db`, receipts in `receipts/`. */
async function openEmbeddedStores(dataDir: string, masterKey: Buffer): Promise<CommandStores> {
  const keyStore = await openSqliteKeyStore({ path: join(dataDir, 'keys.db'), masterKey });
  const eventStore = await openSqliteEventStore({ path: join(dataDir, 'events.db') });
  const blobStore = await openFsBlobStore({ directory: join(dataDir, 'receipts') });
  return closingInOrder({ eventStore, keyStore, blobStore }, () => blobStore.close());
}

/** Distributed: events in EventStoreDB, data keys in MongoDB. */
async function openDistributedStores(
  stores: Extract<CommandServiceConfig['stores'], { kind: 'distributed' }>,
  masterKey: Buffer,
): Promise<CommandStores> {
  const mongo = await connectMongo(stores.mongoUrl);
  try {
    const keyStore = await openMongoKeyStore({ client: mongo, dbName: stores.mongoDb, masterKey });
    const eventStore = await openEsdbEventStore({ connectionString: stores.eventStoreUrl });
    const blobStore = await openGridFsBlobStore({ client: mongo, dbName: stores.mongoDb });
    return closingInOrder({ eventStore, keyStore, blobStore }, () => mongo.close());
  } catch (error) {
    await mongo.close();
    throw error;
  }
}

/** The command API on its own (the distributed deployment's service, or embedded apart from the rest). */
export async function openCommandService(
  config: CommandServiceConfig,
  overrides: { verifier?: TokenVerifier; identity?: IdentityAdmin } = {},
): Promise<CommandService> {
  const masterKey = await loadMasterKey({ envValue: config.masterKey, dataDir: config.dataDir });
  const {
    eventStore,
    keyStore,
    blobStore,
    close: closeStores,
  } = config.stores.kind === 'embedded'
    ? await openEmbeddedStores(config.stores.dataDir, masterKey)
    : await openDistributedStores(config.stores, masterKey);
  // Each instance reads the erasure record, so a user erased through any instance is refused
  // by all of them within seconds, whatever tokens their caches hold.
  const erasedUsers = new ErasureRecord(eventStore);
  const verifier = refuseErasedUsers(
    overrides.verifier ?? cachedTokenVerifier(createFirebaseTokenVerifier({ projectId: config.projectId })),
    erasedUsers,
  );

  const app = Fastify({ logger: serviceLoggerOptions(config.logLevel), trustProxy: config.trustProxy });
  const mailer = createMailer(config.mail, app.log);
  const codec = new EventCodec(keyStore);
  await installSecurityHeaders(app, { csp: apiCspDirectives });
  installErrorHandling(app);
  await installOpenApi(app, {
    title: 'Plenty command API',
    description: 'The write side: commands, receipt uploads and the account commands.',
    docsPage: process.env.NODE_ENV === 'development',
  });
  await app.register(commandApi, {
    prefix: '/api/commands',
    eventStore,
    codec,
    verifier,
    commandsPerMinutePerUser: config.commandsPerMinutePerUser,
    account: {
      keys: keyStore,
      blobs: blobStore,
      identity: overrides.identity ?? firebaseIdentityAdmin(config.projectId),
      users: firebaseUserDirectory({ projectId: config.projectId }),
      mail: mailer,
    },
    erasedUsers,
  });
  await app.register(receiptsApi, { prefix: '/api/receipts', verifier, blobs: blobStore });
  await app.register(identityCommands, {
    prefix: '/api/commands',
    eventStore,
    codec,
    verifier,
    identity: firebaseIdentityProviderAdmin({ projectId: config.projectId }),
    mailer,
    appOrigin: config.appOrigin,
  });
  installHealth(app, 'Ready: the head of the event log', async () => ({
    events: { head: await eventStore.headPosition() },
  }));

  return {
    app,
    async close() {
      await app.close();
      await mailer.close();
      await closeStores();
    },
  };
}
