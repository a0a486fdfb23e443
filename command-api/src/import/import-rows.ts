import { findBuiltInCategory } from '@plenty/contracts/categories';
import type { TransactionCommand } from '@plenty/contracts/commands/transaction';
import { isDomainError } from '@plenty/contracts/errors';
import { streamIds } from '@plenty/contracts/events/envelope';
import {
  importRowCommandId,
  importTransactionId,
  type ImportRowsAnswer,
  type ImportRowsRequest,
} from '@plenty/contracts/imports';
import { defaultWalletCurrency } from '@plenty/contracts/wallets';
import { WrongExpectedRevisionError, appendManyOf, type BatchAppend } from '@plenty/platform/event-store/port';
import { HttpError } from '@plenty/platform/http/errors';
import type { CommandsInFlight } from '../account/commands-in-flight.js';
import { encodeDecision, type PipelineDeps } from '../pipeline/run-command.js';
import type { CommandCaller } from '../pipeline/stream-definition.js';
import type { ProfileCache } from '../profile/profile-cache.js';
import { decideTransaction } from '../transaction/transaction.decider.js';
import { initialTransactionState } from '../transaction/transaction.state.js';
import { profileContext, transactionStream } from '../transaction/transaction.stream.js';
import { importNotFound, readImport, undoRow, type ImportStreamDeps } from './import.stream.js';

/*
 * `POST /api/imports/rows` without HTTP (contracts/src/imports.ts, step 2): each row of a
 * started batch becomes a TransactionAdded on `transaction-<importTransactionId>`, decided as
 * AddTransaction is (its decider, with the context the transaction stream reads from the
 * profile: a split's lines and tags get the same checks and codes as in the app), opened with
 * `no_stream` and the row's command id `importRowCommandId(…, 'add')`.
 *
 * Fast: the batch's stream and the user's profile are read once per request, not per row; a new
 * stream needs no read (it is opened with `no_stream`: the store refuses a second opening, and
 * answers the same command's events sent again as a retry); the appends go to the store together
 * (`appendMany`: one transaction of the embedded store), each still atomic and checked on its own.
 */

export interface ImportRowsDeps extends PipelineDeps {
  readonly profiles: ProfileCache;
  /**
   * The transaction stream's definition, to delete the rows a request added after their batch's
   * undo began; absent, one without receipts is made from `profiles` (imported rows have none).
   */
  readonly transactions?: ImportStreamDeps['transactions'];
  /** The command API's commands in flight: an erasure waits for a request under way. */
  readonly inFlight: CommandsInFlight;
}

type RowResult = ImportRowsAnswer['results'][number];

/**
 * Whether a row needs the user's profile: a category of their own (its own or a split line's)
 * or a wallet other than a default one.
 */
function needsProfile(userId: string, request: ImportRowsRequest): boolean {
  return request.rows.some(
    (row) =>
      findBuiltInCategory(row.categoryId) === undefined ||
      (row.splits ?? []).some((line) => findBuiltInCategory(line.categoryId) === undefined) ||
      (row.walletId !== undefined && defaultWalletCurrency(userId, row.walletId) === null),
  );
}

/**
 * Adds the rows of one request to a batch the user started, not finished and not undone:
 * 404 `import_not_found` (none, or another user's), 409 `import_undone`, 422 `import_finished`,
 * 400 for a row number past the batch's rows. Each row answers `added`, `exists` (in already:
 * a retry, or the same file sent again) or `refused` with the code AddTransaction would answer.
 */
