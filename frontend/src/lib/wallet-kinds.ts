import type { WalletKind } from '@plenty/contracts/wallets';
import type { MessageId } from './messages';

/** The name of each kind of wallet, for the wallet pages and Activity. */
export const KIND_LABELS: Record<WalletKind, MessageId> = {
  cash: 'wallet.kind.cash',
  bank: 'wallet.kind.bank',
  e_wallet: 'wallet.kind.e_wallet',
  credit_card: 'wallet.kind.credit_card',
  savings: 'wallet.kind.savings',
  other: 'wallet.kind.other',
};
