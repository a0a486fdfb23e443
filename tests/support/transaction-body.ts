import { randomUUID } from 'node:crypto';

/**
 * The body of an AddTransaction command: an expense of 120.50 THB for food on 2026-11-20 with a
 * new id, changed by `overrides`.
 */
export const expenseBody = <Overrides extends Record<string, unknown>>(overrides: Overrides = {} as Overrides) => ({
  transactionId: randomUUID(),
  type: 'expense',
  amount: { amount: 12_050, currency: 'THB' },
  categoryId: 'builtin-food',
  date: '2026-11-20',
  ...overrides,
});
