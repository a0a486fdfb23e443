import { resolve } from 'node:path';
import { z } from 'zod';
import {
  emulatorHostSchema,
  emulatorOnNetworkSchema,
  eventStoreUrlSchema,
  firebaseProjectIdSchema,
  logLevelSchema,
  mongoDbNameSchema,
  mongoUrlSchema,
  parseEnv,
  portSchema,
  requireAllOrNone,
  requireLoopbackForEmulator,
  type LogLevel,
} from '@plenty/platform/config';

/** Every variable the command API reads. */
export const commandEnvSchema = z.object({
  PORT: portSchema.default(8081),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Embedded: where events.db, keys.db and master.key live. */
  DATA_DIR: z.string().min(1).default('./data'),
  FIREBASE_PROJECT_ID: firebaseProjectIdSchema,
  FIREBASE_AUTH_EMULATOR_HOST: emulatorHostSchema,
  PLENTY_EMULATOR_ON_NETWORK: emulatorOnNetworkSchema,
  /** 32 bytes in base64; wraps every user's data key. Required when distributed. */
  PLENTY_MASTER_KEY: z.string().optional(),
  /** Distributed: the event store. */
  EVENTSTORE_URL: eventStoreUrlSchema,
  /** Distributed: where the users' data keys live. */
  MONGODB_URL: mongoUrlSchema,
  MONGODB_DB: mongoDbNameSchema,
  LOG_LEVEL: logLevelSchema,
});

export type CommandStores =
  | { readonly kind: 'embedded'; readonly dataDir: string }
  | {
      readonly kind: 'distributed';
      readonly eventStoreUrl: string;
      readonly mongoUrl: string;
      readonly mongoDb: string;
    };

export interface CommandServiceConfig {
  readonly port: number;
  readonly host: string;
  /** Embedded: the data folder; distributed: unused. */
  readonly dataDir: string;
  readonly stores: CommandStores;
  readonly projectId: string;
  readonly masterKey: string | undefined;
  readonly logLevel: LogLevel;
}

export function loadCommandServiceConfig(env: NodeJS.ProcessEnv = process.env): CommandServiceConfig {
  const parsed = parseEnv(commandEnvSchema, env);
  requireLoopbackForEmulator('the command API', parsed);
  const distributed = requireAllOrNone(
    'the command API',
    parsed,
    ['EVENTSTORE_URL', 'MONGODB_URL'],
    ['PLENTY_MASTER_KEY'],
  );
  const dataDir = resolve(parsed.DATA_DIR);
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir,
    stores:
      distributed && parsed.EVENTSTORE_URL !== undefined && parsed.MONGODB_URL !== undefined
        ? {
            kind: 'distributed',
            eventStoreUrl: parsed.EVENTSTORE_URL,
            mongoUrl: parsed.MONGODB_URL,
            mongoDb: parsed.MONGODB_DB,
          }
        : { kind: 'embedded', dataDir },
    projectId: parsed.FIREBASE_PROJECT_ID,
    masterKey: parsed.PLENTY_MASTER_KEY,
    logLevel: parsed.LOG_LEVEL,
  };
}
