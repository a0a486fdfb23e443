import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { IdentityAdmin } from '@plenty/command-api/account/erasure';
import { commandApi } from '@plenty/command-api/app';
import { registerDataRoutes } from '@plenty/command-api/data-routes';
import type { ImportRowsService } from '@plenty/command-api/import/import-rows.routes';
import { RecurringPoster } from '@plenty/command-api/recurring/poster';
import type { RecurringPosting } from '@plenty/command-api/recurring/posting';
import { LinkSigner, linkSecretFromMasterKey, linkSecretFromText } from '@plenty/platform/file/signed-link';
import { filesApi } from '@plenty/query-api/file/files.plugin';
import { identityCommands } from '@plenty/command-api/identity/identity.plugin';
import type { IdentityProviderAdmin } from '@plenty/platform/auth/identity-admin';
import type { UserDirectory } from '@plenty/platform/auth/user-directory';
import type { IdentityLimits } from '@plenty/platform/identity/attempt-limits';
import { openEmbeddedIdentity, type EmbeddedIdentity } from '@plenty/platform/identity/embedded-identity';
import type { OidcProviderSettings } from '@plenty/platform/identity/oidc';
import { installSecurityHeaders, webAppCspDirectives } from '@plenty/platform/http/security-headers';
import { createMailer, type MailSettings } from '@plenty/platform/mail/create';
import { openFsBlobStore } from '@plenty/platform/blob-store/fs';
import type { BlobStore } from '@plenty/platform/blob-store/port';
import { ErasureRecord, refuseErasedUsers } from '@plenty/platform/auth/erased-users';
import type { TokenVerifier } from '@plenty/platform/auth/port';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import { loadMasterKey } from '@plenty/platform/crypto/master-key';
import type { EventStore } from '@plenty/platform/event-store/port';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import { installErrorHandling } from '@plenty/platform/http/errors';
import { installLiveness } from '@plenty/platform/http/health';
import { installOpenApi } from '@plenty/platform/http/openapi';
import { serviceLoggerOptions } from '@plenty/platform/logging';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { openReadModelsFile } from '@plenty/platform/read-store/damaged-file';
import { takeReadModelsLock } from '@plenty/platform/read-store/writer-lock';
import type { ProjectionStatus } from '@plenty/projector/runtime-api';
import { readModelsReadiness } from '@plenty/projector/runtime-status';
import { spendingAlertMailer } from '@plenty/projector/notifications/spending-alert-mailer';
import { WeeklyReportScheduler } from '@plenty/projector/notifications/weekly-report';
import { ReminderMailer } from '@plenty/projector/notifications/reminder-mailer';
import type { ProjectionProgress } from '@plenty/platform/projection-progress';
import { queryApi } from '@plenty/query-api/app';
import { startProjector } from './start-projector.js';
import { backpressure, DEFAULT_BACKPRESSURE, type BackpressureOptions } from '@plenty/command-api/backpressure';
import { serveWebApp } from './web-app.js';

