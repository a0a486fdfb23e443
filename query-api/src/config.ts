import { resolve } from 'node:path';
import { z } from 'zod';
import { apiEnvShape, type LogLevel, parseEnv, requireLoopbackForEmulator } from '@plenty/platform/config';

/** Every variable the query API reads. */
export const queryEnvSchema = z.object({
  /** DATA_DIR (embedded) or MONGODB_URL (distributed) says where the data lives. */
  ...apiEnvShape(8082),
  /** Signs download links; without it the master key (PLENTY_MASTER_KEY or the data dir's) is used. */
  RECEIPT_LINK_SECRET: z.string().min(32).optional(),
  PLENTY_MASTER_KEY: z.string().optional(),
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
  readonly linkSecret: string | undefined;
  readonly masterKey: string | undefined;
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
    linkSecret: parsed.RECEIPT_LINK_SECRET,
    masterKey: parsed.PLENTY_MASTER_KEY,
  };
}
