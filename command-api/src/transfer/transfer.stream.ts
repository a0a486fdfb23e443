import { streamIds } from '@plenty/contracts/events/envelope';
import type { TransferCommand } from '@plenty/contracts/transfers';
import { HttpError } from '@plenty/platform/http/errors';
import type { StreamDefinition } from '../pipeline/stream-definition.js';
import type { ProfileCache } from '../profile/profile-cache.js';
import { findWallet, initialWalletsState } from '../profile/wallets.decider.js';
import { decideTransfer, type TransferContext } from './transfer.decider.js';
import { evolveTransfer, initialTransferState, type TransferState } from './transfer.state.js';

/** The wallets the decision looks up: both of a new transfer; of an edit, those it moves to or changes the currency of. */
function checkedWallets(command: TransferCommand, state: TransferState): string[] {
  if (command.type === 'RecordTransfer') return [command.data.fromWalletId, command.data.toWalletId];
  if (command.type !== 'EditTransfer' || state.status !== 'active') return [];
  const { fromWalletId, toWalletId, amountOut, amountIn } = command.data.changes;
  const current = state.transfer;
  const newOut = amountOut !== undefined && amountOut.currency !== current.amountOut.currency;
  const newIn = amountIn !== undefined && amountIn.currency !== current.amountIn.currency;
  const from = fromWalletId ?? (newOut ? current.fromWalletId : undefined);
  const to = toWalletId ?? (newIn ? current.toWalletId : undefined);
  return [from, to].filter((id) => id !== undefined);
}

export interface TransferStreamDeps {
  readonly profiles: ProfileCache;
}

/** The transfer commands, each on `transfer-<transferId>`. Another user's transfer is as unknown as none. */
export function transferStream(
  deps: TransferStreamDeps,
): StreamDefinition<TransferCommand, TransferState, TransferContext> {
  return {
    initialState: initialTransferState,
    evolve: evolveTransfer,
    streamId: (command) => streamIds.transfer(command.data.transferId),
    createsStream: (command) => command.type === 'RecordTransfer',
    async loadContext(command, state, { user }) {
      // The profile says whether a wallet is the user's and archived (a default wallet may be).
      const needsProfile = checkedWallets(command, state).length > 0;
      const wallets = needsProfile ? (await deps.profiles.load(user.uid)).wallets : initialWalletsState;
      return { wallet: (id) => findWallet(wallets, user.uid, id) };
    },
    decide: (command, state, context) => decideTransfer(command, state, context),
    notFound: () => new HttpError(404, 'transfer_not_found', 'transfer not found'),
  };
}
