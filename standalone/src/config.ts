import { resolve } from 'node:path';
import { z } from 'zod';
import {
  ConfigError,
  isLoopbackHost,
  mailConfig,
  mailEnvShape,
  type MailConfig,
  parseEnv,
  portSchema,
} from '@plenty/platform/config';

/** Social providers the web app has buttons (and icons) for. */
export const SOCIAL_PROVIDERS = ['google', 'github', 'facebook', 'apple'] as const;

const envSchema = z.object({
  PORT: portSchema.default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]{4,40}$/, 'a Firebase project id')
    .default('demo-plenty'),
  /** Use an Auth emulator that is already running (host:port) instead of starting one. */
  AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[\w.-]+:\d+$/, 'host:port')
    .optional(),
  PLENTY_MASTER_KEY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** SMTP_URL, MAIL_FROM, MAIL_OUTBOX_DIR, APP_ORIGIN (default: the address it listens on). */
  ...mailEnvShape(),
  /** The social sign-in providers the login page offers, comma-separated; `none` offers none. */
  PLENTY_AUTH_PROVIDERS: z
    .string()
    .default('google,github,facebook,apple')
    .transform((value) =>
      (value.trim().toLowerCase() === 'none' ? '' : value)
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter((name) => name !== ''),
    )
    .pipe(z.array(z.enum(SOCIAL_PROVIDERS, { error: `one of ${SOCIAL_PROVIDERS.join(', ')}` }))),
  /** A generous limit on commands per user and minute; 0 turns it off (benchmarks). */
  COMMANDS_PER_MINUTE_PER_USER: z.coerce.number().int().min(0).default(600),
  /** How often to look for weekly reports that are due, in ms; 0 turns weekly reports off. */
  WEEKLY_REPORT_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
});

export interface StandaloneConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly projectId: string;
  readonly authEmulatorHost: string | undefined;
  readonly masterKey: string | undefined;
  readonly logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  readonly mail: MailConfig;
  readonly appOrigin: string;
  readonly commandsPerMinutePerUser: number;
  readonly authProviders: readonly string[];
  readonly weeklyReportIntervalMs: number;
}

function listeningOrigin(host: string, port: number): string {
  const name = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export function loadStandaloneConfig(env: NodeJS.ProcessEnv = process.env): StandaloneConfig {
  const parsed = parseEnv(envSchema, env);
  const usesEmulator = parsed.FIREBASE_PROJECT_ID.startsWith('demo-');
  if (!usesEmulator) {
    throw new ConfigError(
      'The embedded default signs users in with the Firebase Auth emulator and needs a demo- project id ' +
        `(got FIREBASE_PROJECT_ID=${parsed.FIREBASE_PROJECT_ID}). Use the distributed deployment for a real Firebase project.`,
    );
  }
  if (!isLoopbackHost(parsed.HOST)) {
    throw new ConfigError(
      `HOST=${parsed.HOST} is not a loopback address. The embedded default uses the Firebase Auth emulator, ` +
        'whose tokens are unsigned, so it only listens on loopback (127.0.0.1, ::1 or localhost). ' +
        'Put a TLS reverse proxy with real identity in front, or use the distributed deployment with a real Firebase project.',
    );
  }
  const dataDir = resolve(parsed.DATA_DIR);
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir,
    projectId: parsed.FIREBASE_PROJECT_ID,
    authEmulatorHost: parsed.AUTH_EMULATOR_HOST,
    masterKey: parsed.PLENTY_MASTER_KEY,
    logLevel: parsed.LOG_LEVEL,
    mail: mailConfig(parsed, dataDir),
    appOrigin: parsed.APP_ORIGIN ?? listeningOrigin(parsed.HOST, parsed.PORT),
    commandsPerMinutePerUser: parsed.COMMANDS_PER_MINUTE_PER_USER,
    authProviders: parsed.PLENTY_AUTH_PROVIDERS,
    weeklyReportIntervalMs: parsed.WEEKLY_REPORT_INTERVAL_MS,
  };
}
