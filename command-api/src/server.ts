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
import { openMongoReadStore } from '@plenty/platform/read-store/mongo';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
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
import type { ImportRowsService } from './import/import-rows.routes.js';
import { registerDataRoutes } from './data-routes.js';
import { LinkSigner, linkSecretFromMasterKey, linkSecretFromText } from '@plenty/platform/file/signed-link';
import { RecurringPoster, posterReadViews } from './recurring/poster.js';
import type { RecurringPosting } from './recurring/posting.js';
import type { CommandServiceConfig } from './config.js';

export { loadCommandServiceConfig, type CommandServiceConfig } from './config.js';

export interface CommandService {
  readonly app: FastifyInstance;
  /** Posts the due occurrences of `auto` recurring rules (RECURRING_INTERVAL_MS). */
  readonly recurringPoster: RecurringPoster;
  close(): Promise<void>;
}

interface CommandStores {
  readonly eventStore: EventStore;
  readonly keyStore: KeyStore;
  /** Receipts, which account erasure deletes. */
  readonly blobStore: BlobStore;
  /**
   * The read models the projectors write, read only by the recurring poster (the rules due, the
   * rules, the users' time zones): registered here with the poster's own view definitions.
   */
  readonly readStore: ReadStore;
  close(): Promise<void>;
}

/** The stores, closed in order: the event store, the key store, then what holds the rest. */
function closingInOrder(stores: Omit<CommandStores, 'close'>, closeRest: () => Promise<void>): CommandStores {
  return {
    ...stores,
    async close() {
      await stores.eventStore.close();
      await stores.keyStore.close();
      await stores.readStore.close();
      await closeRest();
    },
  };
}

/**
 * Embedded: events in `<dataDir>/events.db`, data keys in `keys.db`, receipts in `receipts/`;
 * the read models a projector process keeps in `read.db`.
 */
async function openEmbeddedStores(dataDir: string, masterKey: Buffer): Promise<CommandStores> {
  const keyStore = await openSqliteKeyStore({ path: join(dataDir, 'keys.db'), masterKey });
  const eventStore = await openSqliteEventStore({ path: join(dataDir, 'events.db') });
  const blobStore = await openFsBlobStore({ directory: join(dataDir, 'receipts') });
  const readStore = await openSqliteReadStore({ path: join(dataDir, 'read.db') });
  await readStore.ensureViews(posterReadViews);
  return closingInOrder({ eventStore, keyStore, blobStore, readStore }, () => blobStore.close());
}

/** Distributed: events in EventStoreDB, data keys (and the read models the poster reads) in MongoDB. */
async function openDistributedStores(
  stores: Extract<CommandServiceConfig['stores'], { kind: 'distributed' }>,
  masterKey: Buffer,
): Promise<CommandStores> {
  const mongo = await connectMongo(stores.mongoUrl);
  try {
    const keyStore = await openMongoKeyStore({ client: mongo, dbName: stores.mongoDb, masterKey });
    const eventStore = await openEsdbEventStore({ connectionString: stores.eventStoreUrl });
    const blobStore = await openGridFsBlobStore({ client: mongo, dbName: stores.mongoDb });
    const readStore = await openMongoReadStore({ client: mongo, dbName: stores.mongoDb });
    await readStore.ensureViews(posterReadViews);
    return closingInOrder({ eventStore, keyStore, blobStore, readStore }, () => mongo.close());
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
    readStore,
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
  let posting: RecurringPosting | null = null;
  let importRows: ImportRowsService | null = null;
  await app.register(commandApi, {
    prefix: '/api/commands',
    eventStore,
    codec,
    verifier,
    recurringPosting: (bound) => {
      posting = bound;
    },
    importRows: (bound) => {
      importRows = bound;
    },
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
  await registerDataRoutes(app, {
    eventStore,
    codec,
    verifier,
    erasedUsers,
    blobs: blobStore,
    links: new LinkSigner(
      config.linkSecret === undefined ? linkSecretFromMasterKey(masterKey) : linkSecretFromText(config.linkSecret),
    ),
    importRows,
    requestsPerMinutePerUser: config.commandsPerMinutePerUser,
  });
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
  if (posting === null) throw new Error('the command API did not hand over its recurring posting');
  // Every instance may post: an occurrence's transaction stream opens once, whoever appends it.
  const recurringPoster = new RecurringPoster({
    readStore,
    posting,
    erasedUsers,
    logger: app.log,
    intervalMs: config.recurringIntervalMs,
  });
  recurringPoster.start();

  return {
    app,
    recurringPoster,
    async close() {
      await recurringPoster.stop();
      await app.close();
      await mailer.close();
      await closeStores();
    },
  };
}
