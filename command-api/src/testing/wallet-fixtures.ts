import type { Wallet } from '../profile/wallets.decider.js';

/*
 * Wallets for the decider tests of commands that name one (transactions, debts, transfers):
 * a bank wallet in a currency, archived or not, and the lookup a decider's context gives.
 */

export const testWallet = (id: string, currency: Wallet['currency'], archived = false): Wallet => ({
  id,
  name: id,
  kind: 'bank',
  currency,
  openingBalance: 0,
  openingDate: null,
  icon: 'wallet',
  color: '#64748b',
  excludeFromTotals: false,
  archived,
});

/** The context's `wallet` lookup over these wallets (null for any other id). */
export function walletLookup(...wallets: readonly Wallet[]): (id: string) => Wallet | null {
  const byId = new Map(wallets.map((wallet) => [wallet.id, wallet]));
  return (id) => byId.get(id) ?? null;
}
