import { describe, expect, it } from 'vitest';
import type { TransactionCommand } from '@plenty/contracts/commands/transaction';
import { domainError } from '@plenty/contracts/errors';
import type { TransactionEvent } from '@plenty/contracts/events/transaction';
import { decideTransaction, type TransactionContext } from './transaction.decider.js';
import { evolveTransaction, initialTransactionState } from './transaction.state.js';
import { testWallet, walletLookup } from '../testing/wallet-fixtures.js';

const transactionId = '0192f0c4-7a1b-7c3d-8e4f-5a6b7c8d9e0f';
const commandId = '0192f0c4-7a1b-7c3d-8e4f-000000000001';
const coffeeCategory = '0192f0c4-7a1b-7c3d-8e4f-00000000c0ff';
const uploadedReceipt = '0192f0c4-7a1b-8c3d-8e4f-0000000000aa';
const bankWallet = '0192f0c4-7a1b-7c3d-8e4f-0000000000b1';
const oldWallet = '0192f0c4-7a1b-7c3d-8e4f-0000000000b2';
const kipWallet = '0192f0c4-7a1b-7c3d-8e4f-0000000000b3';
const cashWallet = '0192f0c4-7a1b-7c3d-8e4f-0000000000b4';
const wallets = walletLookup(
  testWallet(bankWallet, 'THB'),
  testWallet(oldWallet, 'THB', true),
  testWallet(kipWallet, 'LAK'),
  testWallet(cashWallet, 'THB'),
);
const context: TransactionContext = {
  categoryType: (id) => (id === coffeeCategory ? 'expense' : null),
  receiptExists: (id) => id === uploadedReceipt,
  saveLocation: true,
  wallet: wallets,
};

/** The transaction an AddTransaction of these fields records. */
const noodles = {
  transactionId,
  type: 'expense',
  amount: { amount: 4500, currency: 'THB' },
  categoryId: 'builtin-food',
  date: '2026-11-20',
  note: 'Noodles',
} as const;

const added: TransactionEvent = { type: 'TransactionAdded', data: noodles };

function given(...events: TransactionEvent[]) {
  const state = events.reduce(evolveTransaction, initialTransactionState);
  return { when: (command: TransactionCommand) => decideTransaction(command, state, context) };
}

const add = (
  overrides: Partial<Extract<TransactionCommand, { type: 'AddTransaction' }>['data']> = {},
): TransactionCommand => ({
  type: 'AddTransaction',
  data: { commandId, ...noodles, ...overrides },
});

const edit = (
  changes: Extract<TransactionCommand, { type: 'EditTransaction' }>['data']['changes'],
): TransactionCommand => ({
  type: 'EditTransaction',
  data: { commandId, transactionId, changes },
});

describe('adding a transaction', () => {
  it('records TransactionAdded without the command id', () => {
    expect(given().when(add())).toEqual([added]);
  });

  it('accepts a custom category of the same type and a general built-in one', () => {
    expect(given().when(add({ categoryId: coffeeCategory }))).toHaveLength(1);
    expect(given().when(add({ categoryId: 'builtin-gifts', type: 'income' }))).toHaveLength(1);
  });

  it('refuses a category the user does not have', () => {
    expect(given().when(add({ categoryId: '0192f0c4-7a1b-7c3d-8e4f-00000000dead' }))).toEqual(
      domainError('category_not_found', 422, 'categoryId'),
    );
  });

  it('refuses an income in an expense category', () => {
    expect(given().when(add({ type: 'income', categoryId: 'builtin-food' }))).toEqual(
      domainError('category_type_mismatch', 422, 'categoryId'),
    );
  });

  it('refuses an id that is already used', () => {
    expect(given(added).when(add())).toEqual(domainError('transaction_exists', 409, 'transactionId'));
  });
});

describe('attaching a receipt', () => {
  it('accepts a receipt the user uploaded, when adding and when editing', () => {
    expect(given().when(add({ receipt: uploadedReceipt }))).toEqual([
      { ...added, data: { ...added.data, receipt: uploadedReceipt } },
    ]);
    expect(given(added).when(edit({ receipt: uploadedReceipt }))).toEqual([
      { type: 'TransactionEdited', data: { transactionId, changes: { receipt: uploadedReceipt } } },
    ]);
  });

  it('refuses a receipt that is unknown or belongs to another user, on the receipt field', () => {
    const unknown = '0192f0c4-7a1b-8c3d-8e4f-0000000000bb';
    expect(given().when(add({ receipt: unknown }))).toEqual(domainError('receipt_not_found', 422, 'receipt'));
    expect(given(added).when(edit({ receipt: unknown }))).toEqual(domainError('receipt_not_found', 422, 'receipt'));
  });

  it('lets an edit remove the receipt or keep one it already holds without looking it up', () => {
    const held = '0192f0c4-7a1b-8c3d-8e4f-0000000000cc';
    const withReceipt: TransactionEvent = { ...added, data: { ...added.data, receipt: held } } as TransactionEvent;
    expect(given(withReceipt).when(edit({ receipt: null }))).toEqual([
      { type: 'TransactionEdited', data: { transactionId, changes: { receipt: null } } },
    ]);
    expect(given(withReceipt).when(edit({ receipt: held, note: 'Pho' }))).toEqual([
      { type: 'TransactionEdited', data: { transactionId, changes: { note: 'Pho' } } },
    ]);
  });
});

