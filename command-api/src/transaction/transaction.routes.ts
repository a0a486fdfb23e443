import { transactionCommandSchemas, type TransactionCommand } from '@plenty/contracts/commands/transaction';
import { streamIds } from '@plenty/contracts/events/envelope';
import { parseOrThrow } from '@plenty/platform/http/errors';
import type { CommandRoute } from '../command-route.js';
import { handleCommand, type CommandDeps } from '../handler.js';
import type { ProfileCache } from '../profile/profile-cache.js';
import { decideTransaction, type TransactionContext } from './transaction.decider.js';
import { evolveTransaction, initialTransactionState } from './transaction.state.js';

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
          async decide(state) {
            const profile = await profiles.load(user.uid);
            const context: TransactionContext = { categoryType: (id) => profile.categories.get(id)?.type ?? null };
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
