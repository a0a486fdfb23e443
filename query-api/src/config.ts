import { z } from 'zod';
import {
  apiEnvShape,
  apiServiceBasics,
  eventStoreUrlSchema,
  type LogLevel,
  parseEnv,
  type DistributedServers,
  type ServiceStores,
} from '@plenty/platform/config';

/** Every variable the query API reads. */
export const queryEnvSchema = z.object({
  /** DATA_DIR (embedded) or MONGODB_URL (distributed) says where the data lives. */
  ...apiEnvShape(8082),
  /** Signs download links; without it the master key (PLENTY_MASTER_KEY or the data dir's) is used. */
  RECEIPT_LINK_SECRET: z.string().min(32).optional(),
  PLENTY_MASTER_KEY: z.string().optional(),
  /** Distributed: the event store, read (with the data keys) for the dashboard and reports as of a past day. */
  EVENTSTORE_URL: eventStoreUrlSchema,
});

/**
 * Distributed, the event store is read for point-in-time views; the data keys come from MongoDB,
 * opened with the master key.
 */
export type QueryStores = ServiceStores<DistributedServers>;

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
  const basics = apiServiceBasics('the query API', parsed);
  return {
    ...basics,
    projectId: parsed.FIREBASE_PROJECT_ID,
    logLevel: parsed.LOG_LEVEL,
    linkSecret: parsed.RECEIPT_LINK_SECRET,
    masterKey: parsed.PLENTY_MASTER_KEY,
  };
}
