import { describe, expect, it } from 'vitest';
import type { TransactionCommand } from '@plenty/contracts/commands/transaction';
import { domainError } from '@plenty/contracts/errors';
import type { TransactionEvent } from '@plenty/contracts/events/transaction';
import { decideTransaction, type TransactionContext } from './transaction.decider.js';
import { evolveTransaction, initialTransactionState } from './transaction.state.js';

const transactionId = '0192f0c4-7a1b-7c3d-8e4f-5a6b7c8d9e0f';
const commandId = '0192f0c4-7a1b-7c3d-8e4f-000000000001';
const household = '0192f0c4-7a1b-7c3d-8e4f-00000000c0ff';
const bonus = '0192f0c4-7a1b-7c3d-8e4f-00000000c0b0';
const context: TransactionContext = {
  categoryType: (id) => (id === household ? 'expense' : id === bonus ? 'income' : null),
  receiptExists: () => false,
  saveLocation: true,
  wallet: () => null,
};

/** A supermarket receipt of 1,000 baht: 600 food, 400 household. */
const receipt = {
  transactionId,
  type: 'expense',
  amount: { amount: 100_000, currency: 'THB' },
  categoryId: 'builtin-food',
  date: '2026-11-20',
  splits: [
    { categoryId: 'builtin-food', amount: 60_000 },
    { categoryId: household, amount: 40_000, note: 'Soap' },
  ],
  tags: ['Trip to Luang Prabang'],
} as const;

const addedSplit: TransactionEvent = {
  type: 'TransactionAdded',
  data: { ...receipt, splits: [...receipt.splits], tags: [...receipt.tags] },
};

function given(...events: TransactionEvent[]) {
  const state = events.reduce(evolveTransaction, initialTransactionState);
  return { when: (command: TransactionCommand) => decideTransaction(command, state, context) };
}

const add = (data: Record<string, unknown> = {}): TransactionCommand =>
  ({ type: 'AddTransaction', data: { commandId, ...receipt, ...data } }) as unknown as TransactionCommand;

const edit = (changes: Record<string, unknown>): TransactionCommand =>
  ({ type: 'EditTransaction', data: { commandId, transactionId, changes } }) as TransactionCommand;

describe('adding a split transaction', () => {
  it('records the lines and the tags as sent', () => {
    expect(given().when(add())).toEqual([
      { type: 'TransactionAdded', data: { ...receipt, splits: receipt.splits, tags: receipt.tags } },
    ]);
  });

  it("refuses a line whose category is unknown, with the line's field", () => {
    const splits = [
      { categoryId: 'builtin-food', amount: 60_000 },
      { categoryId: '0192f0c4-7a1b-7c3d-8e4f-00000000dead', amount: 40_000 },
    ];
    expect(given().when(add({ splits }))).toEqual(domainError('category_not_found', 422, 'splits.1.categoryId'));
  });

  it('refuses a line whose category does not suit the type', () => {
    const splits = [
      { categoryId: 'builtin-food', amount: 60_000 },
      { categoryId: bonus, amount: 40_000 },
    ];
    expect(given().when(add({ splits }))).toEqual(domainError('category_type_mismatch', 422, 'splits.1.categoryId'));
  });

  it('refuses lines that do not add up to the amount', () => {
    expect(given().when(add({ amount: { amount: 100_001, currency: 'THB' } }))).toEqual(
      domainError('split_total_mismatch', 422, 'splits'),
    );
  });

  it("refuses a category that is not the first line's", () => {
    expect(given().when(add({ categoryId: household }))).toEqual(
      domainError('split_category_mismatch', 422, 'categoryId'),
    );
  });
});

describe('editing a split transaction', () => {
  it('refuses another amount without lines that fit', () => {
    expect(given(addedSplit).when(edit({ amount: { amount: 90_000, currency: 'THB' } }))).toEqual(
      domainError('split_total_mismatch', 422, 'amount'),
    );
  });

  it('refuses another currency without lines, even for the same minor units', () => {
    expect(given(addedSplit).when(edit({ amount: { amount: 100_000, currency: 'LAK' } }))).toEqual(
      domainError('split_total_mismatch', 422, 'amount'),
    );
  });

  it('takes another amount with lines that fit', () => {
    const splits = [
      { categoryId: 'builtin-food', amount: 50_000 },
      { categoryId: household, amount: 40_000 },
    ];
    expect(given(addedSplit).when(edit({ amount: { amount: 90_000, currency: 'THB' }, splits }))).toEqual([
      {
        type: 'TransactionEdited',
        data: { transactionId, changes: { amount: { amount: 90_000, currency: 'THB' }, splits } },
      },
    ]);
  });

  it("gives the transaction the first line's category when new lines come without one", () => {
    const splits = [
      { categoryId: household, amount: 70_000 },
      { categoryId: 'builtin-food', amount: 30_000 },
    ];
    expect(given(addedSplit).when(edit({ splits }))).toEqual([
      { type: 'TransactionEdited', data: { transactionId, changes: { splits, categoryId: household } } },
    ]);
  });

  it('refuses another category alone: the first line says otherwise', () => {
    expect(given(addedSplit).when(edit({ categoryId: household }))).toEqual(
      domainError('split_category_mismatch', 422, 'categoryId'),
    );
  });

  it('refuses another type whose lines do not suit it', () => {
    expect(given(addedSplit).when(edit({ type: 'income' }))).toEqual(
      domainError('category_type_mismatch', 422, 'splits.0.categoryId'),
    );
  });

  it('makes it a one-category transaction again with null lines, then takes any amount', () => {
    const undone = given(addedSplit).when(edit({ splits: null }));
    expect(undone).toEqual([{ type: 'TransactionEdited', data: { transactionId, changes: { splits: null } } }]);
    const events = [addedSplit, ...(undone as TransactionEvent[])];
    expect(given(...events).when(edit({ amount: { amount: 90_000, currency: 'THB' } }))).toEqual([
      {
        type: 'TransactionEdited',
        data: { transactionId, changes: { amount: { amount: 90_000, currency: 'THB' } } },
      },
    ]);
  });

  it('sees the same lines and tags as nothing to change, and clears tags with [] or null', () => {
    expect(given(addedSplit).when(edit({ splits: receipt.splits, tags: receipt.tags }))).toEqual(
      domainError('nothing_to_change', 422),
    );
    expect(given(addedSplit).when(edit({ tags: [] }))).toEqual([
      { type: 'TransactionEdited', data: { transactionId, changes: { tags: [] } } },
    ]);
    const cleared: TransactionEvent = { type: 'TransactionEdited', data: { transactionId, changes: { tags: null } } };
    expect(given(addedSplit, cleared).when(edit({ tags: [] }))).toEqual(domainError('nothing_to_change', 422));
  });

  it('records new lines of the same category and amount as the only change', () => {
    const splits = [
      { categoryId: 'builtin-food', amount: 10_000 },
      { categoryId: household, amount: 90_000 },
    ];
    const decided = given(addedSplit).when(edit({ splits }));
    expect(decided).toEqual([{ type: 'TransactionEdited', data: { transactionId, changes: { splits } } }]);
  });
});
