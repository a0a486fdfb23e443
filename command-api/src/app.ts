import type { FastifyPluginAsync } from 'fastify';
import type { CommandName } from '@plenty/contracts/commands/registry';
import { ErasureRecord, refuseErasedUsers } from '@plenty/platform/auth/erased-users';
import type { TokenVerifier } from '@plenty/platform/auth/port';
import type { UserDirectory } from '@plenty/platform/auth/user-directory';
import type { BlobStore } from '@plenty/platform/blob-store/port';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import type { KeyStore } from '@plenty/platform/crypto/port';
import type { EventStore } from '@plenty/platform/event-store/port';
import { HttpError } from '@plenty/platform/http/errors';
import { perUserPerMinute } from '@plenty/platform/http/rate-limit';
import { deleteAccountRoute } from './account/account.routes.js';
import { commandsInFlightOf, type CommandsInFlight } from './account/commands-in-flight.js';
import { AccountEraser, type IdentityAdmin } from './account/erasure.js';
import {
  callerOf,
  commandRoutes,
  commandsOf,
  type CommandHandler,
  type CommandHandlers,
  type CommandsOf,
} from './command-routes.js';
import { debtStream } from './debt/debt.stream.js';
import { runCommand, type PipelineDeps } from './pipeline/run-command.js';
import type { Command, StreamDefinition } from './pipeline/stream-definition.js';
import { ProfileCache } from './profile/profile-cache.js';
import { profileStream } from './profile/profile.stream.js';
import { ReceiptRelease } from './receipt/receipt-release.js';
import { transactionStream } from './transaction/transaction.stream.js';
import { transferStream } from './transfer/transfer.stream.js';
import { recurringPosting, type RecurringPosting } from './recurring/posting.js';
import { recurringStream } from './recurring/recurring.stream.js';
import { importRows } from './import/import-rows.js';
import type { ImportRowsService } from './import/import-rows.routes.js';
import { importStream } from './import/import.stream.js';
import { postOccurrenceStream } from './transaction/post-occurrence.stream.js';
import { restoreStream } from './restore/restore.stream.js';

export interface CommandApiOptions {
  readonly eventStore: EventStore;
  readonly codec: EventCodec;
  readonly verifier: TokenVerifier;
  readonly now?: () => Date;
  /** A generous limit per user on all commands (per instance); 0 turns it off. Default 600. */
  readonly commandsPerMinutePerUser?: number;
  /**
   * What account deletion erases besides the event streams. With `blobs`, a receipt a
   * transaction attaches must be one the user uploaded, and a receipt no live transaction
   * holds any more is deleted.
   */
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
   * Given, it receives the server's posting of recurring occurrences (recurring/posting.ts) bound
   * to this API's pipeline: its profile cache, and its commands in flight, so an account erasure
   * waits for a posting under way.
   */
  readonly recurringPosting?: (posting: RecurringPosting) => void;
  /**
   * Given, it receives the import of rows (`POST /api/imports/rows`, import/import-rows.ts) bound
   * to this API's pipeline, profile cache and commands in flight, to register with
   * `importRowsApi` under `/api/imports`.
   */
  readonly importRows?: (rows: ImportRowsService) => void;
  /**
   * Given, each command's answer waits for it first, e.g. until the read models are within a
   * few events of it (`backpressure`, backpressure.ts): commands then come no faster than the
   * projector applies them, and a read after one's own write does not wait for a backlog.
   */
  readonly settle?: (position: string) => Promise<void>;
}

/** An erasure that failed half-way is finished again after this delay (and at every start). */
const ERASURE_RETRY_MS = 30_000;

const BODY_LIMIT = 64 * 1024;

type PipelineStream = 'transaction' | 'transfer' | 'recurring' | 'import' | 'restore' | 'profile' | 'debt';
type StreamCommand = CommandsOf<PipelineStream>;

/**
 * A handler for each command of one stream family, running the pipeline with the family's
 * definition. Every command of a user waits in line with their erasure (see CommandsInFlight).
 */
