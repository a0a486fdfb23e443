import { domainError, type DomainError } from '@plenty/contracts/errors';
import {
  transferDetailsOf,
  withTransferChanges,
  type TransferChanges,
  type TransferCommand,
  type TransferEvent,
} from '@plenty/contracts/transfers';
import { checkWalletUse, type Wallet } from '../profile/wallets.decider.js';
import type { TransferDetails, TransferState } from './transfer.state.js';

export interface TransferContext {
  /** The user's wallet with this id (their own or one of their default wallets), or null. */
  wallet(walletId: string): Wallet | null;
}

type Side = 'out' | 'in';
const SIDES = {
  out: { walletField: 'fromWalletId', amountField: 'amountOut' },
  in: { walletField: 'toWalletId', amountField: 'amountIn' },
} as const;

/**
 * The rules of `contracts/src/transfers.ts` for the transfer as it will be. Only the sides in
 * `checked` are looked up (an edit of the date alone does not look at the wallets); `moved`
 * are those whose wallet is new, which may not be archived.
 */
function checkTransfer(
  context: TransferContext,
  transfer: TransferDetails,
  checked: ReadonlySet<Side>,
  moved: ReadonlySet<Side>,
): DomainError | null {
  for (const side of checked) {
    const { walletField, amountField } = SIDES[side];
    const problem = checkWalletUse((id) => context.wallet(id), {
      walletId: side === 'out' ? transfer.fromWalletId : transfer.toWalletId,
      currency: (side === 'out' ? transfer.amountOut : transfer.amountIn).currency,
      field: walletField,
      currencyField: amountField,
      newMoney: moved.has(side),
    });
    if (problem !== null) return problem;
  }
  if (transfer.fromWalletId === transfer.toWalletId) return domainError('transfer_same_wallet', 422, 'toWalletId');
  const { amountOut, amountIn } = transfer;
  if (amountOut.currency === amountIn.currency && amountOut.amount !== amountIn.amount) {
    return domainError('transfer_amounts_differ', 422, 'amountIn');
  }
  return null;
}

const BOTH: ReadonlySet<Side> = new Set(['out', 'in']);

function record(
  command: Extract<TransferCommand, { type: 'RecordTransfer' }>,
  state: TransferState,
  context: TransferContext,
): TransferEvent[] | DomainError {
  if (state.status !== 'none') return domainError('transfer_exists', 409, 'transferId');
  const { commandId: _commandId, ...data } = command.data;
  return checkTransfer(context, transferDetailsOf(data), BOTH, BOTH) ?? [{ type: 'TransferRecorded', data }];
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function edit(
  command: Extract<TransferCommand, { type: 'EditTransfer' }>,
  state: TransferState,
  context: TransferContext,
): TransferEvent[] | DomainError {
  if (state.status !== 'active') return domainError('transfer_not_found', 404, 'transferId');
  const current = state.transfer;
  const changes = Object.fromEntries(
    Object.entries(command.data.changes).filter(
      ([key, value]) => value !== undefined && !sameValue(current[key as keyof TransferDetails], value),
    ),
  ) as TransferChanges;
  if (Object.keys(changes).length === 0) return domainError('nothing_to_change', 422);
  const next = withTransferChanges(current, changes);
  const moved = new Set<Side>();
  if (changes.fromWalletId !== undefined) moved.add('out');
  if (changes.toWalletId !== undefined) moved.add('in');
  const checked = new Set<Side>(moved);
  if (changes.amountOut !== undefined && changes.amountOut.currency !== current.amountOut.currency) checked.add('out');
  if (changes.amountIn !== undefined && changes.amountIn.currency !== current.amountIn.currency) checked.add('in');
  const problem = checkTransfer(context, next, checked, moved);
  if (problem !== null) return problem;
  return [{ type: 'TransferEdited', data: { transferId: command.data.transferId, changes } }];
}

/** Decides what a transfer command records, or why it cannot. Pure. */
export function decideTransfer(
  command: TransferCommand,
  state: TransferState,
  context: TransferContext,
): TransferEvent[] | DomainError {
  switch (command.type) {
    case 'RecordTransfer':
      return record(command, state, context);
    case 'EditTransfer':
      return edit(command, state, context);
    case 'DeleteTransfer':
      return state.status === 'active'
        ? [{ type: 'TransferDeleted', data: { transferId: command.data.transferId } }]
        : domainError('transfer_not_found', 404, 'transferId');
    default: {
      const unknownCommand: never = command;
      throw new Error(`unknown transfer command ${JSON.stringify(unknownCommand)}`);
    }
  }
}
