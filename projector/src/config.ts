import { z } from 'zod';
import {
  eventStoreUrlSchema,
  emulatorHostSchema,
  firebaseProjectIdSchema,
  flagSchema,
  kafkaBrokersSchema,
  listenEnvShape,
  logLevelSchema,
  mailConfig,
  mailEnvShape,
  type MailConfig,
  mongoDbNameSchema,
  mongoUrlSchema,
  parseEnv,
  serviceBasics,
  type LogLevel,
  type DistributedServers,
  type ServiceStores,
} from '@plenty/platform/config';

const topicSchema = z.string().regex(/^[A-Za-z0-9._-]{1,249}$/, 'a Kafka topic name');

/** Every variable the projector (and its relay) reads. */
export const projectorEnvSchema = z.object({
  /** PORT of the health endpoints (the projector serves nothing else), HOST and DATA_DIR. */
  ...listenEnvShape(8083),
  PLENTY_MASTER_KEY: z.string().optional(),
  PROJECTOR_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
  /** Distributed: the relay reads events here. */
  EVENTSTORE_URL: eventStoreUrlSchema,
  /** Distributed: read models, data keys, checkpoints and the relay's lease. */
  MONGODB_URL: mongoUrlSchema,
  MONGODB_DB: mongoDbNameSchema,
  KAFKA_BROKERS: kafkaBrokersSchema,
  KAFKA_CLIENT_ID: z
    .string()
    .regex(/^[\w.-]{1,100}$/, 'a client id')
    .default('plenty-projector'),
  KAFKA_TOPIC: topicSchema.default('plenty.events'),
  KAFKA_DEAD_LETTER_TOPIC: topicSchema.default('plenty.events.dead-letter'),
  KAFKA_GROUP_ID: z
    .string()
    .regex(/^[\w.-]{1,100}$/, 'a consumer group id')
    .default('plenty-projector'),
  /** Partitions of the events topic when the relay creates it: the most projector instances that share work. */
  KAFKA_PARTITIONS: z.coerce.number().int().min(1).max(1000).default(6),
  KAFKA_REPLICATION_FACTOR: z.coerce.number().int().min(1).max(7).default(1),
  /** Whether this instance may run the relay (one instance at a time does, holding a lease). */
  RELAY_ENABLED: flagSchema(true),
  LOG_LEVEL: logLevelSchema,
  /** Whose users spending alerts and weekly reports are mailed to (their address comes from Firebase). */
  FIREBASE_PROJECT_ID: firebaseProjectIdSchema,
  /** The Auth emulator's `host:port`, read by firebase-admin for those addresses (the projector verifies no tokens). */
  FIREBASE_AUTH_EMULATOR_HOST: emulatorHostSchema,
  /** A real Firebase project: path of a service-account key, read by firebase-admin itself. */
  GOOGLE_APPLICATION_CREDENTIALS: z.string().min(1).optional(),
  /** SMTP_URL, MAIL_FROM, MAIL_OUTBOX_DIR, and APP_ORIGIN for the links in bill reminders. */
  ...mailEnvShape(),
  /** How often to look for weekly reports that are due, in ms; 0 turns weekly reports off. */
  WEEKLY_REPORT_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
  /** How often to look for bill reminders that are due, in ms; 0 turns reminder mails off. */
  REMINDER_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(900_000),
});

export interface KafkaConfig {
  readonly brokers: readonly string[];
  readonly clientId: string;
  readonly topic: string;
  readonly deadLetterTopic: string;
  readonly groupId: string;
  readonly partitions: number;
  readonly replicationFactor: number;
}

export type ProjectorStores = ServiceStores<
  DistributedServers & { readonly kafka: KafkaConfig; readonly relayEnabled: boolean }
>;

export interface ProjectorServiceConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly stores: ProjectorStores;
  readonly masterKey: string | undefined;
  readonly batchSize: number;
  readonly logLevel: LogLevel;
  readonly notifications: {
    readonly mail: MailConfig;
    readonly projectId: string;
    readonly weeklyReportIntervalMs: number;
    readonly reminderIntervalMs: number;
    readonly appOrigin: string;
  };
}

export function loadProjectorServiceConfig(env: NodeJS.ProcessEnv = process.env): ProjectorServiceConfig {
  const parsed = parseEnv(projectorEnvSchema, env);
  const basics = serviceBasics(
    'the projector',
    parsed,
    { names: ['EVENTSTORE_URL', 'MONGODB_URL', 'KAFKA_BROKERS'], alsoNeeded: ['PLENTY_MASTER_KEY'] },
    (servers) => ({
      eventStoreUrl: servers.EVENTSTORE_URL,
      mongoUrl: servers.MONGODB_URL,
      mongoDb: parsed.MONGODB_DB,
      relayEnabled: parsed.RELAY_ENABLED,
      kafka: {
        brokers: servers.KAFKA_BROKERS,
        clientId: parsed.KAFKA_CLIENT_ID,
        topic: parsed.KAFKA_TOPIC,
        deadLetterTopic: parsed.KAFKA_DEAD_LETTER_TOPIC,
        groupId: parsed.KAFKA_GROUP_ID,
        partitions: parsed.KAFKA_PARTITIONS,
        replicationFactor: parsed.KAFKA_REPLICATION_FACTOR,
      },
    }),
  );
  return {
    ...basics,
    masterKey: parsed.PLENTY_MASTER_KEY,
    batchSize: parsed.PROJECTOR_BATCH_SIZE,
    logLevel: parsed.LOG_LEVEL,
    notifications: {
      mail: mailConfig(parsed, basics.dataDir),
      projectId: parsed.FIREBASE_PROJECT_ID,
      weeklyReportIntervalMs: parsed.WEEKLY_REPORT_INTERVAL_MS,
      reminderIntervalMs: parsed.REMINDER_INTERVAL_MS,
      appOrigin: parsed.APP_ORIGIN ?? 'http://127.0.0.1:8080',
    },
  };
}
