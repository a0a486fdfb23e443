import { findBuiltInCategory } from '@plenty/contracts/categories';
import type { TransactionCommand } from '@plenty/contracts/commands/transaction';
import { streamIds } from '@plenty/contracts/events/envelope';
import { domainError } from '@plenty/contracts/errors';
import { InvalidBlobReferenceError, type BlobStore } from '@plenty/platform/blob-store/port';
import { domainErrorToHttp } from '../pipeline/run-command.js';
import type { StreamDefinition } from '../pipeline/stream-definition.js';
import type { ProfileCache } from '../profile/profile-cache.js';
import type { ProfileState } from '../profile/profile.state.js';
import { defaultWalletCurrency } from '@plenty/contracts/wallets';
import { findWallet, initialWalletsState, type Wallet } from '../profile/wallets.decider.js';
import type { ReceiptRelease } from '../receipt/receipt-release.js';
import { decideTransaction, type TransactionContext } from './transaction.decider.js';
import { evolveTransaction, initialTransactionState, type TransactionState } from './transaction.state.js';

/** Whether the command would store a location (a new one; removing one needs no permission). */
function sendsLocation(command: TransactionCommand): boolean {
  if (command.type === 'AddTransaction') return command.data.location != null;
  if (command.type === 'EditTransaction') return command.data.changes.location != null;
  return false;
}

/** The categories the decision looks at: the transaction's and its lines' (sent, or kept by an edit). */
function referencedCategories(command: TransactionCommand, state: TransactionState): string[] {
  if (command.type === 'AddTransaction') {
    return [command.data.categoryId, ...(command.data.splits ?? []).map((line) => line.categoryId)];
  }
  if (command.type !== 'EditTransaction') return [];
  const current = state.status === 'active' ? state.transaction : null;
  const { categoryId, splits } = command.data.changes;
  const lines = splits === undefined ? (current?.splits ?? []) : (splits ?? []);
  const own = categoryId ?? current?.categoryId;
  return [...(own === undefined ? [] : [own]), ...lines.map((line) => line.categoryId)];
}

/** The wallet the decision has to look at: one the command names, or the one it keeps when the currency changes. */
function referencedWallet(command: TransactionCommand, state: TransactionState): string | null {
  if (command.type === 'AddTransaction') return command.data.walletId ?? null;
  if (command.type !== 'EditTransaction' || state.status !== 'active') return null;
  const { walletId, amount } = command.data.changes;
  if (walletId !== undefined) return walletId;
  return amount !== undefined && amount.currency !== state.transaction.amount.currency
    ? state.transaction.walletId
    : null;
}

/** The receipt the command attaches: a new one, not the one the transaction already holds. */
function attachedReceipt(command: TransactionCommand, state: TransactionState): string | null {
  if (command.type === 'AddTransaction') return command.data.receipt ?? null;
  if (command.type !== 'EditTransaction') return null;
  const receipt = command.data.changes.receipt ?? null;
  return state.status === 'active' && state.transaction.receipt === receipt ? null : receipt;
}

/** Whether the user uploaded a receipt with this id; another user's receipt is as unknown as none. */
async function receiptExists(blobs: BlobStore, userId: string, receiptId: string): Promise<boolean> {
  try {
    return (await blobs.get(userId, receiptId)) !== null;
  } catch (error) {
    if (error instanceof InvalidBlobReferenceError) return false;
    throw error;
  }
}

/**
 * A default wallet as a transaction sees it, without reading the profile: its currency is in its
 * id, and it always takes transactions, archived or not, as one recorded without a wallet lands in
 * it anyway. So a transaction naming it is decided the same whether the profile was read or not.
 */
function defaultWallet(userId: string, walletId: string): Wallet | null {
  return findWallet(initialWalletsState, userId, walletId);
}

/**
 * What a decision reads from the user's profile; null when it was not read (the command names
 * only built-in categories and default wallets, and sends no location). Shared with the import
 * of rows (import/import-rows.ts), which reads the profile once for all its rows.
 */
export function profileContext(
  userId: string,
  profile: ProfileState | null,
): Pick<TransactionContext, 'categoryType' | 'saveLocation' | 'wallet'> {
  return {
    categoryType: (id) => profile?.categories.get(id)?.type ?? null,
    // Without a profile read the command sends no location, and none is stored.
    saveLocation: profile?.preferences.preferences.saveLocation ?? false,
    wallet: (id) => defaultWallet(userId, id) ?? (profile === null ? null : findWallet(profile.wallets, userId, id)),
  };
}

export interface TransactionStreamDeps {
  readonly profiles: ProfileCache;
  /** Without a blob store no receipt can be attached (`receipt_not_found`). */
  readonly blobs: BlobStore | null;
  /** Given, a receipt a transaction loses is deleted once no other transaction holds it. */
  readonly receipts: ReceiptRelease | null;
}

/** The transaction commands, each on `transaction-<transactionId>`. */
export function transactionStream(
  deps: TransactionStreamDeps,
): StreamDefinition<TransactionCommand, TransactionState, TransactionContext> {
  return {
    initialState: initialTransactionState,
    evolve: evolveTransaction,
    streamId: (command) => streamIds.transaction(command.data.transactionId),
    createsStream: (command) => command.type === 'AddTransaction',
    async loadContext(command, state, { user }) {
      // Built-in categories always exist: the user's profile is read only for their own.
      const referenced = referencedCategories(command, state);
      // So do default wallets (their currency is in their id): only another wallet is looked up.
      const wallet = referencedWallet(command, state);
      const customWallet = wallet !== null && defaultWalletCurrency(user.uid, wallet) === null;
      // So is the privacy setting: only when the command sends a location.
      const profile =
        referenced.every((id) => findBuiltInCategory(id) !== undefined) && !customWallet && !sendsLocation(command)
          ? null
          : await deps.profiles.load(user.uid);
      const receipt = attachedReceipt(command, state);
      const found = receipt !== null && deps.blobs !== null && (await receiptExists(deps.blobs, user.uid, receipt));
      return { ...profileContext(user.uid, profile), receiptExists: (id) => found && id === receipt };
    },
    // An edit made on the view of `revision` n is refused once the transaction has a newer event.
    baseRevision: (command) => (command.type === 'EditTransaction' ? command.data.baseRevision : undefined),
    // A deleted one answers as it does to any edit: it is gone, there is nothing to review.
    changedRefusal: (state) =>
      domainErrorToHttp(
        state.status === 'deleted'
          ? domainError('transaction_not_found', 404)
          : domainError('transaction_changed', 409),
      ),
    decide: (command, state, context) => decideTransaction(command, state, context),
    async react(appended, _command, _context, { user, log }) {
      if (deps.receipts === null || appended.events.length === 0) return;
      // After the append: a failure here leaves an unreferenced blob, never a missing one.
      await deps.receipts
        .afterAppend(user.uid, appended.before, appended.events)
        .catch((error: unknown) => log.error({ err: error }, 'a released receipt was kept'));
    },
  };
}
