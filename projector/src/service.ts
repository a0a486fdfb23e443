import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { parseEnv, portSchema } from '@plenty/platform/config';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import { loadMasterKey } from '@plenty/platform/crypto/master-key';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { allProjections } from './projections/all.js';
import { createProjector, type Projector, type ProjectorLogger } from './runtime.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  /** Port of the health endpoints; the projector serves nothing else. */
  PORT: portSchema.default(8083),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  PLENTY_MASTER_KEY: z.string().optional(),
  PROJECTOR_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
});

export interface ProjectorServiceConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly masterKey: string | undefined;
  readonly batchSize: number;
  readonly logLevel: (typeof LOG_LEVELS)[number];
}

export function loadProjectorServiceConfig(env: NodeJS.ProcessEnv = process.env): ProjectorServiceConfig {
  const parsed = parseEnv(envSchema, env);
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: resolve(parsed.DATA_DIR),
    masterKey: parsed.PLENTY_MASTER_KEY,
    batchSize: parsed.PROJECTOR_BATCH_SIZE,
    logLevel: parsed.LOG_LEVEL,
  };
}

/** One JSON object a line on stdout, as the services' pino logs are. */
export function jsonLogger(level: ProjectorServiceConfig['logLevel']): ProjectorLogger {
  const rank = (l: string) => LOG_LEVELS.indexOf(l as (typeof LOG_LEVELS)[number]);
  const line = (name: 'info' | 'error') => (obj: object, msg?: string) => {
    if (level === 'silent' || rank(name) > rank(level)) return;
    const fields = Object.fromEntries(
      Object.entries(obj).map(([key, value]) =>
        value instanceof Error ? [key, { type: value.name, message: value.message, stack: value.stack }] : [key, value],
      ),
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
 * answers `/healthz` (alive) and `/readyz` (503 once stopped on an event it cannot apply).
 */
export async function openProjectorService(
  config: ProjectorServiceConfig,
  logger: ProjectorLogger = jsonLogger(config.logLevel),
): Promise<ProjectorService> {
  const masterKey = await loadMasterKey({ envValue: config.masterKey, dataDir: config.dataDir });
  const keyStore = await openSqliteKeyStore({ path: join(config.dataDir, 'keys.db'), masterKey });
  const eventStore = await openSqliteEventStore({ path: join(config.dataDir, 'events.db') });
  const readStore = await openSqliteReadStore({ path: join(config.dataDir, 'read.db') });
  const projector = createProjector({
    eventStore,
    readStore,
    codec: new EventCodec(keyStore),
    projections: allProjections,
    batchSize: config.batchSize,
    pollIntervalMs: POLL_INTERVAL_MS,
    logger,
  });
  await projector.start();

  const server = createServer((request, response) => {
    const answer = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    };
    if (request.method !== 'GET') return answer(404, { error: { code: 'not_found', message: 'Not found.' } });
    if (request.url === '/healthz') return answer(200, { status: 'ok' });
    if (request.url !== '/readyz') return answer(404, { error: { code: 'not_found', message: 'Not found.' } });
    void Promise.all([projector.current(), eventStore.headPosition()]).then(
      ([position, head]) => {
        const ready = projector.isHealthy();
        answer(ready ? 200 : 503, { status: ready ? 'ready' : 'degraded', projections: { position, head } });
      },
      () => answer(503, { status: 'degraded' }),
    );
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(config.port, config.host, done);
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  logger.info({ url: `http://${host}:${port}` }, 'projector started');

  return {
    projector,
    url: `http://${host}:${port}`,
    async close() {
      await new Promise<void>((done) => server.close(() => done()));
      await projector.stop();
      await Promise.all([readStore.close(), eventStore.close(), keyStore.close()]);
    },
  };
}
