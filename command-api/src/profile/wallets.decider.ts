import { domainError, type DomainError } from '@plenty/contracts/errors';
import type { ProfileEvent } from '@plenty/contracts/events/profile';
import type { Currency } from '@plenty/contracts/money';
import {
  DEFAULT_WALLET_COLOR,
  DEFAULT_WALLET_ICON,
  defaultWalletCurrency,
  type WalletChanges,
  type WalletCommand,
  type WalletEvent,
  type WalletKind,
} from '@plenty/contracts/wallets';

/** A wallet as the write side knows it. */
export interface Wallet {
  readonly id: string;
  /** Null for a default wallet the user has not renamed (named by `wallet.default`), or an unreadable name. */
  readonly name: string | null;
  readonly kind: WalletKind;
  readonly currency: Currency;
  readonly openingBalance: number;
  /** Null for a default wallet whose opening date was never set (it opens with its first movement). */
  readonly openingDate: string | null;
  readonly icon: string;
  readonly color: string;
  readonly excludeFromTotals: boolean;
  readonly archived: boolean;
}

/**
 * A wallet's record in the profile. A default wallet has one only once an event names it (an
 * edit, an archive, a reconcile); its currency comes from its id, so it is not stored.
 */
type WalletRecord = Omit<Wallet, 'currency'> & { readonly currency: Currency | null };

/** The part of a profile that wallets fold into. */
export interface WalletsState {
  readonly wallets: ReadonlyMap<string, WalletRecord>;
}

export const initialWalletsState: WalletsState = { wallets: new Map() };

function defaultRecord(walletId: string): WalletRecord {
  return {
    id: walletId,
    name: null,
    kind: 'cash',
    currency: null,
    openingBalance: 0,
    openingDate: null,
    icon: DEFAULT_WALLET_ICON,
    color: DEFAULT_WALLET_COLOR,
    excludeFromTotals: false,
    archived: false,
  };
}

/** The currency of the user's default wallet with this id; null when it is not one of theirs. */

/** The user's wallet with this id: one they opened, or one of their default wallets; null otherwise. */
export function findWallet(state: WalletsState, userId: string, walletId: string): Wallet | null {
  const record = state.wallets.get(walletId);
  if (record?.currency != null) return { ...record, currency: record.currency };
  const currency = defaultWalletCurrency(userId, walletId);
  if (currency === null) return null;
  return { ...(record ?? defaultRecord(walletId)), currency };
}

function patch(state: WalletsState, walletId: string, change: (record: WalletRecord) => WalletRecord): WalletsState {
  const wallets = new Map(state.wallets);
  wallets.set(walletId, change(state.wallets.get(walletId) ?? defaultRecord(walletId)));
  return { wallets };
}

export function evolveWallets(state: WalletsState, event: { type: string; data: unknown }): WalletsState {
  const known = event as ProfileEvent;
  switch (known.type) {
    case 'WalletOpened': {
      const { walletId, ...fields } = known.data;
      return patch(state, walletId, () => ({ id: walletId, ...fields, archived: false }));
    }
    case 'WalletEdited': {
      const changes = Object.fromEntries(Object.entries(known.data.changes).filter(([, value]) => value !== undefined));
      return patch(state, known.data.walletId, (record) => ({ ...record, ...changes }));
    }
    case 'WalletArchived':
      return patch(state, known.data.walletId, (record) => ({ ...record, archived: true }));
    case 'WalletRestored':
      return patch(state, known.data.walletId, (record) => ({ ...record, archived: false }));
    default:
      return state;
  }
}

const comparable = (name: string) => name.normalize('NFC').toLocaleLowerCase();

/** Whether an unarchived wallet other than `exceptId` has this name (case-insensitive, after NFC). */
function nameTaken(state: WalletsState, name: string, exceptId: string): boolean {
  const wanted = comparable(name);
  return [...state.wallets.values()].some(
    (wallet) =>
      wallet.id !== exceptId && !wallet.archived && wallet.name !== null && comparable(wallet.name) === wanted,
  );
}

const notFound = () => domainError('wallet_not_found', 404, 'walletId');
const taken = () => domainError('wallet_name_taken', 422, 'name');