export interface StandaloneOptions {
  readonly dataDir: string;
  /** The audience of ID tokens and the project id the web app's Firebase SDK is given. */
  readonly projectId?: string;
  readonly masterKey?: string | undefined;
  readonly logLevel?: string;
  /** Replaces the embedded identity's verifier (tests and benchmarks that mint their own tokens). */
  readonly verifier?: TokenVerifier;
  /** Replaces the embedded identity's account deletion. */
  readonly identity?: IdentityAdmin;
  /** Trust X-Forwarded-For from a reverse proxy in front (TRUST_PROXY). */
  readonly trustProxy?: boolean;
  /** Limits on sign-in, sign-up and reset attempts; default: DEFAULT_IDENTITY_LIMITS. */
  readonly identityLimits?: IdentityLimits;
  /** The clock of the embedded identity (tests of expiry and refresh-token reuse). */
  readonly identityClock?: () => number;
  /** Where mail goes; default: the log and `<dataDir>/outbox`. */
  readonly mail?: MailSettings;
  /** Where the app is served, for links in mail; default http://127.0.0.1:8080. */
  readonly appOrigin?: string;
  /** Replaces marking users verified and making password reset codes. */
  readonly identityProvider?: IdentityProviderAdmin;
  /** The per-user limit on commands; 0 turns it off. */
  readonly commandsPerMinutePerUser?: number;
  /** The per-user limit on queries; 0 turns it off. */
  readonly queriesPerMinutePerUser?: number;
  /** The social sign-in providers the login page offers (default: the OpenID Connect providers). */
  readonly authProviders?: readonly { readonly id: string; readonly label: string }[];
  /** OpenID Connect providers users may sign in with (PLENTY_OIDC_PROVIDERS); default none. */
  readonly oidcProviders?: readonly OidcProviderSettings[];
  /**
   * 'worker' (the default of `npm start`) projects in a worker thread and needs the built
   * code; 'in-process' runs the projector on the main thread, as tests from source do.
   */
  readonly projector?: 'worker' | 'in-process';
  /** Signs download links (RECEIPT_LINK_SECRET, 32+ characters); default: derived from the master key. */
  readonly linkSecret?: string | undefined;
  /** Where spending alerts and weekly reports find a user's address; default: the embedded identity. */
  readonly users?: UserDirectory;
  /** How often to look for weekly reports that are due (WEEKLY_REPORT_INTERVAL_MS); 0 turns them off. */
  readonly weeklyReportIntervalMs?: number;
  /** How often to look for bill reminders that are due (REMINDER_INTERVAL_MS); 0 turns reminder mails off. */
  readonly reminderIntervalMs?: number;
  /** How often to post the recurring transactions that are due (RECURRING_INTERVAL_MS); 0 never posts by itself. */
  readonly recurringIntervalMs?: number;
  /** The recurring poster's clock (tests of time zones and of catching up). */
  readonly recurringClock?: () => Date;
  /** The built web app to serve; frontend/dist when not given. */
  readonly webAppDir?: string;
  /**
   * How a command's answer waits for the projector (command-api/src/backpressure.ts); false:
   * not at all. Default: until the views hold the command, at most a second (PLENTY_COMMAND_BACKPRESSURE=off: not at
   * all; a number: within that many events).
   */
  readonly commandBackpressure?: BackpressureOptions | false;
}

export interface Standalone {
  readonly app: FastifyInstance;
  readonly projector: ProjectionProgress & {
    isHealthy(): boolean;
    status(): readonly ProjectionStatus[];
    quarantinedUsers(): number;
  };
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly blobStore: BlobStore;
  /** Encrypts and decrypts the events' personal fields with each user's key. */
  readonly codec: EventCodec;
  /** Posts the due occurrences of `auto` recurring rules: at start (the catch-up) and every interval. */
  readonly recurringPoster: RecurringPoster;
  /** Accounts, sessions and tokens of the embedded default. */
  readonly identity: EmbeddedIdentity;
  close(): Promise<void>;
}

const DEFAULT_PROJECT_ID = 'plenty';

/** A part that takes longer than this to close is named in the log. */
const SLOW_CLOSE_MS = 5000;

const frontendDist = resolve(dirname(fileURLToPath(import.meta.url)), '../../frontend/dist');

function postingOf(posting: RecurringPosting | null): RecurringPosting {
  if (posting === null) throw new Error('the command API did not hand over its recurring posting');
  return posting;
}

