import type { TransactionView } from '@plenty/contracts/views/transactions';

/*
 * What the tests of the transaction form build their saved transactions from (tests only).
 */

/** A saved ฿120 food expense of 2026-11-23 from a bank wallet with no optional fields, but for `overrides`. */
export const savedTransaction = (overrides: Partial<TransactionView>): TransactionView => ({
  id: 't1',
  type: 'expense',
  amount: { amount: 12000, currency: 'THB' },
  walletId: '0192f0c4-7a1b-7c3d-8e4f-0000000000c1',
  categoryId: 'builtin-food',
  date: '2026-11-23',
  time: null,
  note: null,
  receipt: null,
  location: null,
  createdAt: '',
  updatedAt: '',
  revision: 0,
  ...overrides,
});
