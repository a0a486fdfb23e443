import { describe, expect, it } from 'vitest';
import { MINUS, signedMoney, totalsLines } from './totals-rows';

describe('transaction totals lines', () => {
  it('leaves out a currency whose totals are zero, and zero figures of the others', () => {
    const lines = totalsLines([
      { currency: 'LAK', income: 0, expense: 55_000 },
      { currency: 'THB', income: 0, expense: 0 },
      { currency: 'USD', income: 10_000, expense: 2_500 },
    ]);
    expect(lines.map((line) => line.currency)).toEqual(['LAK', 'USD']);
    expect(lines[0]).toMatchObject({ showIncome: false, showExpense: true, showNet: false });
    expect(lines[1]).toMatchObject({ showIncome: true, showExpense: true, showNet: true });
  });

  it('shows the zeros when every currency is zero', () => {
    const lines = totalsLines([{ currency: 'THB', income: 0, expense: 0 }]);
    expect(lines).toEqual([
      { currency: 'THB', income: 0, expense: 0, showIncome: true, showExpense: true, showNet: true },
    ]);
  });
});

describe('signed money', () => {
  it('writes a negative figure with the typographic minus, whatever the formatter does', () => {
    const money = (amount: number) => `฿${(amount / 100).toFixed(2)}`;
    expect(signedMoney(-12_345, money)).toBe(`${MINUS}฿123.45`);
    expect(signedMoney(12_345, money)).toBe('฿123.45');
    expect(signedMoney(0, money)).toBe('฿0.00');
    expect(MINUS).toBe('−');
  });
});
