import { transactionCommandSchemas, type TransactionCommand } from '@plenty/contracts/commands/transaction';
import { findBuiltInCategory } from '@plenty/contracts/categories';
import { streamIds } from '@plenty/contracts/events/envelope';
import { InvalidBlobReferenceError, type BlobStore } from '@plenty/platform/blob-store/port';
import { parseOrThrow } from '@plenty/platform/http/errors';
import type { CommandRoute } from '../command-route.js';
import { handleCommand, type CommandDeps } from '../handler.js';
import type { ProfileCache } from '../profile/profile-cache.js';
import { decideTransaction, type TransactionContext } from './transaction.decider.js';
import { evolveTransaction, initialTransactionState, type TransactionState } from './transaction.state.js';

/** Whether the command would store a location (a new one; removing one needs no permission). */
function sendsLocation(command: TransactionCommand): boolean {
  if (command.type === 'AddTransaction') return command.data.location != null;
  if (command.type === 'EditTransaction') return command.data.changes.location != null;
  return false;
}

function referencedCategory(command: TransactionCommand, state: TransactionState): string | null {
  if (command.type !== 'EditTransaction') return null;
  return command.data.changes.categoryId ?? (state.status === 'active' ? state.transaction.categoryId : null);
}

/** The receipt the command attaches: a new one, not the one the transaction already holds. */
function attachedReceipt(command: TransactionCommand, state: TransactionState): string | null {
  if (command.type === 'AddTransaction') return command.data.receipt ?? null;
  if (command.type !== 'EditTransaction') return null;
  const receipt = command.data.changes.receipt ?? null;
  return state.status === 'active' && state.transaction.receipt === receipt ? null : receipt;
}

/** Whether the user uploaded a receipt with this id; another user's receipt is as unknown as none. */
async function receiptExists(blobs: BlobStore, userId: string, receiptId: string): Promise<boolean> {
  try {
    return (await blobs.get(userId, receiptId)) !== null;
  } catch (error) {
    if (error instanceof InvalidBlobReferenceError) return false;
    throw error;
  }
}

/**
 * The transaction commands. With a blob store, a receipt a command attaches must be one the
 * user uploaded (`receipt_not_found` otherwise); without one, no receipt can be attached.
 */
export function transactionRoutes(
  deps: CommandDeps,
  profiles: ProfileCache,
  blobs: BlobStore | null,
): Record<TransactionCommand['type'], CommandRoute> {
  const route =
    <T extends TransactionCommand['type']>(type: T): CommandRoute =>
    async (user, body) => {
      const command = { type, data: parseOrThrow(transactionCommandSchemas[type], body) } as TransactionCommand;
      const { data } = command;
      return handleCommand(
        deps,
        { userId: user.uid, commandId: data.commandId, streamId: streamIds.transaction(data.transactionId) },
        {
          initialState: initialTransactionState,
          evolve: evolveTransaction,
          createsStream: type === 'AddTransaction',
          async decide(state) {
            // Built-in categories always exist: the user's profile is read only for their own.
            const referenced =
              command.type === 'AddTransaction' ? command.data.categoryId : referencedCategory(command, state);
            // So is the privacy setting: only when the command sends a location.
            const profile =
              (referenced === null || findBuiltInCategory(referenced)) && !sendsLocation(command)
                ? null
                : await profiles.load(user.uid);
            const receipt = attachedReceipt(command, state);
            const found = receipt !== null && blobs !== null && (await receiptExists(blobs, user.uid, receipt));
            const context: TransactionContext = {
              categoryType: (id) => profile?.categories.get(id)?.type ?? null,
              receiptExists: (id) => found && id === receipt,
              // Without a profile read the command sends no location, and none is stored.
              saveLocation: profile?.preferences.preferences.saveLocation ?? false,
            };
            return decideTransaction(command, state, context);
          },
        },
      );
    };
  return {
    AddTransaction: route('AddTransaction'),
    EditTransaction: route('EditTransaction'),
    DeleteTransaction: route('DeleteTransaction'),
  };
}