function openWallet(
  command: Extract<WalletCommand, { type: 'OpenWallet' }>,
  state: WalletsState,
  userId: string,
): WalletEvent[] | DomainError {
  const { commandId: _commandId, ...data } = command.data;
  if (state.wallets.has(data.walletId) || defaultWalletCurrency(userId, data.walletId) !== null) {
    return domainError('wallet_exists', 409, 'walletId');
  }
  if (nameTaken(state, data.name, data.walletId)) return taken();
  return [{ type: 'WalletOpened', data }];
}

function editWallet(
  command: Extract<WalletCommand, { type: 'EditWallet' }>,
  state: WalletsState,
  userId: string,
): WalletEvent[] | DomainError {
  const { walletId, changes } = command.data;
  const current = findWallet(state, userId, walletId);
  if (current === null) return notFound();
  const effective = Object.fromEntries(
    Object.entries(changes).filter(
      ([key, value]) => value !== undefined && current[key as keyof WalletChanges] !== value,
    ),
  ) as WalletChanges;
  if (Object.keys(effective).length === 0) return domainError('nothing_to_change', 422);
  if (effective.name !== undefined && nameTaken(state, effective.name, walletId)) return taken();
  return [{ type: 'WalletEdited', data: { walletId, changes: effective } }];
}

function reconcileWallet(
  command: Extract<WalletCommand, { type: 'ReconcileWallet' }>,
  wallet: Wallet,
): WalletEvent[] | DomainError {
  const { walletId, date, balance, expectedBalance } = command.data;
  // The adjustment is new money in or out of the wallet.
  if (wallet.archived) return domainError('wallet_archived', 422, 'walletId');
  return [{ type: 'WalletReconciled', data: { walletId, date, balance, adjustment: balance - expectedBalance } }];
}

/**
 * Decides what a wallet command records on the profile stream, or why it cannot. Pure; the
 * user id tells which default wallet ids are theirs.
 */
export function decideWallet(command: WalletCommand, state: WalletsState, userId: string): WalletEvent[] | DomainError {
  if (command.type === 'OpenWallet') return openWallet(command, state, userId);
  if (command.type === 'EditWallet') return editWallet(command, state, userId);
  const wallet = findWallet(state, userId, command.data.walletId);
  if (wallet === null) return notFound();
  const { walletId } = command.data;
  switch (command.type) {
    case 'ArchiveWallet':
      if (wallet.archived) return domainError('wallet_archived', 409, 'walletId');
      return [{ type: 'WalletArchived', data: { walletId } }];
    case 'RestoreWallet':
      if (!wallet.archived) return domainError('wallet_not_archived', 409, 'walletId');
      if (wallet.name !== null && nameTaken(state, wallet.name, walletId)) return taken();
      return [{ type: 'WalletRestored', data: { walletId } }];
    case 'ReconcileWallet':
      return reconcileWallet(command, wallet);
    default: {
      const unknownCommand: never = command;
      throw new Error(`unknown wallet command ${JSON.stringify(unknownCommand)}`);
    }
  }
}

/** How a command uses a wallet, for `checkWalletUse`. */
export interface WalletUse {
  readonly walletId: string;
  /** The currency of the money that goes in or out. */
  readonly currency: Currency;
  /** The field that names the wallet (404 `wallet_not_found`, 422 `wallet_archived`). */
  readonly field: string;
  /** The field a currency mismatch is reported on; default `field`. */
  readonly currencyField?: string;
  /** New money into or out of the wallet (a new entry, or an entry moved to it): refused while it is archived. */
  readonly newMoney: boolean;
}

/**
 * Why a command may not use a wallet, or null: a wallet that is not the user's (404
 * `wallet_not_found`), money in another currency (422 `wallet_currency_mismatch`), new money
 * into or out of an archived wallet (422 `wallet_archived`).
 */
export function checkWalletUse(wallet: (walletId: string) => Wallet | null, use: WalletUse): DomainError | null {
  const found = wallet(use.walletId);
  if (found === null) return domainError('wallet_not_found', 404, use.field);
  if (found.currency !== use.currency)
    return domainError('wallet_currency_mismatch', 422, use.currencyField ?? use.field);
  if (use.newMoney && found.archived) return domainError('wallet_archived', 422, use.field);
  return null;
}
