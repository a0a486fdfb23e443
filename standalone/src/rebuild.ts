import { join, resolve } from 'node:path';
import { z } from 'zod';
import {
  ConfigError,
  eventStoreUrlSchema,
  mongoDbNameSchema,
  mongoUrlSchema,
  parseEnv,
  requireAllOrNone,
} from '@plenty/platform/config';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import { loadMasterKey } from '@plenty/platform/crypto/master-key';
import type { KeyStore } from '@plenty/platform/crypto/port';
import type { EventStore } from '@plenty/platform/event-store/port';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { openReadModelsFile } from '@plenty/platform/read-store/damaged-file';
import { ReadModelsBusyError, takeReadModelsLock, type ReadModelsLock } from '@plenty/platform/read-store/writer-lock';
import { allProjections } from '@plenty/projections/all';
import { parseRebuildArgs, projectionsFor, runRebuildCommand, USAGE, UsageError } from './rebuild-command.js';

const envSchema = z.object({
  DATA_DIR: z.string().min(1).default('./data'),
  PLENTY_MASTER_KEY: z.string().optional(),
  EVENTSTORE_URL: eventStoreUrlSchema,
  MONGODB_URL: mongoUrlSchema,
  MONGODB_DB: mongoDbNameSchema,
});

interface Stores {
  readonly deployment: 'embedded' | 'distributed';
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly keyStore: KeyStore;
  readonly lock: ReadModelsLock | null;
  readonly where: string;
}

/**
 * The stores the command works on. Embedded: the data folder's SQLite files, after taking the
 * read-models lock (a running server holds it, so the command refuses rather than race it).
 * With EVENTSTORE_URL and MONGODB_URL: EventStoreDB into MongoDB.
 */
async function openStores(): Promise<Stores> {
  const env = parseEnv(envSchema);
  const distributed = requireAllOrNone('the rebuild', env, ['EVENTSTORE_URL', 'MONGODB_URL'], ['PLENTY_MASTER_KEY']);
  const dataDir = resolve(env.DATA_DIR);
  if (distributed && env.EVENTSTORE_URL !== undefined && env.MONGODB_URL !== undefined) {
    const masterKey = await loadMasterKey({ envValue: env.PLENTY_MASTER_KEY, dataDir });
    const [{ openEsdbEventStore }, { openMongoReadStore }, { openMongoKeyStore }] = await Promise.all([
      import('@plenty/platform/event-store/esdb'),
      import('@plenty/platform/read-store/mongo'),
      import('@plenty/platform/crypto/key-store-mongo'),
    ]);
    const eventStore = await openEsdbEventStore({ connectionString: env.EVENTSTORE_URL });
    const readStore = await openMongoReadStore({ url: env.MONGODB_URL, dbName: env.MONGODB_DB });
    const keyStore = await openMongoKeyStore({ url: env.MONGODB_URL, dbName: env.MONGODB_DB, masterKey });
    return {
      deployment: 'distributed',
      eventStore,
      readStore,
      keyStore,
      lock: null,
      where: `${env.EVENTSTORE_URL} into MongoDB ${env.MONGODB_DB}`,
    };
  }
  const lock = takeReadModelsLock(dataDir, 'npm run rebuild');
  try {
    const masterKey = await loadMasterKey({ envValue: env.PLENTY_MASTER_KEY, dataDir });
    const keyStore = await openSqliteKeyStore({ path: join(dataDir, 'keys.db'), masterKey });
    const eventStore = await openSqliteEventStore({ path: join(dataDir, 'events.db') });
    const { readStore, setAside, discarded } = await openReadModelsFile(join(dataDir, 'read.db'));
    if (setAside !== null) process.stderr.write(`read.db was damaged; it was set aside as ${setAside}.\n`);
    if (discarded) process.stderr.write('read.db was left unfinished by a rebuild that stopped; it was discarded.\n');
    return { deployment: 'embedded', eventStore, readStore, keyStore, lock, where: join(dataDir, 'events.db') };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** `npm run rebuild [-- --view <name>] [--check]`. */
async function main(argv: readonly string[]): Promise<number> {
  let args;
  try {
    args = parseRebuildArgs(argv);
    // An unknown view is refused before anything is opened or created.
    projectionsFor(allProjections, args.view);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n${USAGE}`);
    return 2;
  }
  let stores: Stores;
  try {
    stores = await openStores();
  } catch (error) {
    if (!(error instanceof ReadModelsBusyError)) throw error;
    process.stderr.write(
      `The read models are in use: ${error.message}.\nStop the server (npm start) or the projector first, then run the rebuild again.\n`,
    );
    return 1;
  }
  try {
    process.stdout.write(`Replaying ${stores.where}\n`);
    if (stores.deployment === 'distributed') {
      process.stdout.write('The projector instances must be stopped (or idle and caught up) while this runs.\n');
    }
    return await runRebuildCommand({
      args,
      deployment: stores.deployment,
      eventStore: stores.eventStore,
      readStore: stores.readStore,
      codec: new EventCodec(stores.keyStore),
      projections: allProjections,
      write: (text) => process.stdout.write(text),
      interactive: process.stdout.isTTY,
    });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 2;
  } finally {
    await Promise.all([stores.readStore.close(), stores.eventStore.close(), stores.keyStore.close()]);
    stores.lock?.release();
  }
}

// Arguments after `npm run rebuild --`; the launcher's own `--rebuild` is not one of them.
main(process.argv.slice(2).filter((arg) => arg !== '--rebuild')).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `Rebuild failed: ${error instanceof ConfigError || !(error instanceof Error) ? String(error) : (error.stack ?? error.message)}\n`,
    );
    process.exit(1);
  },
);
