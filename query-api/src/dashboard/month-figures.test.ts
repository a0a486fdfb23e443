import { describe, expect, it } from 'vitest';
import { DEFAULT_RATES } from '@plenty/contracts/rates';
import { Converter, categoryShares, monthsEndingWith, rule503020, type Converted } from './month-figures.js';

const expense = (amount: bigint, count = 1): Converted => ({
  income: 0n,
  expense: amount,
  incomeCount: 0,
  expenseCount: count,
});

describe('converting a month', () => {
  it('converts each currency total once, then adds them', () => {
    const usd = new Converter('USD', DEFAULT_RATES);
    const cell = { income: 0, expense: 100, incomeCount: 0, expenseCount: 1 };
    // 100 LAK is 0.46 cents: nothing alone, but 300 LAK in one total is 1.37 cents.
    expect(usd.cells({ LAK: cell }).expense).toBe(0n);
    expect(usd.cells({ LAK: { ...cell, expense: 300, expenseCount: 3 } })).toEqual({
      income: 0n,
      expense: 1n,
      incomeCount: 0,
      expenseCount: 3,
    });
    expect(
      usd.cells({ THB: { ...cell, expense: 3245 }, USD: { income: 50, expense: 0, incomeCount: 1, expenseCount: 0 } }),
    ).toEqual({
      income: 50n,
      expense: 100n,
      incomeCount: 1,
      expenseCount: 1,
    });
  });
});

describe('category shares', () => {
  it('add up to exactly 10000 basis points, the remainder going to the largest', () => {
    const shares = categoryShares(
      new Map([
        ['a', expense(1n)],
        ['b', expense(1n)],
        ['c', expense(1n)],
      ]),
      'expense',
    );
    expect(shares.map((s) => s.share)).toEqual([3334, 3333, 3333]);
  });

  it('leave out categories without transactions of the type, and are 0 when the total converts to 0', () => {
    const categories = new Map([
      ['salary', { income: 0n, expense: 0n, incomeCount: 1, expenseCount: 0 }],
      ['tiny', expense(0n, 2)],
    ]);
    expect(categoryShares(categories, 'expense')).toEqual([
      { categoryId: 'tiny', type: 'expense', amount: 0n, count: 2, share: 0 },
    ]);
  });
});

describe('the 50/30/20 rule', () => {
  it('splits the income into parts that add up to it', () => {
    expect(rule503020(1001n)).toEqual({ income: 1001n, needs: 501n, wants: 300n, savings: 200n });
  });
});

describe('months', () => {
  it('end with the month shown, oldest first, across a year', () => {
    expect(monthsEndingWith('2026-02', 4)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });
});
