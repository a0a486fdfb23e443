import type { Money } from '@plenty/contracts/money';
import type { TransactionType } from '@plenty/contracts/categories';
import type { TransactionEvent, TransactionLocation } from '@plenty/contracts/events/transaction';
import type { SplitLine } from '@plenty/contracts/splits';

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
  /** Its category lines (splits.ts); null: the whole amount is `categoryId`'s. */
  readonly splits: readonly SplitLine[] | null;
  /** Its tags as spelled; [] for none. */
  readonly tags: readonly string[];
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
      const { type, amount, categoryId, date, time, note, receipt, location, walletId, splits, tags } = known.data;
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
          splits: splits ?? null,
          tags: tags ?? [],
        },
      };
    }
    case 'TransactionEdited': {
      if (state.status !== 'active') return state;
      const changes = Object.fromEntries(Object.entries(known.data.changes).filter(([, value]) => value !== undefined));
      // Cleared tags are none; lines set to null make it a one-category transaction again.
      if (changes.tags === null) changes.tags = [];
      return { status: 'active', transaction: { ...state.transaction, ...changes } };
    }
    case 'TransactionDeleted':
      return { status: 'deleted' };
    default:
      return state;
  }
}
