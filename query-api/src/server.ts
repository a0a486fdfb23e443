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
import { LinkSigner, linkSecretFromMasterKey, linkSecretFromText } from '@plenty/platform/file/signed-link';
import { installErrorHandling } from '@plenty/platform/http/errors';
import { installHealth } from '@plenty/platform/http/health';
import { installOpenApi } from '@plenty/platform/http/openapi';
import { serviceLoggerOptions } from '@plenty/platform/logging';
import { apiCspDirectives, installSecurityHeaders } from '@plenty/platform/http/security-headers';
import { connectMongo } from '@plenty/platform/mongo';
import type { ProjectionProgress } from '@plenty/platform/projection-progress';
import { openMongoReadStore } from '@plenty/platform/read-store/mongo';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { userProgress, userProgressView } from '@plenty/platform/user-progress';
import { queryApi } from './app.js';
import type { EventHistory } from './as-of/replay.js';
import { checkpointProgress } from './checkpoint-progress.js';
import { filesApi } from './file/files.plugin.js';
import type { QueryServiceConfig } from './config.js';
import { quarantineViews } from './quarantine.js';
import { readViews } from './read-views.js';

export { loadQueryServiceConfig, type QueryServiceConfig } from './config.js';

export interface QueryService {
  readonly app: FastifyInstance;
  close(): Promise<void>;
}

interface QueryStores {
  readonly readStore: ReadStore;
  readonly progress: ProjectionProgress;
  /** Receipts, served through signed links. */
  readonly blobs: BlobStore;
  /** The events and data keys, read for the dashboard and reports as of a past day. */
  readonly history: EventHistory;
  close(): Promise<void>;
}

/** The opened stores, closed in the reverse of their opening, then `closeLast` (a shared client). */
function queryStores(
  opened: Omit<QueryStores, 'history' | 'close' | 'progress'> & {
    readonly progress: ProjectionProgress & { close(): void };
    readonly eventStore: EventStore;
    readonly keyStore: KeyStore;
  },
  closeLast: () => Promise<void> = async () => undefined,
): QueryStores {
  const { readStore, progress, blobs, eventStore, keyStore } = opened;
  return {
    readStore,
    progress,
    blobs,
    history: { eventStore, codec: new EventCodec(keyStore) },
    async close() {
      progress.close();
      await blobs.close();
      await eventStore.close();
      await keyStore.close();
      await readStore.close();
      await closeLast();
    },
  };
}

/**
 * Embedded: `<dataDir>/read.db`, which a projector process keeps up to date; how far it got
 * is its checkpoint there. The events and keys are read from the same folder's files.
 */
async function openEmbeddedStores(dataDir: string, masterKey: string | undefined): Promise<QueryStores> {
  const readStore = await openSqliteReadStore({ path: join(dataDir, 'read.db') });
  await readStore.ensureViews([...readViews, ...quarantineViews]);
  const progress = checkpointProgress(readStore);
  const blobs = await openFsBlobStore({ directory: join(dataDir, 'receipts') });
  const keyStore = await openSqliteKeyStore({
    path: join(dataDir, 'keys.db'),
    masterKey: await loadMasterKey({ envValue: masterKey, dataDir }),
  });
  // Only read here; the process that appends checkpoints its log.
  const eventStore = await openSqliteEventStore({ path: join(dataDir, 'events.db'), checkpoints: 'elsewhere' });
  return queryStores({ readStore, progress, blobs, eventStore, keyStore });
}

/**
 * Distributed: the read models in MongoDB, written by projector instances that each own some
 * Kafka partitions; a caller waits for its own events, which all travel in one partition.
 */
async function openDistributedStores(
  stores: Extract<QueryServiceConfig['stores'], { kind: 'distributed' }>,
  masterKey: Buffer,
) {
  const mongo = await connectMongo(stores.mongoUrl);
  try {
    const readStore = await openMongoReadStore({ client: mongo, dbName: stores.mongoDb });
    await readStore.ensureViews([...readViews, ...quarantineViews, userProgressView]);
    const progress = userProgress(readStore);
    const blobs = await openGridFsBlobStore({ client: mongo, dbName: stores.mongoDb });
    const keyStore = await openMongoKeyStore({ client: mongo, dbName: stores.mongoDb, masterKey });
    const eventStore = await openEsdbEventStore({ connectionString: stores.eventStoreUrl });
    return queryStores({ readStore, progress, blobs, eventStore, keyStore }, () => mongo.close());
  } catch (error) {
    await mongo.close();
    throw error;
  }
}

/** The query API on its own: the distributed deployment's service, or embedded apart from the projector. */
export async function openQueryService(
  config: QueryServiceConfig,
  overrides: { verifier?: TokenVerifier } = {},
): Promise<QueryService> {
  const {
    readStore,
    progress,
    blobs,
    history,
    close: closeStores,
  } = config.stores.kind === 'embedded'
    ? await openEmbeddedStores(config.stores.dataDir, config.masterKey)
    : await openDistributedStores(
        config.stores,
        await loadMasterKey({ envValue: config.masterKey, dataDir: config.dataDir }),
      );
  // An erased user is refused here too, within seconds of the erasure on any command instance.
  const verifier = refuseErasedUsers(
    overrides.verifier ?? cachedTokenVerifier(createFirebaseTokenVerifier({ projectId: config.projectId })),
    new ErasureRecord(history.eventStore),
  );

  const app = Fastify({ logger: serviceLoggerOptions(config.logLevel) });
  await installSecurityHeaders(app, { csp: apiCspDirectives });
  installErrorHandling(app);
  await installOpenApi(app, {
    title: 'Plenty query API',
    description: 'The read side: queries of the read models, receipt and export links, and the files they open.',
    docsPage: process.env.NODE_ENV === 'development',
  });
  // Every instance must sign and check links with the same key: the distributed service
  // serves receipts and exports only when given one.
  const secret =
    config.linkSecret !== undefined
      ? linkSecretFromText(config.linkSecret)
      : config.stores.kind === 'embedded' || config.masterKey !== undefined
        ? linkSecretFromMasterKey(await loadMasterKey({ envValue: config.masterKey, dataDir: config.dataDir }))
        : null;
  const links = secret === null ? null : new LinkSigner(secret);
  if (links === null) app.log.warn('no RECEIPT_LINK_SECRET or PLENTY_MASTER_KEY: receipts and export are not served');
  await app.register(queryApi, {
    prefix: '/api/queries',
    readStore,
    verifier,
    progress,
    history,
    ...(links === null ? {} : { files: { blobs, links } }),
  });
  if (links !== null) await app.register(filesApi, { prefix: '/api/files', blobs, links, readStore });
  installHealth(app, 'Ready: the position the projections have reached', async () => ({
    projections: { position: await progress.current() },
  }));

  return {
    app,
    async close() {
      await app.close();
      await closeStores();
    },
  };
}
