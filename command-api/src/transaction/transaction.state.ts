import type { Money } from '@plenty/contracts/money';
import type { TransactionType } from '@plenty/contracts/categories';
import type { TransactionEvent, TransactionLocation } from '@plenty/contracts/events/transaction';

export interface TransactionDetails {
  readonly type: TransactionType;
  readonly amount: Money;
  readonly categoryId: string;
  readonly date: string;
  readonly time: string | null;
  readonly note: string | null;
  readonly receipt: string | null;
  readonly location: TransactionLocation | null;
  /** Null: the user's default wallet of the amount's currency. */
  readonly walletId: string | null;
}

export type TransactionState =
  | { readonly status: 'none' }
  | { readonly status: 'active'; readonly transaction: TransactionDetails }
  | { readonly status: 'deleted' };

export const initialTransactionState: TransactionState = { status: 'none' };

export function evolveTransaction(state: TransactionState, event: { type: string; data: unknown }): TransactionState {
  const known = event as TransactionEvent;
  switch (known.type) {
    case 'TransactionAdded': {
      const { type, amount, categoryId, date, time, note, receipt, location, walletId } = known.data;
      return {
        status: 'active',
        transaction: {
          type,
          amount,
          categoryId,
          date,
          time: time ?? null,
          note: note ?? null,
          receipt: receipt ?? null,
          location: location ?? null,
          walletId: walletId ?? null,
        },
      };
    }
    case 'TransactionEdited': {
      if (state.status !== 'active') return state;
      const changes = Object.fromEntries(Object.entries(known.data.changes).filter(([, value]) => value !== undefined));
      return { status: 'active', transaction: { ...state.transaction, ...changes } };
    }
    case 'TransactionDeleted':
      return { status: 'deleted' };
    default:
      return state;
  }
}
