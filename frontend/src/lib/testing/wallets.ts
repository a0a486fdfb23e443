import type { WalletView } from '@plenty/contracts/views/wallets';

/**
 * A wallet as `GET /wallets` answers it, for component and form tests: a bank wallet in kip with
 * nothing in it, made on 1 November 2026, changed by `fields`.
 */
export const walletView = (fields: Partial<WalletView> & Pick<WalletView, 'id'>): WalletView => ({
  name: 'BCEL One',
  nameKey: null,
  isDefault: false,
  kind: 'bank',
  currency: 'LAK',
  icon: 'wallet',
  color: '#2563eb',
  openingBalance: 0,
  openingDate: null,
  excludeFromTotals: false,
  archived: false,
  balance: 0,
  lastReconciledOn: null,
  movementCount: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...fields,
});
