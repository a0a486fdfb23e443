import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { uuidSchema } from '@plenty/contracts/ids';
import { ErasureRecord, refuseErasedUsers } from '@plenty/platform/auth/erased-users';
import type { TokenVerifier } from '@plenty/platform/auth/port';
import type { UserDirectory } from '@plenty/platform/auth/user-directory';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import type { EventStore } from '@plenty/platform/event-store/port';
import { currentUser, requireAuth } from '@plenty/platform/http/auth-hook';
import { HttpError } from '@plenty/platform/http/errors';
import { installRateLimits } from '@plenty/platform/http/rate-limit';
import type { BlobStore } from '@plenty/platform/blob-store/port';
import type { KeyStore } from '@plenty/platform/crypto/port';
import { deleteAccountRoute } from './account/account.routes.js';
import { debtRoutes } from './debt/debt.routes.js';
import { CommandsInFlight } from './account/commands-in-flight.js';
import { AccountEraser, type IdentityAdmin } from './account/erasure.js';
import type { CommandRoute } from './command-route.js';
import { ProfileCache } from './profile/profile-cache.js';
import { profileRoutes } from './profile/profile.routes.js';
import { ReceiptJanitor, type ReceiptReferences } from './receipt/receipt-janitor.js';
import { transactionRoutes } from './transaction/transaction.routes.js';

export interface CommandApiOptions {
  readonly eventStore: EventStore;
  readonly codec: EventCodec;
  readonly verifier: TokenVerifier;
  readonly now?: () => Date;
  /** A generous limit per user on all commands (per instance); 0 turns it off. Default 600. */
  readonly commandsPerMinutePerUser?: number;
  /** What account deletion erases besides the event streams. */
  readonly account: {
    readonly keys: KeyStore;
    readonly blobs: BlobStore | null;
    readonly identity: IdentityAdmin;
    /** Where the user's address is found, to delete the mail kept to it. */
    readonly users?: UserDirectory;
    /** The mailer whose kept mail (the outbox) goes with the account. */
    readonly mail?: { deleteMailTo?(address: string): Promise<number> };
  };
  /**
   * Users whose erasure started, refused on every command. Pass the one the other routes'
   * verifier uses, so an erasure here is refused there at once; by default it is read from
   * the event store.
   */
  readonly erasedUsers?: ErasureRecord;
  /**
   * Whether another transaction of the user still references a receipt. Given (with
   * `account.blobs`), deleting a transaction or replacing its receipt deletes the receipt
   * when no other transaction holds it.
   */
  readonly receiptReferences?: ReceiptReferences;
}

/** The ids of a transaction command whose body its route has already accepted. */
const commandIds = z.object({ commandId: uuidSchema, transactionId: uuidSchema });

/** An erasure that failed half-way is finished again after this delay (and at every start). */
const ERASURE_RETRY_MS = 30_000;

const BODY_LIMIT = 64 * 1024;

/** Commands a signed-in user whose email is not yet verified may send. */
const UNVERIFIED_EMAIL_ALLOWED = new Set(['SendVerificationCode', 'VerifyEmail', 'DeleteAccount']);

/** `POST /<CommandName>`: register with `{ prefix: '/api/commands' }`. */
export const commandApi: FastifyPluginAsync<CommandApiOptions> = async (app, options) => {
  const deps = { eventStore: options.eventStore, codec: options.codec, now: options.now ?? (() => new Date()) };
  const erasedUsers = options.erasedUsers ?? new ErasureRecord(options.eventStore);
  const verifier = refuseErasedUsers(options.verifier, erasedUsers);
  const inFlight = new CommandsInFlight(erasedUsers);
  const commands: Record<string, CommandRoute> = {
    ...transactionRoutes(deps, new ProfileCache(options.eventStore, options.codec), options.account.blobs),
    ...profileRoutes(deps),
    ...debtRoutes(deps),
  };
  if (options.account.blobs !== null && options.receiptReferences !== undefined) {
    const janitor = new ReceiptJanitor({
      eventStore: options.eventStore,
      codec: options.codec,
      blobs: options.account.blobs,
      referencedElsewhere: options.receiptReferences,
    });
    // After the append: a failure here leaves an unreferenced blob, never a missing one.
    for (const name of ['DeleteTransaction', 'EditTransaction'] as const) {
      const handle = commands[name];
      if (handle === undefined) continue;
      commands[name] = async (user, body, request) => {
        const result = await handle(user, body, request);
        const ids = commandIds.parse(body);
        await janitor
          .afterCommand(user.uid, ids.transactionId, ids.commandId)
          .catch((error: unknown) => request.log.error({ err: error }, 'a released receipt was kept'));
        return result;
      };
    }
  }
  // Every command of a user waits in line with their erasure (see CommandsInFlight).
  for (const [name, handle] of Object.entries(commands)) {
    commands[name] = (user, body, request) => inFlight.run(user.uid, () => handle(user, body, request));
  }
  const eraser = new AccountEraser({
    eventStore: options.eventStore,
    now: deps.now,
    ...options.account,
    erasedUsers,
    commandsInFlight: inFlight,
  });
  const resumeErasures = () =>
    eraser.resumeUnfinished().then(
      (users) => users.length > 0 && app.log.info({ accounts: users.length }, 'unfinished account erasures completed'),
      (error: unknown) => {
        app.log.error({ err: error }, 'account erasure could not be completed; retrying later');
        setTimeout(() => void resumeErasures(), ERASURE_RETRY_MS).unref();
      },
    );
  const deleteAccount = deleteAccountRoute(eraser, verifier);
  commands.DeleteAccount = async (_user, _body, request) => {
    try {
      return await deleteAccount(request);
    } catch (error) {
      if (!(error instanceof HttpError)) setTimeout(() => void resumeErasures(), ERASURE_RETRY_MS).unref();
      throw error;
    }
  };
  app.addHook('onReady', async () => {
    void resumeErasures();
  });

  requireAuth(app, verifier, {
    allowUnverifiedEmail: (request) =>
      UNVERIFIED_EMAIL_ALLOWED.has((request.params as { commandName?: string }).commandName ?? ''),
  });
  const perMinute = options.commandsPerMinutePerUser ?? 600;
  const limit =
    perMinute > 0
      ? (await installRateLimits(app))([
          { name: 'commands-user', max: perMinute, windowSeconds: 60, key: (request) => request.user?.uid ?? null },
        ])
      : undefined;
  const routeOptions = limit === undefined ? { bodyLimit: BODY_LIMIT } : { bodyLimit: BODY_LIMIT, preHandler: limit };
  app.post<{ Params: { commandName: string } }>('/:commandName', routeOptions, async (request) => {
    const route = Object.hasOwn(commands, request.params.commandName)
      ? commands[request.params.commandName]
      : undefined;
    if (route === undefined) throw new HttpError(404, 'unknown_command', 'There is no such command.');
    const type = request.headers['content-type'] ?? '';
    if (!/^application\/json\b/i.test(type)) throw new HttpError(415, 'unsupported_media_type', 'Send JSON.');
    return route(currentUser(request), request.body, request);
  });
};
