import { join, resolve } from 'node:path';
import { z } from 'zod';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Parses the environment with a zod schema at start-up; on failure throws a ConfigError
 * that names every variable that is missing or wrong, so a service fails fast and clearly.
 * A variable set to the empty string counts as unset (as `FOO=` in a compose file means).
 */
export function parseEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
}

export const portSchema = z.coerce.number().int().min(0).max(65535);

const LOOPBACK = /^(127(?:\.\d{1,3}){3}|localhost|::1|\[::1\])$/;

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK.test(host);
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const logLevelSchema = z.enum(LOG_LEVELS).default('info');

export const firebaseProjectIdSchema = z
  .string()
  .regex(/^[a-z0-9-]{4,40}$/, 'a Firebase project id')
  .default('demo-plenty');

/** Set when tokens come from the Firebase Auth emulator (firebase-admin reads it too). */
export const emulatorHostSchema = z
  .string()
  .regex(/^[\w.-]+:\d+$/, 'host:port')
  .optional();

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** A switch set as `true`/`1` or `false`/`0`, `fallback` when unset. */
export const flagSchema = (fallback: boolean) => flag.default(fallback);

/**
 * Opt-in for a private container network: accept the Auth emulator's unsigned tokens while
 * listening beyond loopback. Only safe when nothing but a loopback-bound proxy reaches the service.
 */
export const emulatorOnNetworkSchema = flag.default(false);

export const eventStoreUrlSchema = z
  .string()
  .regex(
    /^(esdb|kurrentdb|kdb)(\+discover)?:\/\/\S+$/,
    'an EventStoreDB connection string, e.g. esdb://eventstore:2113?tls=false',
  )
  .optional();

export const mongoUrlSchema = z
  .string()
  .regex(/^mongodb(\+srv)?:\/\/\S+$/, 'a MongoDB connection string, e.g. mongodb://mongo:27017/?replicaSet=rs0')
  .optional();

export const mongoDbNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,63}$/, 'a database name')
  .default('plenty');

export const kafkaBrokersSchema = z
  .string()
  .regex(/^[\w.-]+:\d+(,[\w.-]+:\d+)*$/, 'a comma-separated list of host:port')
  .transform((value) => value.split(','))
  .optional();

/**
 * Refuses to listen beyond loopback while tokens come from the Auth emulator: they are
 * unsigned, so anyone who can reach the port could claim to be anyone.
 */
export function requireLoopbackForEmulator(
  service: string,
  settings: { HOST: string; FIREBASE_AUTH_EMULATOR_HOST?: string | undefined; PLENTY_EMULATOR_ON_NETWORK: boolean },
): void {
  if (settings.FIREBASE_AUTH_EMULATOR_HOST === undefined || isLoopbackHost(settings.HOST)) return;
  if (settings.PLENTY_EMULATOR_ON_NETWORK) return;
  throw new ConfigError(
    `HOST=${settings.HOST} is not a loopback address, but FIREBASE_AUTH_EMULATOR_HOST is set: the emulator's ` +
      `tokens are unsigned, so ${service} then only listens on loopback (127.0.0.1, ::1 or localhost). ` +
      'On a private container network behind a loopback-bound proxy, set PLENTY_EMULATOR_ON_NETWORK=true.',
  );
}

/**
 * The distributed deployment is chosen by configuring its servers. Once any is set, every
 * one the service needs must be, and `alsoNeeded` too (the master key: there is no data folder).
 */
