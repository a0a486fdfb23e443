import type { IntlShape } from 'react-intl';
import type { Currency } from '@plenty/contracts/money';

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
