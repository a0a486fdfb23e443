import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cachedTokenVerifier } from '@plenty/platform/auth/cached-verifier';
import { createFirebaseTokenVerifier } from '@plenty/platform/auth/firebase-verifier';
import type { TokenVerifier } from '@plenty/platform/auth/port';
import { ConfigError, isLoopbackHost, parseEnv, portSchema } from '@plenty/platform/config';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import { loadMasterKey } from '@plenty/platform/crypto/master-key';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import { installErrorHandling } from '@plenty/platform/http/errors';
import { commandApi } from './app.js';

const envSchema = z.object({
  PORT: portSchema.default(8081),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]{4,40}$/, 'a Firebase project id')
    .default('demo-plenty'),
  /** Set when tokens come from the Firebase Auth emulator (firebase-admin reads it too). */
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[\w.-]+:\d+$/, 'host:port')
    .optional(),
  PLENTY_MASTER_KEY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface CommandServiceConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly projectId: string;
  readonly masterKey: string | undefined;
  readonly logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
}

export function loadCommandServiceConfig(env: NodeJS.ProcessEnv = process.env): CommandServiceConfig {
  const parsed = parseEnv(envSchema, env);
  if (parsed.FIREBASE_AUTH_EMULATOR_HOST !== undefined && !isLoopbackHost(parsed.HOST)) {
    throw new ConfigError(
      `HOST=${parsed.HOST} is not a loopback address, but FIREBASE_AUTH_EMULATOR_HOST is set: the emulator's ` +
        'tokens are unsigned, so the command API then only listens on loopback (127.0.0.1, ::1 or localhost).',
    );
  }
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: resolve(parsed.DATA_DIR),
    projectId: parsed.FIREBASE_PROJECT_ID,
    masterKey: parsed.PLENTY_MASTER_KEY,
    logLevel: parsed.LOG_LEVEL,
  };
}

export interface CommandService {
  readonly app: FastifyInstance;
  close(): Promise<void>;
}

/** The command API on its own, appending to `<dataDir>/events.db` with keys in `keys.db`. */
export async function openCommandService(
  config: CommandServiceConfig,
  overrides: { verifier?: TokenVerifier } = {},
): Promise<CommandService> {
  const masterKey = await loadMasterKey({ envValue: config.masterKey, dataDir: config.dataDir });
  const keyStore = await openSqliteKeyStore({ path: join(config.dataDir, 'keys.db'), masterKey });
  const eventStore = await openSqliteEventStore({ path: join(config.dataDir, 'events.db') });
  const verifier =
    overrides.verifier ?? cachedTokenVerifier(createFirebaseTokenVerifier({ projectId: config.projectId }));

  const app = Fastify({ logger: { level: config.logLevel } });
  installErrorHandling(app);
  await app.register(commandApi, { prefix: '/api/commands', eventStore, codec: new EventCodec(keyStore), verifier });
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async () => ({ status: 'ready', events: { head: await eventStore.headPosition() } }));

  return {
    app,
    async close() {
      await app.close();
      await eventStore.close();
      await keyStore.close();
    },
  };
}
