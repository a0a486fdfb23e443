import { describe, expect, it } from 'vitest';
import type { DebtListItem } from '@plenty/contracts/views/debts';
import { DEFAULT_PREFERENCES_VIEW } from '@plenty/contracts/preferences';
import { convertMoney, DEFAULT_RATES } from '@plenty/contracts/rates';
import { compareDebts, summaryOf } from './debts.routes.js';

const item = (id: string, fields: Partial<DebtListItem>): DebtListItem =>
  ({ id, name: id, status: 'active', paidOffAt: null, nextInstallment: null, ...fields }) as DebtListItem;

describe('debt summary', () => {
  it('converts each currency’s outstanding total once into the display currency', () => {
    const summary = summaryOf(
      { outstanding: { THB: 1_000_000, LAK: 5_000_000 }, activeCount: 2, paidOffCount: 1 },
      { ...DEFAULT_PREFERENCES_VIEW, currency: 'LAK' },
    );
    const baht = convertMoney({ amount: 1_000_000, currency: 'THB' }, 'LAK', DEFAULT_RATES).amount;
    expect(summary).toEqual({
      currency: 'LAK',
      totalOutstanding: 5_000_000 + baht,
      perCurrency: [
        { amount: 5_000_000, currency: 'LAK' },
        { amount: 1_000_000, currency: 'THB' },
      ],
      activeCount: 2,
      paidOffCount: 1,
      outOfRange: false,
    });
  });

  it('answers 200-worthy figures for five debts of 2^51 and extreme rates: exact where they fit, saturated and marked beyond', () => {
    const fiveLargest = (5n * 2n ** 51n).toString();
    const rates = { ...DEFAULT_RATES, LAK: '1000000000', THB: '0.000001' };
    const summary = summaryOf(
      { outstanding: { THB: fiveLargest }, activeCount: 5, paidOffCount: 0 },
      { ...DEFAULT_PREFERENCES_VIEW, currency: 'LAK', rates },
    );
    expect(summary).toMatchObject({
      totalOutstanding: Number.MAX_SAFE_INTEGER,
      perCurrency: [{ amount: Number.MAX_SAFE_INTEGER, currency: 'THB' }],
      outOfRange: true,
    });
  });

  it('is empty for a user without debts', () => {
    expect(summaryOf(undefined, DEFAULT_PREFERENCES_VIEW)).toMatchObject({
      totalOutstanding: 0,
      perCurrency: [],
      activeCount: 0,
      paidOffCount: 0,
    });
  });
});

describe('debt order', () => {
  it('lists active debts by next due date, then paid-off ones latest first', () => {
    const items = [
      item('old', { status: 'paid_off', paidOffAt: '2025-01-01' }),
      item('late', { nextInstallment: { number: 1, dueDate: '2026-12-05', amount: 1 } }),
      item('recent', { status: 'paid_off', paidOffAt: '2026-06-01' }),
      item('soon', { nextInstallment: { number: 3, dueDate: '2026-11-30', amount: 1 } }),
    ];
    expect(items.sort(compareDebts).map((debt) => debt.id)).toEqual(['soon', 'late', 'recent', 'old']);
  });
});
