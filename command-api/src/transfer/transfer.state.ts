import {
  transferDetailsOf,
  withTransferChanges,
  type TransferDetails,
  type TransferEvent,
} from '@plenty/contracts/transfers';

export type { TransferDetails } from '@plenty/contracts/transfers';

export type TransferState =
  | { readonly status: 'none' }
  | { readonly status: 'active'; readonly transfer: TransferDetails }
  | { readonly status: 'deleted' };

export const initialTransferState: TransferState = { status: 'none' };

export function evolveTransfer(state: TransferState, event: { type: string; data: unknown }): TransferState {
  const known = event as TransferEvent;
  switch (known.type) {
    case 'TransferRecorded':
      return { status: 'active', transfer: transferDetailsOf(known.data) };
    case 'TransferEdited':
      if (state.status !== 'active') return state;
      return { status: 'active', transfer: withTransferChanges(state.transfer, known.data.changes) };
    case 'TransferDeleted':
      return { status: 'deleted' };
    default:
      return state;
  }
}
