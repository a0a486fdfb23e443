import type { IntlShape } from 'react-intl';
import { CURRENCIES, type Currency } from '@plenty/contracts/money';
import { defaultWalletId } from '@plenty/contracts/wallets';

/** What naming a wallet needs: its own name, else (a default wallet not renamed, or an erased name) its currency. */
export interface NamedWallet {
  readonly name: string | null;
  readonly currency: Currency;
}

/**
 * A wallet's name in the reader's language: the name the user gave it; a default wallet the
 * user has not renamed (name null, `nameKey` `wallet.default`) is "Cash (LAK)", "เงินสด (THB)".
 */
export function walletName(intl: Pick<IntlShape, 'formatMessage'>, wallet: NamedWallet): string {
  if (wallet.name !== null && wallet.name.trim() !== '') return wallet.name;
  return intl.formatMessage({ id: 'wallet.defaultWithCurrency' }, { currency: wallet.currency });
}

/** A wallet as the wallets query lists it, enough to name it by id. */
export interface ListedWallet extends NamedWallet {
  readonly id: string;
}

/**
 * The name of the wallet with this id: from the user's list; a default wallet the list does
 * not hold yet (no movement so far) is known by its id, made from the user and a currency;
 * anything else is "Unknown wallet".
 */
export function walletNameById(
  intl: Pick<IntlShape, 'formatMessage'>,
  wallets: readonly ListedWallet[],
  userId: string,
  id: string,
): string {
  const listed = wallets.find((wallet) => wallet.id === id);
  if (listed !== undefined) return walletName(intl, listed);
  const currency = userId === '' ? undefined : CURRENCIES.find((c) => defaultWalletId(userId, c) === id);
  if (currency !== undefined) return walletName(intl, { name: null, currency });
  return intl.formatMessage({ id: 'transaction.wallet.unknown' });
}
