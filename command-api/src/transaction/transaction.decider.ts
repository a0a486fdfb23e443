import {
  categoryFitsTransaction,
  findBuiltInCategory,
  type CategoryType,
  type TransactionType,
} from '@plenty/contracts/categories';
import type { TransactionCommand } from '@plenty/contracts/commands/transaction';
import { domainError, type DomainError } from '@plenty/contracts/errors';
import type { TransactionEvent } from '@plenty/contracts/events/transaction';
import { checkWalletUse, type Wallet } from '../profile/wallets.decider.js';
import type { TransactionDetails, TransactionState } from './transaction.state.js';

export interface TransactionContext {
  /** Type of each category the user may pick: built-ins and their live custom ones. */
  categoryType(categoryId: string): CategoryType | null;
  /** Whether the user has an uploaded receipt with this id (checked only for receipts the command attaches). */
  receiptExists(receiptId: string): boolean;
  /**
   * The user's "save location" privacy preference. While it is off, a location a command sends
   * is dropped without a word (the browser does not send one then; any other client gets the
   * same: nothing stored). Removing a stored location is always allowed.
   */
  readonly saveLocation: boolean;
  /** The user's wallet with this id (their own or one of their default wallets), or null. */
  wallet(walletId: string): Wallet | null;
}

/** A category the user may pick for the transaction type (built-in or their own live one). */
export function checkCategory(
  context: Pick<TransactionContext, 'categoryType'>,
  categoryId: string,
  type: TransactionType,
): DomainError | null {
  const categoryType = findBuiltInCategory(categoryId)?.type ?? context.categoryType(categoryId);
  if (categoryType === null) return domainError('category_not_found', 422, 'categoryId');
  if (!categoryFitsTransaction(categoryType, type)) return domainError('category_type_mismatch', 422, 'categoryId');
  return null;
}

function checkReceipt(context: TransactionContext, receipt: string | null | undefined): DomainError | null {
  if (receipt === null || receipt === undefined || context.receiptExists(receipt)) return null;
  return domainError('receipt_not_found', 422, 'receipt');
}

/**
 * A named wallet must be the user's and in the amount's currency; a new entry, or one moved to
 * another wallet, may not go into an archived wallet. No wallet: the default one of the currency.
 */
export function checkWallet(
  context: Pick<TransactionContext, 'wallet'>,
  walletId: string | null | undefined,
  currency: TransactionDetails['amount']['currency'],
  moved: boolean,
  currencyField: string,
): DomainError | null {
  if (walletId === null || walletId === undefined) return null;
  return checkWalletUse((id) => context.wallet(id), {
    walletId,
    currency,
    field: 'walletId',
    currencyField,
    newMoney: moved,
  });
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function add(
  command: Extract<TransactionCommand, { type: 'AddTransaction' }>,
  state: TransactionState,
  context: TransactionContext,
): TransactionEvent[] | DomainError {
  if (state.status !== 'none') return domainError('transaction_exists', 409, 'transactionId');
  const { commandId: _commandId, location, ...rest } = command.data;
  const data = context.saveLocation && location !== undefined ? { ...rest, location } : rest;
  return (
    checkCategory(context, data.categoryId, data.type) ??
    checkWallet(context, data.walletId, data.amount.currency, true, 'walletId') ??
    checkReceipt(context, data.receipt) ?? [{ type: 'TransactionAdded', data }]
  );
}

function edit(
  command: Extract<TransactionCommand, { type: 'EditTransaction' }>,
  state: TransactionState,
  context: TransactionContext,
): TransactionEvent[] | DomainError {
  if (state.status !== 'active') return domainError('transaction_not_found', 404);
  const current: TransactionDetails = state.transaction;
  const changes = Object.fromEntries(
    Object.entries(command.data.changes).filter(
      ([key, value]) =>
        value !== undefined &&
        !sameValue(current[key as keyof TransactionDetails], value) &&
        // A new location only while the user lets locations be saved; taking one away always.
        (key !== 'location' || value === null || context.saveLocation),
    ),
  );
  if (Object.keys(changes).length === 0) return domainError('nothing_to_change', 422);
  const type = command.data.changes.type ?? current.type;
  const categoryId = command.data.changes.categoryId ?? current.categoryId;
  if ('type' in changes || 'categoryId' in changes) {
    const problem = checkCategory(context, categoryId, type);
    if (problem !== null) return problem;
  }
  const amount = command.data.changes.amount ?? current.amount;
  if ('walletId' in changes || amount.currency !== current.amount.currency) {
    const walletId = command.data.changes.walletId ?? current.walletId;
    const moved = 'walletId' in changes;
    const problem = checkWallet(context, walletId, amount.currency, moved, moved ? 'walletId' : 'amount');
    if (problem !== null) return problem;
  }
  if ('receipt' in changes) {
    const problem = checkReceipt(context, command.data.changes.receipt);
    if (problem !== null) return problem;
  }
  return [{ type: 'TransactionEdited', data: { transactionId: command.data.transactionId, changes } }];
}

function remove(
  command: Extract<TransactionCommand, { type: 'DeleteTransaction' }>,
  state: TransactionState,
): TransactionEvent[] | DomainError {
  if (state.status !== 'active') return domainError('transaction_not_found', 404);
  return [{ type: 'TransactionDeleted', data: { transactionId: command.data.transactionId } }];
}

/** Decides what a transaction command records, or why it cannot. Pure. */
export function decideTransaction(
  command: TransactionCommand,
  state: TransactionState,
  context: TransactionContext,
): TransactionEvent[] | DomainError {
  switch (command.type) {
    case 'AddTransaction':
      return add(command, state, context);
    case 'EditTransaction':
      return edit(command, state, context);
    case 'DeleteTransaction':
      return remove(command, state);
    default: {
      const unknownCommand: never = command;
      throw new Error(`unknown transaction command ${JSON.stringify(unknownCommand)}`);
    }
  }
}
