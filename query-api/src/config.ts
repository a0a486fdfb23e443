import { resolve } from 'node:path';
import { z } from 'zod';
import {
  emulatorHostSchema,
  emulatorOnNetworkSchema,
  firebaseProjectIdSchema,
  logLevelSchema,
  mongoDbNameSchema,
  mongoUrlSchema,
  parseEnv,
  portSchema,
  requireLoopbackForEmulator,
  type LogLevel,
} from '@plenty/platform/config';

/** Every variable the query API reads. */
export const queryEnvSchema = z.object({
  PORT: portSchema.default(8082),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Embedded: where read.db lives. */
  DATA_DIR: z.string().min(1).default('./data'),
  FIREBASE_PROJECT_ID: firebaseProjectIdSchema,
  FIREBASE_AUTH_EMULATOR_HOST: emulatorHostSchema,
  PLENTY_EMULATOR_ON_NETWORK: emulatorOnNetworkSchema,
  /** Distributed: the read models. */
  MONGODB_URL: mongoUrlSchema,
  MONGODB_DB: mongoDbNameSchema,
  LOG_LEVEL: logLevelSchema,
});

export type QueryStores =
  | { readonly kind: 'embedded'; readonly dataDir: string }
  | { readonly kind: 'distributed'; readonly mongoUrl: string; readonly mongoDb: string };

export interface QueryServiceConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly stores: QueryStores;
  readonly projectId: string;
  readonly logLevel: LogLevel;
}

export function loadQueryServiceConfig(env: NodeJS.ProcessEnv = process.env): QueryServiceConfig {
  const parsed = parseEnv(queryEnvSchema, env);
  requireLoopbackForEmulator('the query API', parsed);
  const dataDir = resolve(parsed.DATA_DIR);
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir,
    stores:
      parsed.MONGODB_URL === undefined
        ? { kind: 'embedded', dataDir }
        : { kind: 'distributed', mongoUrl: parsed.MONGODB_URL, mongoDb: parsed.MONGODB_DB },
    projectId: parsed.FIREBASE_PROJECT_ID,
    logLevel: parsed.LOG_LEVEL,
  };
}
