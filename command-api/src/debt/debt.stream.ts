import { type DebtCommand } from '@plenty/contracts/commands/debt';
import { streamIds } from '@plenty/contracts/events/envelope';
import { HttpError } from '@plenty/platform/http/errors';
import type { StreamDefinition } from '../pipeline/stream-definition.js';
import type { ProfileCache } from '../profile/profile-cache.js';
import { findWallet } from '../profile/wallets.decider.js';
import { decideDebt, withoutWallets, type DebtContext } from './debt.decider.js';
import { evolveDebt, initialDebtState, type DebtState } from './debt.state.js';

/** The wallet a command names for money in or out: borrowed money (new or moved), a payment, a payment moved to it. */
function namedWallet(command: DebtCommand): string | null {
  switch (command.type) {
    case 'OpenDebt':
    case 'RecordPayment':
    case 'MarkInstallmentPaid':
      return command.data.walletId ?? null;
    case 'EditPayment':
    case 'EditDebt':
      return command.data.changes.walletId ?? null;
    default:
      return null;
  }
}

export interface DebtStreamDeps {
  readonly profiles: ProfileCache;
}

/** The debt commands, each on `debt-<debtId>`. Another user's debt is as unknown as none. */
export function debtStream(deps: DebtStreamDeps): StreamDefinition<DebtCommand, DebtState, DebtContext> {
  return {
    initialState: initialDebtState,
    evolve: evolveDebt,
    streamId: (command) => streamIds.debt(command.data.debtId),
    createsStream: (command) => command.type === 'OpenDebt',
    async loadContext(command, _state, { user }) {
      // The profile is read only when the command names a wallet.
      if (namedWallet(command) === null) return withoutWallets;
      const { wallets } = await deps.profiles.load(user.uid);
      return { wallet: (id) => findWallet(wallets, user.uid, id) };
    },
    decide: (command, state, context, now) => decideDebt(command, state, now, context),
    notFound: () => new HttpError(404, 'debt_not_found', 'debt not found'),
  };
}
