import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cachedTokenVerifier } from '@plenty/platform/auth/cached-verifier';
import { createFirebaseTokenVerifier } from '@plenty/platform/auth/firebase-verifier';
import type { TokenVerifier } from '@plenty/platform/auth/port';
import { ConfigError, isLoopbackHost, parseEnv, portSchema } from '@plenty/platform/config';
import { installErrorHandling } from '@plenty/platform/http/errors';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { queryApi } from './app.js';
import { checkpointProgress } from './checkpoint-progress.js';
import { readViews } from './read-views.js';

const envSchema = z.object({
  PORT: portSchema.default(8082),
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface QueryServiceConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly projectId: string;
  readonly logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
}

export function loadQueryServiceConfig(env: NodeJS.ProcessEnv = process.env): QueryServiceConfig {
  const parsed = parseEnv(envSchema, env);
  if (parsed.FIREBASE_AUTH_EMULATOR_HOST !== undefined && !isLoopbackHost(parsed.HOST)) {
    throw new ConfigError(
      `HOST=${parsed.HOST} is not a loopback address, but FIREBASE_AUTH_EMULATOR_HOST is set: the emulator's ` +
        'tokens are unsigned, so the query API then only listens on loopback (127.0.0.1, ::1 or localhost).',
    );
  }
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: resolve(parsed.DATA_DIR),
    projectId: parsed.FIREBASE_PROJECT_ID,
    logLevel: parsed.LOG_LEVEL,
  };
}

export interface QueryService {
  readonly app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * The query API on its own: it reads `<dataDir>/read.db`, which a projector process keeps
 * up to date, and learns how far that projector got from its checkpoint there.
 */
export async function openQueryService(
  config: QueryServiceConfig,
  overrides: { verifier?: TokenVerifier } = {},
): Promise<QueryService> {
  const readStore = await openSqliteReadStore({ path: join(config.dataDir, 'read.db') });
  await readStore.ensureViews(readViews);
  const progress = checkpointProgress(readStore);
  const verifier =
    overrides.verifier ?? cachedTokenVerifier(createFirebaseTokenVerifier({ projectId: config.projectId }));

  const app = Fastify({ logger: { level: config.logLevel } });
  installErrorHandling(app);
  await app.register(queryApi, { prefix: '/api/queries', readStore, verifier, progress });
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async () => ({ status: 'ready', projections: { position: await progress.current() } }));

  return {
    app,
    async close() {
      await app.close();
      progress.close();
      await readStore.close();
    },
  };
}