export function requireAllOrNone(
  service: string,
  env: Readonly<Record<string, unknown>>,
  servers: readonly string[],
  alsoNeeded: readonly string[] = [],
): boolean {
  const set = servers.filter((name) => env[name] !== undefined);
  if (set.length === 0) return false;
  const missing = [...servers, ...alsoNeeded].filter((name) => env[name] === undefined || env[name] === '');
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing
        .map(
          (name) =>
            `  ${name}: required, because ${set.join(' and ')} ${set.length === 1 ? 'is' : 'are'} set (${service} runs distributed)`,
        )
        .join('\n')}`,
    );
  }
  return true;
}

/** Where every service listens (PORT, HOST) and keeps its data when embedded (DATA_DIR). */
export function listenEnvShape(defaultPort: number) {
  return {
    PORT: portSchema.default(defaultPort),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
  };
}

/** Where a service keeps its data: the data folder when embedded, else the servers `D` names. */
export type ServiceStores<D extends object> =
  { readonly kind: 'embedded'; readonly dataDir: string } | ({ readonly kind: 'distributed' } & D);

/** The servers every distributed service reads: the event store and MongoDB. */
export interface DistributedServers {
  readonly eventStoreUrl: string;
  readonly mongoUrl: string;
  readonly mongoDb: string;
}

/**
 * A service's address, data folder and stores from its parsed environment: embedded on the
 * data folder, or distributed on the servers named by `servers` (all set, with `alsoNeeded`, or
 * none: `requireAllOrNone`), described by `distributed` from their values.
 */
export function serviceBasics<
  E extends { PORT: number; HOST: string; DATA_DIR: string } & Readonly<Record<string, unknown>>,
  K extends keyof E & string,
  D extends object,
>(
  service: string,
  parsed: E,
  servers: { readonly names: readonly K[]; readonly alsoNeeded?: readonly string[] },
  distributed: (values: { [P in K]: NonNullable<E[P]> }) => D,
): {
  port: number;
  host: string;
  dataDir: string;
  stores: ServiceStores<D>;
} {
  const isDistributed = requireAllOrNone(service, parsed, servers.names, servers.alsoNeeded);
  const values = Object.fromEntries(servers.names.map((name) => [name, parsed[name]]));
  const complete = isDistributed && servers.names.every((name) => values[name] !== undefined);
  const dataDir = resolve(parsed.DATA_DIR);
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir,
    stores: complete
      ? { kind: 'distributed', ...distributed(values as { [P in K]: NonNullable<E[P]> }) }
      : { kind: 'embedded', dataDir },
  };
}

/**
 * The address, data folder and stores of an HTTP API service (the command and the query API):
 * the Auth emulator only on loopback, and distributed on the event store and MongoDB, with the
 * master key, or embedded on the data folder.
 */
export function apiServiceBasics(
  service: string,
  parsed: Parameters<typeof requireLoopbackForEmulator>[1] & {
    PORT: number;
    DATA_DIR: string;
    EVENTSTORE_URL?: string | undefined;
    MONGODB_URL?: string | undefined;
    MONGODB_DB: string;
    PLENTY_MASTER_KEY?: string | undefined;
  },
) {
  requireLoopbackForEmulator(service, parsed);
  return serviceBasics(
    service,
    parsed,
    { names: ['EVENTSTORE_URL', 'MONGODB_URL'], alsoNeeded: ['PLENTY_MASTER_KEY'] },
    (servers): DistributedServers => ({
      eventStoreUrl: servers.EVENTSTORE_URL,
      mongoUrl: servers.MONGODB_URL,
      mongoDb: parsed.MONGODB_DB,
    }),
  );
}

/**
 * The variables every HTTP API service reads alike: where it listens, its data folder when
 * embedded, how it verifies ID tokens, its MongoDB when distributed, and its log level.
 */
export function apiEnvShape(defaultPort: number) {
  return {
    ...listenEnvShape(defaultPort),
    FIREBASE_PROJECT_ID: firebaseProjectIdSchema,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHostSchema,
    PLENTY_EMULATOR_ON_NETWORK: emulatorOnNetworkSchema,
    MONGODB_URL: mongoUrlSchema,
    MONGODB_DB: mongoDbNameSchema,
    LOG_LEVEL: logLevelSchema,
  };
}

/** An origin (scheme, host, port) without path, e.g. https://plenty.example or http://127.0.0.1:8080. */
export const originSchema = z
  .string()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.replace(/\/$/, '');
    } catch {
      return false;
    }
  }, 'an origin without a path, e.g. https://plenty.example')
  .transform((value) => value.replace(/\/$/, ''));

/**
 * How mail goes out: through SMTP_URL (from MAIL_FROM) when set, otherwise into the log and
 * JSON files in MAIL_OUTBOX_DIR (default `<DATA_DIR>/outbox`). APP_ORIGIN is where the web
 * app is served, for links in mail.
 */
export function mailEnvShape() {
  return {
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/\S+$/, 'an SMTP URL, e.g. smtps://user:password@mail.example:465')
      .optional(),
    MAIL_FROM: z
      .string()
      .regex(
        /^([^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
        'an address, e.g. Plenty <no-reply@plenty.example>',
      )
      .optional(),
    MAIL_OUTBOX_DIR: z.string().min(1).optional(),
    APP_ORIGIN: originSchema.optional(),
  };
}

export interface MailConfig {
  readonly smtpUrl: string | undefined;
  readonly from: string;
  readonly outboxDir: string;
}

/** SMTP needs a sender: MAIL_FROM is required once SMTP_URL is set. */
export function mailConfig(
  parsed: { SMTP_URL?: string | undefined; MAIL_FROM?: string | undefined; MAIL_OUTBOX_DIR?: string | undefined },
  dataDir: string,
): MailConfig {
  if (parsed.SMTP_URL !== undefined && parsed.MAIL_FROM === undefined) {
    throw new ConfigError(
      'Invalid configuration:\n  MAIL_FROM: required, because SMTP_URL is set (e.g. MAIL_FROM="Plenty <no-reply@plenty.example>")',
    );
  }
  return {
    smtpUrl: parsed.SMTP_URL,
    from: parsed.MAIL_FROM ?? 'Plenty <no-reply@plenty.invalid>',
    outboxDir: resolve(parsed.MAIL_OUTBOX_DIR ?? join(dataDir, 'outbox')),
  };
}