describe('editing a transaction', () => {
  it('records only what changed', () => {
    expect(given(added).when(edit({ amount: { amount: 5000, currency: 'THB' }, categoryId: 'builtin-food' }))).toEqual([
      { type: 'TransactionEdited', data: { transactionId, changes: { amount: { amount: 5000, currency: 'THB' } } } },
    ]);
  });

  it('clears an optional field with null', () => {
    expect(given(added).when(edit({ note: null }))).toEqual([
      { type: 'TransactionEdited', data: { transactionId, changes: { note: null } } },
    ]);
  });

  it('refuses an edit that changes nothing', () => {
    expect(given(added).when(edit({ note: 'Noodles' }))).toEqual(domainError('nothing_to_change', 422));
  });

  it('checks the category again when the type changes', () => {
    expect(given(added).when(edit({ type: 'income' }))).toEqual(
      domainError('category_type_mismatch', 422, 'categoryId'),
    );
  });

  it('refuses a transaction that does not exist or was deleted', () => {
    expect(given().when(edit({ note: 'x' }))).toEqual(domainError('transaction_not_found', 404));
    expect(given(added, { type: 'TransactionDeleted', data: { transactionId } }).when(edit({ note: 'x' }))).toEqual(
      domainError('transaction_not_found', 404),
    );
  });
});

describe('deleting a transaction', () => {
  it('records TransactionDeleted once', () => {
    const remove: TransactionCommand = { type: 'DeleteTransaction', data: { commandId, transactionId } };
    const deleted = given(added).when(remove);
    expect(deleted).toEqual([{ type: 'TransactionDeleted', data: { transactionId } }]);
    expect(given(added, { type: 'TransactionDeleted', data: { transactionId } }).when(remove)).toEqual(
      domainError('transaction_not_found', 404),
    );
  });
});

describe('the wallet of a transaction', () => {
  const inBank: TransactionEvent = { type: 'TransactionAdded', data: { ...noodles, walletId: bankWallet } };
  it('records the wallet a new transaction names', () => {
    expect(given().when(add({ walletId: bankWallet }))).toEqual([inBank]);
  });
  it("refuses a wallet that is not the user's with 404 on walletId", () => {
    const unknown = '0192f0c4-7a1b-7c3d-8e4f-00000000dead';
    expect(given().when(add({ walletId: unknown }))).toEqual(domainError('wallet_not_found', 404, 'walletId'));
    expect(given(added).when(edit({ walletId: unknown }))).toEqual(domainError('wallet_not_found', 404, 'walletId'));
  });
  it('refuses an amount in another currency than the wallet', () => {
    expect(given().when(add({ walletId: kipWallet }))).toEqual(
      domainError('wallet_currency_mismatch', 422, 'walletId'),
    );
    expect(given(inBank).when(edit({ amount: { amount: 90_000, currency: 'LAK' } }))).toEqual(
      domainError('wallet_currency_mismatch', 422, 'amount'),
    );
  });
  it('lets a new currency and its wallet change together', () => {
    expect(given(inBank).when(edit({ amount: { amount: 90_000, currency: 'LAK' }, walletId: kipWallet }))).toEqual([
      {
        type: 'TransactionEdited',
        data: { transactionId, changes: { amount: { amount: 90_000, currency: 'LAK' }, walletId: kipWallet } },
      },
    ]);
  });
  it('changes the currency of a transaction without a wallet freely (it moves to the other default wallet)', () => {
    expect(given(added).when(edit({ amount: { amount: 90_000, currency: 'LAK' } }))).toHaveLength(1);
  });
  it('refuses new money in an archived wallet, but edits an entry already there', () => {
    expect(given().when(add({ walletId: oldWallet }))).toEqual(domainError('wallet_archived', 422, 'walletId'));
    expect(given(added).when(edit({ walletId: oldWallet }))).toEqual(domainError('wallet_archived', 422, 'walletId'));
    const inOld: TransactionEvent = { type: 'TransactionAdded', data: { ...noodles, walletId: oldWallet } };
    expect(given(inOld).when(edit({ note: 'Pho', walletId: oldWallet }))).toEqual([
      { type: 'TransactionEdited', data: { transactionId, changes: { note: 'Pho' } } },
    ]);
  });
  it('moves a transaction to another wallet of its currency', () => {
    expect(given(inBank).when(edit({ walletId: cashWallet }))).toEqual([
      { type: 'TransactionEdited', data: { transactionId, changes: { walletId: cashWallet } } },
    ]);
  });
});

describe('the save-location privacy setting', () => {
  const here = { latitude: 17.97, longitude: 102.6 };
  const withSetting = (saveLocation: boolean) => ({ ...context, saveLocation });

  it('drops the location of a new transaction while the user does not save locations', () => {
    const command = add({ location: here });
    expect(decideTransaction(command, initialTransactionState, withSetting(false))).toEqual([
      { type: 'TransactionAdded', data: added.data },
    ]);
    expect(decideTransaction(command, initialTransactionState, withSetting(true))).toEqual([
      { type: 'TransactionAdded', data: { ...added.data, location: here } },
    ]);
  });

  it('keeps an edit from adding a location while the setting is off, but lets it remove one', () => {
    const state = [added].reduce(evolveTransaction, initialTransactionState);
    const addLocation: TransactionCommand = {
      type: 'EditTransaction',
      data: { commandId, transactionId, changes: { location: here } },
    };
    expect(decideTransaction(addLocation, state, withSetting(false))).toEqual(domainError('nothing_to_change', 422));
    const located = [added, { type: 'TransactionEdited', data: { transactionId, changes: { location: here } } }].reduce(
      evolveTransaction,
      initialTransactionState,
    );
    const removeLocation: TransactionCommand = {
      type: 'EditTransaction',
      data: { commandId, transactionId, changes: { location: null } },
    };
    expect(decideTransaction(removeLocation, located, withSetting(false))).toEqual([
      { type: 'TransactionEdited', data: { transactionId, changes: { location: null } } },
    ]);
  });
});
