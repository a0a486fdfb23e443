import type { TransactionCommand } from '@plenty/contracts/commands/transaction';
import { streamIds } from '@plenty/contracts/events/envelope';
import {
  importRowCommandId,
  importTransactionId,
  importUndoneCommandId,
  type ImportCommand,
} from '@plenty/contracts/imports';
import { WrongExpectedRevisionError } from '@plenty/platform/event-store/port';
import { HttpError } from '@plenty/platform/http/errors';
import { encodeDecision, runCommand, type PipelineDeps } from '../pipeline/run-command.js';
import type { CommandCaller, StreamDefinition } from '../pipeline/stream-definition.js';
import { readOwnedStream } from '../recurring/owned-stream.js';
import type { TransactionContext } from '../transaction/transaction.decider.js';
import type { TransactionState } from '../transaction/transaction.state.js';
import { decideImport } from './import.decider.js';
import { evolveImport, initialImportState, type ImportState } from './import.state.js';

/** Transactions of a batch deleted at once by an undo (their appends share the store's commits). */
export const UNDO_CHUNK = 250;

export interface ImportStreamDeps extends PipelineDeps {
  /** The transaction stream's definition: an undo deletes through it, as the user's DeleteTransaction. */
  readonly transactions: StreamDefinition<TransactionCommand, TransactionState, TransactionContext>;
}

export const importNotFound = (): HttpError => new HttpError(404, 'import_not_found', 'import not found');

/** The batch's stream folded, or null when it is another user's (as unknown as a missing one). */
export async function readImport(
  deps: Pick<PipelineDeps, 'eventStore' | 'codec'>,
  userId: string,
  batchId: string,
): Promise<{ state: ImportState; length: number } | null> {
  return readOwnedStream(deps, streamIds.import(batchId), userId, initialImportState, evolveImport);
}

/**
 * Deletes one row's transaction for the undo, with the row's undo command id: true when the
 * undo deleted it (now, or an earlier run cut short). A row never added, deleted by the user, or
 * (it cannot be, its id holds the user's) another's is skipped.
 */
export async function undoRow(
  deps: ImportStreamDeps,
  caller: CommandCaller,
  batchId: string,
  row: number,
): Promise<boolean> {
  const userId = caller.user.uid;
  let deleted = false;
  const definition: StreamDefinition<TransactionCommand, TransactionState, TransactionContext> = {
    ...deps.transactions,
    react: async (appended, command, context, who) => {
      deleted = appended.events.some((event) => event.type === 'TransactionDeleted');
      await deps.transactions.react?.(appended, command, context, who);
    },
  };
  const command: TransactionCommand = {
    type: 'DeleteTransaction',
    data: {
      commandId: importRowCommandId(userId, batchId, row, 'undo'),
      transactionId: importTransactionId(userId, batchId, row),
    },
  };
  try {
    await runCommand(deps, definition, command, caller);
    return deleted;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return false;
    throw error;
  }
}

/**
 * Finishes the undo of a batch whose stream says `undoing`: deletes every row's transaction
 * still there (rows 0..rowCount-1, a chunk at a time), then appends ImportUndone with how many
 * the undo deleted. Run again after a crash, it goes on where it stopped: the rows deleted
 * already are answered as retries of their deletion, and ImportUndone is appended once.
 */
export async function completeUndo(deps: ImportStreamDeps, caller: CommandCaller, batchId: string): Promise<void> {
  const userId = caller.user.uid;
  const folded = await readImport(deps, userId, batchId);
  if (folded === null || folded.state.status !== 'undoing') return;
  const { rowCount } = folded.state.batch;
  let deleted = 0;
  for (let first = 0; first < rowCount; first += UNDO_CHUNK) {
    const rows = Array.from({ length: Math.min(UNDO_CHUNK, rowCount - first) }, (_, index) => first + index);
    const outcomes = await Promise.all(rows.map((row) => undoRow(deps, caller, batchId, row)));
    deleted += outcomes.filter(Boolean).length;
  }
  const commandId = importUndoneCommandId(userId, batchId);
  const events = await encodeDecision(
    deps,
    { userId, commandId },
    [{ type: 'ImportUndone', data: { batchId, deleted } }],
    deps.now(),
  );
  try {
    await deps.eventStore.appendToStream(streamIds.import(batchId), events, folded.length - 1);
  } catch (error) {
    // Another run of the same undo (a retry racing this one) appended it first.
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    const now = await readImport(deps, userId, batchId);
    if (now?.state.status !== 'undone') throw error;
  }
}

/**
 * The import batch commands, each on `import-<batchId>` (contracts/src/imports.ts). Another
 * user's batch is as unknown as none (404 `import_not_found`). UndoImport's reaction deletes
 * the batch's transactions; sent again while the undo is under way, it finishes it.
 */
export function importStream(deps: ImportStreamDeps): StreamDefinition<ImportCommand, ImportState, undefined> {
  return {
    initialState: initialImportState,
    evolve: evolveImport,
    streamId: (command) => streamIds.import(command.data.batchId),
    createsStream: (command) => command.type === 'StartImport',
    loadContext: () => undefined,
    decide: (command, state) => decideImport(command, state),
    async react(_appended, command, _context, caller) {
      if (command.type !== 'UndoImport') return;
      await completeUndo(deps, caller, command.data.batchId);
    },
    notFound: importNotFound,
  };
}