export async function importRows(
  deps: ImportRowsDeps,
  caller: CommandCaller,
  request: ImportRowsRequest,
): Promise<ImportRowsAnswer> {
  const userId = caller.user.uid;
  return deps.inFlight.run(userId, async () => {
    const { batchId } = request;
    const folded = await readImport(deps, userId, batchId);
    const state = folded?.state ?? { status: 'none' as const };
    if (state.status === 'none') throw importNotFound();
    if (state.status === 'undoing' || state.status === 'undone') {
      throw new HttpError(409, 'import_undone', 'import undone');
    }
    if (state.status === 'finished') throw new HttpError(422, 'import_finished', 'import finished');
    const beyond = request.rows.findIndex((row) => row.row >= state.batch.rowCount);
    if (beyond >= 0) {
      throw new HttpError(400, 'validation_failed', 'Request validation failed.', {
        [`rows.${String(beyond)}.row`]: 'field_invalid',
      });
    }

    const profile = needsProfile(userId, request) ? await deps.profiles.load(userId) : null;
    const context = { ...profileContext(userId, profile), receiptExists: () => false };
    const now = deps.now();
    const results: RowResult[] = [];
    const appends: BatchAppend[] = [];
    const appended: number[] = [];
    await Promise.all(
      request.rows.map(async ({ row, ...fields }, index) => {
        const transactionId = importTransactionId(userId, batchId, row);
        const commandId = importRowCommandId(userId, batchId, row, 'add');
        results[index] = { row, outcome: 'added', transactionId };
        const command: TransactionCommand = { type: 'AddTransaction', data: { commandId, transactionId, ...fields } };
        const decided = decideTransaction(command, initialTransactionState, context);
        if (isDomainError(decided)) {
          // Added by an earlier attempt before what it names changed (a wallet archived since): in already.
          const opened = (await deps.eventStore.readStream(streamIds.transaction(transactionId), { maxCount: 1 })).some(
            (event) => event.metadata.userId === userId,
          );
          results[index] = opened
            ? { row, outcome: 'exists', transactionId }
            : { row, outcome: 'refused', code: decided.code, transactionId };
          return;
        }
        const events = decided.map((event) =>
          event.type === 'TransactionAdded' ? { ...event, data: { ...event.data, import: { batchId, row } } } : event,
        );
        const encoded = await encodeDecision(deps, { userId, commandId }, events, now);
        appends.push({
          streamId: streamIds.transaction(transactionId),
          events: encoded,
          expectedRevision: 'no_stream',
        });
        appended.push(index);
      }),
    );
    const outcomes = await appendManyOf(deps.eventStore, appends);
    outcomes.forEach((outcome, position) => {
      const index = appended[position];
      const result = index === undefined ? undefined : results[index];
      if (index === undefined || result === undefined) throw new Error('an append lost its row');
      if (outcome.ok && outcome.appended) return;
      if (!outcome.ok && !(outcome.error instanceof WrongExpectedRevisionError)) throw outcome.error;
      // Opened before: by this row's earlier attempt (the stream is the row's own).
      results[index] = { ...result, outcome: 'exists' };
    });
    await undoLateRows(deps, caller, batchId, results);
    return { results };
  });
}

/**
 * An undo that began while this request's rows were on their way to the store has passed them
 * by (or will not see them): read the batch again once they are in and, if it is undoing or
 * undone, delete the rows this request added as the undo does (the same command ids, so a
 * deletion the undo made too is a retry), then answer 409 `import_undone` as for rows sent after it.
 */
async function undoLateRows(
  deps: ImportRowsDeps,
  caller: CommandCaller,
  batchId: string,
  results: readonly RowResult[],
): Promise<void> {
  const added = results.filter((result) => result.outcome === 'added').map((result) => result.row);
  if (added.length === 0) return;
  const now = await readImport(deps, caller.user.uid, batchId);
  if (now?.state.status !== 'undoing' && now?.state.status !== 'undone') return;
  const undoDeps: ImportStreamDeps = {
    ...deps,
    transactions: deps.transactions ?? transactionStream({ profiles: deps.profiles, blobs: null, receipts: null }),
  };
  for (const row of added) await undoRow(undoDeps, caller, batchId, row);
  throw new HttpError(409, 'import_undone', 'import undone');
}