function pipelineHandlers<S extends PipelineStream, C extends Command, State, Context>(
  deps: PipelineDeps & { readonly inFlight: CommandsInFlight },
  stream: S,
  definition: StreamDefinition<C, State, Context>,
): CommandHandlers<CommandsOf<S>> {
  return Object.fromEntries(
    commandsOf(stream).map((name) => [name, pipelineHandler(deps, definition, name)]),
  ) as CommandHandlers<CommandsOf<S>>;
}

/** The handler of one command run by the pipeline with a stream definition. */
function pipelineHandler<C extends Command, State, Context>(
  deps: PipelineDeps & { readonly inFlight: CommandsInFlight },
  definition: StreamDefinition<C, State, Context>,
  type: CommandName,
): CommandHandler<CommandName> {
  return async (data, request) => {
    const caller = callerOf(request);
    return deps.inFlight.run(caller.user.uid, () =>
      runCommand(deps, definition, { type, data } as unknown as C, caller),
    );
  };
}

/** `POST /<CommandName>` for the money and account commands: register with `{ prefix: '/api/commands' }`. */
export const commandApi: FastifyPluginAsync<CommandApiOptions> = async (app, options) => {
  const erasedUsers = options.erasedUsers ?? new ErasureRecord(options.eventStore);
  const verifier = refuseErasedUsers(options.verifier, erasedUsers);
  // Shared with the restore's events route given the same record (restore/restore-events.routes.ts).
  const inFlight = commandsInFlightOf(erasedUsers);
  const deps = {
    eventStore: options.eventStore,
    codec: options.codec,
    now: options.now ?? (() => new Date()),
    inFlight,
  };
  const { blobs } = options.account;
  // One cache of folded profiles for every stream that checks a category or a wallet.
  const profiles = new ProfileCache(options.eventStore, options.codec);
  const transactions = transactionStream({
    profiles,
    blobs,
    receipts:
      blobs === null ? null : new ReceiptRelease({ eventStore: options.eventStore, codec: options.codec, blobs }),
  });

  const rules = { profiles, eventStore: options.eventStore, codec: options.codec };
  options.recurringPosting?.(recurringPosting({ ...deps, profiles, log: app.log }));
  options.importRows?.((caller, request) => importRows({ ...deps, profiles, transactions }, caller, request));

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
  app.addHook('onReady', async () => {
    void resumeErasures();
  });

  const postOccurrenceHandler: CommandHandlers<'PostOccurrence'> = {
    PostOccurrence: pipelineHandler(deps, postOccurrenceStream(rules), 'PostOccurrence'),
  };
  const handlers: CommandHandlers<StreamCommand | 'DeleteAccount'> = {
    ...pipelineHandlers(deps, 'transaction', transactions),
    // On a transaction stream too, but decided from its recurring rule.
    ...postOccurrenceHandler,
    ...pipelineHandlers(deps, 'recurring', recurringStream(rules)),
    ...pipelineHandlers(deps, 'import', importStream({ ...deps, transactions })),
    ...pipelineHandlers(deps, 'restore', restoreStream({ eventStore: options.eventStore })),
    ...pipelineHandlers(deps, 'transfer', transferStream({ profiles })),
    ...pipelineHandlers(deps, 'profile', profileStream),
    ...pipelineHandlers(deps, 'debt', debtStream({ profiles })),
    async DeleteAccount(body, request) {
      try {
        return await deleteAccount(body, request);
      } catch (error) {
        if (!(error instanceof HttpError)) setTimeout(() => void resumeErasures(), ERASURE_RETRY_MS).unref();
        throw error;
      }
    },
  };
  const limit = await perUserPerMinute(app, 'commands-user', options.commandsPerMinutePerUser ?? 600);
  await commandRoutes(app, handlers, {
    verifier,
    bodyLimit: BODY_LIMIT,
    limits: limit === undefined ? {} : { verified: limit, 'signed-in': limit },
    answerUnknown: true,
    ...(options.settle === undefined ? {} : { settle: options.settle }),
  });
};
