import {
  categoryFitsTransaction,
  findBuiltInCategory,
  type CategoryType,
  type TransactionType,
} from '@plenty/contracts/categories';
import type { TransactionCommand } from '@plenty/contracts/commands/transaction';
import { domainError, type DomainError } from '@plenty/contracts/errors';
import type { TransactionChanges, TransactionEvent } from '@plenty/contracts/events/transaction';
import { splitAddsUp, type SplitLine } from '@plenty/contracts/splits';
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
  field = 'categoryId',
): DomainError | null {
  const categoryType = findBuiltInCategory(categoryId)?.type ?? context.categoryType(categoryId);
  if (categoryType === null) return domainError('category_not_found', 422, field);
  if (!categoryFitsTransaction(categoryType, type)) return domainError('category_type_mismatch', 422, field);
  return null;
}

/**
 * The split rules (splits.ts) on a transaction's lines: each line's category as the
 * transaction's own must be (the error on `splits.<n>.categoryId`), the lines add up to the
 * amount (`split_total_mismatch` on `amountField`), the first line is the transaction's category
 * (`split_category_mismatch`). No lines: nothing to check.
 */
export function checkSplits(
  context: Pick<TransactionContext, 'categoryType'>,
  transaction: {
    readonly type: TransactionType;
    readonly amount: { readonly amount: number };
    readonly categoryId: string;
    readonly splits?: readonly Pick<SplitLine, 'categoryId' | 'amount'>[] | null | undefined;
  },
  amountField = 'splits',
): DomainError | null {
  const lines = transaction.splits;
  if (lines === null || lines === undefined) return null;
  for (const [index, line] of lines.entries()) {
    const problem = checkCategory(context, line.categoryId, transaction.type, `splits.${index}.categoryId`);
    if (problem !== null) return problem;
  }
  if (!splitAddsUp(lines, transaction.amount.amount)) return domainError('split_total_mismatch', 422, amountField);
  if (lines[0]?.categoryId !== transaction.categoryId) {
    return domainError('split_category_mismatch', 422, 'categoryId');
  }
  return null;
}

/** Tags compared as a set of keys in order: none, null and [] are the same. */
const sameTags = (a: readonly string[] | null | undefined, b: readonly string[] | null | undefined): boolean =>
  JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

/** Lines compared as the views keep them (a missing note is none); none and null are the same. */
const sameLines = (a: readonly SplitLine[] | null | undefined, b: readonly SplitLine[] | null | undefined): boolean => {
  const form = (lines: readonly SplitLine[] | null | undefined) =>
    (lines ?? []).map((line) => [line.categoryId, line.amount, line.note ?? null]);
  return JSON.stringify(form(a)) === JSON.stringify(form(b));
};

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
    checkSplits(context, data) ??
    checkWallet(context, data.walletId, data.amount.currency, true, 'walletId') ??
    checkReceipt(context, data.receipt) ?? [{ type: 'TransactionAdded', data }]
  );
}

/** Whether an edit's field holds what the transaction has already. */
function unchanged(current: TransactionDetails, key: string, value: unknown): boolean {
  if (key === 'splits') return sameLines(current.splits, value as SplitLine[] | null);
  if (key === 'tags') return sameTags(current.tags, value as string[] | null);
  return sameValue(current[key as keyof TransactionDetails], value);
}

/**
 * The split rules on an edit (splits.ts): new lines sent without a category give the
 * transaction the first line's; a split transaction whose amount, currency or type changes
 * must be sent lines that fit; lines set to null make it a one-category transaction again.
 */
function editSplits(
  context: TransactionContext,
  current: TransactionDetails,
  sent: TransactionChanges,
  changes: Record<string, unknown>,
): DomainError | null {
  const lines = sent.splits === undefined ? current.splits : sent.splits;
  if (lines === null || lines.length === 0) return null;
  const first = lines[0]?.categoryId ?? current.categoryId;
  if (sent.splits !== undefined && sent.categoryId === undefined && first !== current.categoryId) {
    changes.categoryId = first;
  }
  const type = sent.type ?? current.type;
  const amount = sent.amount ?? current.amount;
  const categoryId = sent.categoryId ?? (sent.splits === undefined ? current.categoryId : first);
  if (sent.splits === undefined && amount.currency !== current.amount.currency) {
    return domainError('split_total_mismatch', 422, 'amount');
  }
  return checkSplits(
    context,
    { type, amount, categoryId, splits: lines },
    sent.splits === undefined ? 'amount' : 'splits',
  );
}

function edit(
  command: Extract<TransactionCommand, { type: 'EditTransaction' }>,
  state: TransactionState,
  context: TransactionContext,
): TransactionEvent[] | DomainError {
  if (state.status !== 'active') return domainError('transaction_not_found', 404);
  const current: TransactionDetails = state.transaction;
  const changes: Record<string, unknown> = Object.fromEntries(
    Object.entries(command.data.changes).filter(
      ([key, value]) =>
        value !== undefined &&
        !unchanged(current, key, value) &&
        // A new location only while the user lets locations be saved; taking one away always.
        (key !== 'location' || value === null || context.saveLocation),
    ),
  );
  if (Object.keys(changes).length === 0) return domainError('nothing_to_change', 422);
  const splitProblem = editSplits(context, current, command.data.changes, changes);
  if (splitProblem !== null) return splitProblem;
  const type = command.data.changes.type ?? current.type;
  const categoryId = (changes.categoryId as string | undefined) ?? current.categoryId;
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
  return [
    {
      type: 'TransactionEdited',
      data: { transactionId: command.data.transactionId, changes: changes as TransactionChanges },
    },
  ];
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
