import { z } from 'zod';
import {
  apiEnvShape,
  apiServiceBasics,
  eventStoreUrlSchema,
  flagSchema,
  type LogLevel,
  mailConfig,
  mailEnvShape,
  type MailConfig,
  parseEnv,
  type DistributedServers,
  type ServiceStores,
} from '@plenty/platform/config';

/** Every variable the command API reads. */
export const commandEnvSchema = z.object({
  /** DATA_DIR (embedded) or MONGODB_URL (distributed) says where the data lives. */
  ...apiEnvShape(8081),
  /** 32 bytes in base64; wraps every user's data key. Required when distributed. */
  PLENTY_MASTER_KEY: z.string().optional(),
  /**
   * Signs the 5-minute backup links ("Download all my data"), as the query API's receipt and
   * export links: the same value in both services; without it the master key is used.
   */
  RECEIPT_LINK_SECRET: z.string().min(32).optional(),
  /** Distributed: the event store (MONGODB_URL then holds the users' data keys). */
  EVENTSTORE_URL: eventStoreUrlSchema,
  /** SMTP_URL, MAIL_FROM, MAIL_OUTBOX_DIR, APP_ORIGIN: how mail goes out and where its links point. */
  ...mailEnvShape(),
  /** A generous limit on commands per user and minute; 0 turns it off (benchmarks). */
  COMMANDS_PER_MINUTE_PER_USER: z.coerce.number().int().min(0).default(600),
  /** Behind a reverse proxy: take the client's address and scheme from X-Forwarded-For/-Proto. */
  TRUST_PROXY: flagSchema(false),
  /**
   * A real Firebase project: path of a service-account key for firebase-admin's user changes
   * (read by firebase-admin itself); the emulator needs none.
   */
  GOOGLE_APPLICATION_CREDENTIALS: z.string().min(1).optional(),
  /**
   * How often to post the recurring transactions that are due, in ms; 0 turns the posting off.
   * Every instance may post: the event store makes each occurrence's posting happen once.
   */
  RECURRING_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
});

export type CommandStores = ServiceStores<DistributedServers>;

export interface CommandServiceConfig {
  readonly port: number;
  readonly host: string;
  /** Embedded: the data folder; distributed: unused. */
  readonly dataDir: string;
  readonly stores: CommandStores;
  readonly projectId: string;
  readonly masterKey: string | undefined;
  /** RECEIPT_LINK_SECRET: signs the backup links; undefined: derived from the master key. */
  readonly linkSecret: string | undefined;
  readonly logLevel: LogLevel;
  readonly mail: MailConfig;
  /** Where the web app is served: links in mail point there. */
  readonly appOrigin: string;
  readonly commandsPerMinutePerUser: number;
  readonly trustProxy: boolean;
  readonly recurringIntervalMs: number;
}

export function loadCommandServiceConfig(env: NodeJS.ProcessEnv = process.env): CommandServiceConfig {
  const parsed = parseEnv(commandEnvSchema, env);
  const basics = apiServiceBasics('the command API', parsed);
  return {
    ...basics,
    projectId: parsed.FIREBASE_PROJECT_ID,
    masterKey: parsed.PLENTY_MASTER_KEY,
    linkSecret: parsed.RECEIPT_LINK_SECRET,
    logLevel: parsed.LOG_LEVEL,
    mail: mailConfig(parsed, basics.dataDir),
    appOrigin: parsed.APP_ORIGIN ?? 'http://127.0.0.1:8080',
    commandsPerMinutePerUser: parsed.COMMANDS_PER_MINUTE_PER_USER,
    trustProxy: parsed.TRUST_PROXY,
    recurringIntervalMs: parsed.RECURRING_INTERVAL_MS,
  };
}
