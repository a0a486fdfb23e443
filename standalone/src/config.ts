import { resolve } from 'node:path';
import { z } from 'zod';
import { reachableOrigin } from './network.js';
import { oidcProvidersFromEnv } from './oidc-config.js';
import type { OidcProviderSettings } from '@plenty/platform/identity/oidc';
import { mailConfig, mailEnvShape, type MailConfig, parseEnv, portSchema } from '@plenty/platform/config';

const envSchema = z.object({
  PORT: portSchema.default(8080),
  /** Loopback by default; 0.0.0.0 opens Plenty to the home network (see the README). */
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  PLENTY_MASTER_KEY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * SMTP_URL, MAIL_FROM, MAIL_OUTBOX_DIR, APP_ORIGIN (default: the address it listens on; with
   * HOST=0.0.0.0, the machine's address on its network).
   */
  ...mailEnvShape(),
  /** A generous limit on commands per user and minute; 0 turns it off (benchmarks). */
  COMMANDS_PER_MINUTE_PER_USER: z.coerce.number().int().min(0).default(600),
  /** A generous limit on queries per user and minute; 0 turns it off (benchmarks). */
  QUERIES_PER_MINUTE_PER_USER: z.coerce.number().int().min(0).default(1200),
  /** How often to look for weekly reports that are due, in ms; 0 turns weekly reports off. */
  WEEKLY_REPORT_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
  /** How often to post the recurring transactions that are due, in ms; 0 turns the posting off. */
  RECURRING_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  /** How often to look for bill reminders that are due, in ms; 0 turns reminder mails off. */
  REMINDER_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(900_000),
  /** `true` behind a reverse proxy: limits count the client's address from X-Forwarded-For. */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** Limits on sign-in, sign-up and password reset attempts; `off` only for load tests. */
  AUTH_ATTEMPT_LIMITS: z.enum(['on', 'off']).default('on'),
  /** The built web app to serve; the default is frontend/dist (`npm run build`). */
  WEB_APP_DIR: z.string().min(1).optional(),
});

export interface StandaloneConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly masterKey: string | undefined;
  readonly logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  readonly mail: MailConfig;
  readonly appOrigin: string;
  readonly commandsPerMinutePerUser: number;
  readonly queriesPerMinutePerUser: number;
  readonly weeklyReportIntervalMs: number;
  readonly recurringIntervalMs: number;
  readonly reminderIntervalMs: number;
  readonly trustProxy: boolean;
  readonly authAttemptLimits: boolean;
  /** Sign-in with OpenID Connect providers (PLENTY_OIDC_*, see oidc-config.ts); none by default. */
  readonly oidcProviders: readonly OidcProviderSettings[];
  /** The built web app's folder, when it is not frontend/dist. */
  readonly webAppDir: string | undefined;
}

export function loadStandaloneConfig(env: NodeJS.ProcessEnv = process.env): StandaloneConfig {
  const parsed = parseEnv(envSchema, env);
  const dataDir = resolve(parsed.DATA_DIR);
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir,
    masterKey: parsed.PLENTY_MASTER_KEY,
    logLevel: parsed.LOG_LEVEL,
    mail: mailConfig(parsed, dataDir),
    appOrigin: parsed.APP_ORIGIN ?? reachableOrigin(parsed.HOST, parsed.PORT),
    commandsPerMinutePerUser: parsed.COMMANDS_PER_MINUTE_PER_USER,
    queriesPerMinutePerUser: parsed.QUERIES_PER_MINUTE_PER_USER,
    weeklyReportIntervalMs: parsed.WEEKLY_REPORT_INTERVAL_MS,
    recurringIntervalMs: parsed.RECURRING_INTERVAL_MS,
    reminderIntervalMs: parsed.REMINDER_INTERVAL_MS,
    trustProxy: parsed.TRUST_PROXY === 'true',
    authAttemptLimits: parsed.AUTH_ATTEMPT_LIMITS === 'on',
    oidcProviders: oidcProvidersFromEnv(env),
    webAppDir: parsed.WEB_APP_DIR === undefined ? undefined : resolve(parsed.WEB_APP_DIR),
  };
}
