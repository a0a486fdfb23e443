import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { LOG_LEVELS, type LogLevel } from '@plenty/platform/config';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import { loadMasterKey } from '@plenty/platform/crypto/master-key';
import { errorForLog } from '@plenty/platform/logging';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import { openReadModelsFile } from '@plenty/platform/read-store/damaged-file';
import { takeReadModelsLock } from '@plenty/platform/read-store/writer-lock';
import type { ProjectorServiceConfig } from './config.js';
import { allProjections } from '@plenty/projections/all';
import { openNotifications } from './notifications/setup.js';
import { createProjector } from './runtime.js';
import type { Projector, ProjectorLogger } from './runtime-api.js';
import { readModelsReadiness } from './runtime-status.js';

export { loadProjectorServiceConfig, type ProjectorServiceConfig } from './config.js';

/** One JSON object a line on stdout, as the services' pino logs are; errors scrubbed as theirs. */
export function jsonLogger(level: LogLevel): ProjectorLogger {
  const rank = (l: string) => LOG_LEVELS.indexOf(l as LogLevel);
  const line = (name: 'info' | 'error') => (obj: object, msg?: string) => {
    if (level === 'silent' || rank(name) > rank(level)) return;
    const fields = Object.fromEntries(
      Object.entries(obj).map(([key, value]) => (value instanceof Error ? [key, errorForLog(value)] : [key, value])),
    );
    process.stdout.write(`${JSON.stringify({ level: name, time: new Date().toISOString(), ...fields, msg })}\n`);
  };
  return { info: line('info'), error: line('error') };
}

export interface ProjectorService {
  readonly projector: Projector;
  /** Where the health endpoints listen. */
  readonly url: string;
  close(): Promise<void>;
}

/** Events written by the command API's process are seen by polling the file this often. */
const POLL_INTERVAL_MS = 100;

/**
 * The projector on its own: tails `<dataDir>/events.db` into `<dataDir>/read.db`, and
 * answers `/healthz` (alive) and `/readyz` (503 once stopped on a failure that is no user's
 * event, such as a store that fails; 200 while views are rebuilt, naming them with their
 * progress, and while users are quarantined, with their count).
 */
export async function openProjectorService(
  config: ProjectorServiceConfig,
  logger: ProjectorLogger = jsonLogger(config.logLevel),
): Promise<ProjectorService> {
  const lock = takeReadModelsLock(config.dataDir, 'the projector');
  const masterKey = await loadMasterKey({ envValue: config.masterKey, dataDir: config.dataDir }).catch(
    (error: unknown) => {
      lock.release();
      throw error;
    },
  );
  const keyStore = await openSqliteKeyStore({ path: join(config.dataDir, 'keys.db'), masterKey });
  const eventStore = await openSqliteEventStore({ path: join(config.dataDir, 'events.db') });
  // The one writer of read.db (its lock is held): documents are kept across batches.
  // A file a rebuild left unfinished is discarded, a damaged one set aside: views rebuilt from the events.
  const { readStore } = await openReadModelsFile(join(config.dataDir, 'read.db'), new Date(), { documentCache: true });
  const notifications = openNotifications(config.notifications, { eventStore, readStore }, logger);
  const projector = createProjector({
    eventStore,
    readStore,
    codec: new EventCodec(keyStore),
    projections: allProjections,
    batchSize: config.batchSize,
    pollIntervalMs: POLL_INTERVAL_MS,
    logger,
    afterBatch: notifications.afterBatch,
  });
  await projector.start();
  notifications.weeklyReports.start();
  notifications.reminders.start();

  const health = await serveHealth(config, logger, async () => {
    const [position, head] = await Promise.all([projector.current(), eventStore.headPosition()]);
    const ready = projector.isHealthy();
    return {
      ready,
      body: {
        status: ready ? 'ready' : 'degraded',
        projections: { position, head, ...readModelsReadiness(projector.status(), projector.quarantinedUsers()) },
      },
    };
  });

  return {
    projector,
    url: health.url,
    async close() {
      await health.close();
      await projector.stop();
      await notifications.close();
      await Promise.all([readStore.close(), eventStore.close(), keyStore.close()]);
      lock.release();
    },
  };
}

/**
 * Answers `/healthz` (alive) and `/readyz` (200 when ready, 503 otherwise) on the configured
 * port; the projector serves nothing else.
 */
export async function serveHealth(
  config: { port: number; host: string },
  logger: ProjectorLogger,
  readiness: () => Promise<{ ready: boolean; body: object }>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const answer = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    };
    if (request.method !== 'GET') return answer(404, { error: { code: 'not_found', message: 'Not found.' } });
    if (request.url === '/healthz') return answer(200, { status: 'ok' });
    if (request.url !== '/readyz') return answer(404, { error: { code: 'not_found', message: 'Not found.' } });
    void readiness().then(
      ({ ready, body }) => answer(ready ? 200 : 503, body),
      () => answer(503, { status: 'degraded' }),
    );
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(config.port, config.host, done);
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  const url = `http://${host}:${port}`;
  logger.info({ url }, 'projector started');
  return { url, close: () => new Promise<void>((done) => server.close(() => done())) };
}
