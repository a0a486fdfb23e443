import { transactionCommandSchemas, type TransactionCommand } from '@plenty/contracts/commands/transaction';
import { findBuiltInCategory } from '@plenty/contracts/categories';
import { streamIds } from '@plenty/contracts/events/envelope';
import { parseOrThrow } from '@plenty/platform/http/errors';
import type { CommandRoute } from '../command-route.js';
import { handleCommand, type CommandDeps } from '../handler.js';
import type { ProfileCache } from '../profile/profile-cache.js';
import { decideTransaction, type TransactionContext } from './transaction.decider.js';
import { evolveTransaction, initialTransactionState, type TransactionState } from './transaction.state.js';

function referencedCategory(command: TransactionCommand, state: TransactionState): string | null {
  if (command.type !== 'EditTransaction') return null;
  return command.data.changes.categoryId ?? (state.status === 'active' ? state.transaction.categoryId : null);
}

export function transactionRoutes(
  deps: CommandDeps,
  profiles: ProfileCache,
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
            const profile =
              referenced === null || findBuiltInCategory(referenced) ? null : await profiles.load(user.uid);
            const context: TransactionContext = { categoryType: (id) => profile?.categories.get(id)?.type ?? null };
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
