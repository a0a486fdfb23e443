import type { Money } from '@plenty/contracts/money';
import type { TransferEvent } from '@plenty/contracts/transfers';

export interface TransferDetails {
  readonly fromWalletId: string;
  readonly toWalletId: string;
  readonly amountOut: Money;
  readonly amountIn: Money;
  readonly date: string;
  readonly time: string | null;
  readonly note: string | null;
}

export type TransferState =
  | { readonly status: 'none' }
  | { readonly status: 'active'; readonly transfer: TransferDetails }
  | { readonly status: 'deleted' };

export const initialTransferState: TransferState = { status: 'none' };

export function evolveTransfer(state: TransferState, event: { type: string; data: unknown }): TransferState {
  const known = event as TransferEvent;
  switch (known.type) {
    case 'TransferRecorded': {
      const { transferId: _transferId, time, note, ...fields } = known.data;
      return { status: 'active', transfer: { ...fields, time: time ?? null, note: note ?? null } };
    }
    case 'TransferEdited': {
      if (state.status !== 'active') return state;
      const changes = Object.fromEntries(Object.entries(known.data.changes).filter(([, value]) => value !== undefined));
      return { status: 'active', transfer: { ...state.transfer, ...changes } };
    }
    case 'TransferDeleted':
      return { status: 'deleted' };
    default:
      return state;
  }
}