/** Composes the embedded default: SQLite stores, in-process projector, both APIs, the SPA. */
export async function openStandalone(options: StandaloneOptions): Promise<Standalone> {
  await mkdir(options.dataDir, { recursive: true });
  const closers: (() => Promise<void>)[] = [];
  const names: string[] = [];
  let warn: (message: string) => void = (message) => void process.stderr.write(`${message}\n`);
  const closeAll = async () => {
    // Last opened, first closed; one that takes long is named, so a stop cut short by its grace
    // period says what it waited for.
    for (const [index, close] of [...closers.entries()].reverse()) {
      const slow = setTimeout(
        () => warn(`closing ${names[index] ?? 'a part'} takes longer than ${SLOW_CLOSE_MS / 1000} s`),
        SLOW_CLOSE_MS,
      );
      slow.unref();
      await close()
        .catch(() => undefined)
        .finally(() => clearTimeout(slow));
    }
    closers.length = 0;
  };
  const closing = (name: string, close: () => Promise<void>) => {
    names[closers.length] = name;
    closers.push(close);
  };
  try {
    // One writer of the read models per data folder: a second server or a rebuild is refused.
    const lock = takeReadModelsLock(options.dataDir, 'the server');
    closing('the read models lock', async () => lock.release());
    const projectId = options.projectId ?? DEFAULT_PROJECT_ID;
    const identity = await openEmbeddedIdentity({
      dataDir: options.dataDir,
      projectId,
      ...(options.identityLimits === undefined ? {} : { limits: options.identityLimits }),
      ...(options.identityClock === undefined ? {} : { now: options.identityClock }),
      oidc: { appOrigin: options.appOrigin ?? 'http://127.0.0.1:8080', providers: options.oidcProviders ?? [] },
    });
    closing('the identity service', () => identity.close());

    const masterKey = await loadMasterKey({ envValue: options.masterKey, dataDir: options.dataDir });
    const keyStore = await openSqliteKeyStore({ path: join(options.dataDir, 'keys.db'), masterKey });
    closing('the key store', () => keyStore.close());
    // Built (`npm start`): the projector, the event writer and the log's checkpoints each have a
    // thread of their own, so the requests' thread never waits for a commit's fsync, and neither
    // the commits nor the projector's batches wait for a checkpoint's.
    const threads = options.projector === 'worker';
    const eventStore = await openSqliteEventStore({
      path: join(options.dataDir, 'events.db'),
      checkpoints: threads ? 'thread' : 'auto',
      writer: threads ? 'thread' : 'inline',
    });
    closing('the event store', () => eventStore.close());
    // The read models are rebuilt from the events: a damaged file is set aside, not a reason to stop.
    const { readStore, setAside, discarded } = await openReadModelsFile(join(options.dataDir, 'read.db'));
    closing('the read store', () => readStore.close());
    const blobStore = await openFsBlobStore({ directory: join(options.dataDir, 'receipts') });
    closing('the receipts store', () => blobStore.close());
    const codec = new EventCodec(keyStore);
    const linkSecret = options.linkSecret ?? process.env.RECEIPT_LINK_SECRET;
    const links = new LinkSigner(
      linkSecret === undefined || linkSecret === ''
        ? linkSecretFromMasterKey(masterKey)
        : linkSecretFromText(linkSecret),
    );
    // Every route refuses a user whose erasure has started, from the moment it starts.
    const erasedUsers = new ErasureRecord(eventStore);
    const verifier = refuseErasedUsers(options.verifier ?? identity.verifier, erasedUsers);

    const app = Fastify({
      // Behind a reverse proxy (TLS beyond the home network): rate limits count the client's address.
      trustProxy: options.trustProxy ?? false,
      logger: serviceLoggerOptions(options.logLevel ?? 'info'),
      logController: new LogController({
        disableRequestLogging: options.logLevel !== 'debug' && options.logLevel !== 'trace',
      }),
    });
    warn = (message) => app.log.warn(message);
    if (identity.emulatorImport !== null) {
      app.log.warn(
        identity.emulatorImport,
        'accounts of the Firebase Auth emulator were moved into identity.db and its folder was removed',
      );
    }
    if (discarded) {
      app.log.warn(
        'read.db was left unfinished by a rebuild that stopped: it was discarded and the read models are being rebuilt from the events',
      );
    }
    if (setAside !== null) {
      app.log.warn(
        { setAside },
        'read.db was damaged: it was set aside and the read models are being rebuilt from the events',
      );
    }
    const mailer = createMailer(
      options.mail ?? {
        smtpUrl: undefined,
        from: 'Plenty <no-reply@plenty.invalid>',
        outboxDir: join(options.dataDir, 'outbox'),
      },
      app.log,
    );
    closing('the mailer', () => mailer.close());
    await installSecurityHeaders(app, {
      csp: webAppCspDirectives({ kind: 'embedded' }),
    });
    // Before any API: the document at /api/openapi.json is built from the routes registered after it.
    await installOpenApi(app, {
      title: 'Plenty',
      description: 'The embedded server: commands, queries, receipts, files and the embedded identity.',
      docsPage: process.env.NODE_ENV === 'development',
    });
    const users = options.users ?? identity.users;
    const alerts = spendingAlertMailer({ eventStore, readStore, users, mailer, logger: app.log });
    const projector = await startProjector({
      mode: options.projector,
      dataDir: options.dataDir,
      eventStore,
      readStore,
      codec,
      masterKey,
      logger: app.log,
      afterBatch: alerts.afterBatch,
      closers,
    });
    closing('the projector', () => projector.stop());
    const weeklyReports = new WeeklyReportScheduler({
      eventStore,
      readStore,
      users,
      mailer,
      logger: app.log,
      ...(options.weeklyReportIntervalMs === undefined ? {} : { intervalMs: options.weeklyReportIntervalMs }),
    });
    weeklyReports.start();
    closing('the weekly reports', () => weeklyReports.stop());
    const reminders = new ReminderMailer({
      eventStore,
      readStore,
      users,
      mailer,
      logger: app.log,
      appOrigin: options.appOrigin ?? 'http://127.0.0.1:8080',
      ...(options.reminderIntervalMs === undefined ? {} : { intervalMs: options.reminderIntervalMs }),
    });
    reminders.start();
    closing('the reminders', () => reminders.stop());

    installErrorHandling(app, {
      notFound: await serveWebApp(app, {
        distDir: options.webAppDir ?? frontendDist,
        projectId,
        authProviders: options.authProviders ?? (options.oidcProviders ?? []).map(({ id, label }) => ({ id, label })),
      }),
    });
    let posting: RecurringPosting | null = null;
    let importRows: ImportRowsService | null = null;
    const pressureEnv = process.env.PLENTY_COMMAND_BACKPRESSURE;
    const pressure =
      options.commandBackpressure ??
      (pressureEnv === 'off'
        ? false
        : pressureEnv !== undefined && /^\d{1,6}$/.test(pressureEnv)
          ? { ...DEFAULT_BACKPRESSURE, behind: Number(pressureEnv) }
          : DEFAULT_BACKPRESSURE);
    await app.register(commandApi, {
      prefix: '/api/commands',
      eventStore,
      codec,
      verifier,
      ...(pressure === false ? {} : { settle: backpressure(projector, pressure) }),
      recurringPosting: (bound) => {
        posting = bound;
      },
      importRows: (bound) => {
        importRows = bound;
      },
      ...(options.commandsPerMinutePerUser === undefined
        ? {}
        : { commandsPerMinutePerUser: options.commandsPerMinutePerUser }),
      account: {
        keys: keyStore,
        blobs: blobStore,
        identity: options.identity ?? identity.accounts,
        users,
        mail: mailer,
      },
      erasedUsers,
    });
    // After the projector (whose views it reads) and through the command API's pipeline; its
    // first tick posts what fell due while the server was stopped.
    const recurringPoster = new RecurringPoster({
      readStore,
      posting: postingOf(posting),
      erasedUsers,
      logger: app.log,
      ...(options.recurringIntervalMs === undefined ? {} : { intervalMs: options.recurringIntervalMs }),
      ...(options.recurringClock === undefined ? {} : { now: options.recurringClock }),
    });
    recurringPoster.start();
    closing('the recurring poster', () => recurringPoster.stop());
    await registerDataRoutes(app, {
      eventStore,
      codec,
      verifier,
      erasedUsers,
      blobs: blobStore,
      links,
      importRows,
      requestsPerMinutePerUser: options.commandsPerMinutePerUser,
    });
    await app.register(filesApi, { prefix: '/api/files', blobs: blobStore, links, readStore });
    await app.register(identityCommands, {
      prefix: '/api/commands',
      eventStore,
      codec,
      verifier,
      identity: options.identityProvider ?? identity.providerAdmin,
      mailer,
      appOrigin: options.appOrigin ?? 'http://127.0.0.1:8080',
    });
    await app.register(queryApi, {
      prefix: '/api/queries',
      readStore,
      verifier,
      progress: projector,
      files: { blobs: blobStore, links },
      history: { eventStore, codec },
      ...(options.queriesPerMinutePerUser === undefined
        ? {}
        : { queriesPerMinutePerUser: options.queriesPerMinutePerUser }),
    });
    await identity.register(app);
    installLiveness(app);
    app.get(
      '/readyz',
      { schema: { summary: 'Ready: 200 while the projections keep up (503 degraded otherwise), with their position' } },
      async (_request, reply) => {
        const [position, head] = await Promise.all([projector.current(), eventStore.headPosition()]);
        const ready = projector.isHealthy();
        // A view being rebuilt keeps the service ready: its old documents serve until the switch;
        // so do quarantined users: everyone else's views keep up.
        return reply.code(ready ? 200 : 503).send({
          status: ready ? 'ready' : 'degraded',
          projections: { position, head, ...readModelsReadiness(projector.status(), projector.quarantinedUsers()) },
          // Who copies the event log into its file: its thread, or the main connection once that ended.
          eventLog: { checkpoints: eventStore.checkpointStatus() },
        });
      },
    );
    closing('the HTTP server', () => app.close());

    return { app, projector, eventStore, readStore, blobStore, codec, recurringPoster, identity, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
