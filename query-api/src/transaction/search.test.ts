import { describe, expect, it } from 'vitest';
import { TotalsFold } from './search.js';

describe('totals fold', () => {
  it('sums income and expense per currency in integer minor units, counting every match', () => {
    const fold = new TotalsFold();
    fold.addSum('expense', 'THB', 1, 12050);
    fold.addSum('income', 'LAK', 1, 5000000);
    fold.addSum('expense', 'THB', 1, 1);
    fold.addSum('income', 'THB', 1, 300);
    expect(fold.result()).toEqual({
      count: 4,
      totals: [
        { currency: 'LAK', income: 5000000, expense: 0 },
        { currency: 'THB', income: 300, expense: 12051 },
      ],
      outOfRange: false,
    });
  });

  it('answers zero and no currencies when nothing matches', () => {
    expect(new TotalsFold().result()).toEqual({ count: 0, totals: [], outOfRange: false });
  });
});

describe('totals fold of stored sums', () => {
  it('adds counts and sums of whole groups to those of single transactions', () => {
    const fold = new TotalsFold();
    fold.addSum('expense', 'THB', 3, 900);
    fold.addSum('income', 'THB', 1, 50);
    expect(fold.result()).toEqual({
      count: 4,
      totals: [{ currency: 'THB', income: 50, expense: 900 }],
      outOfRange: false,
    });
  });

  it('stays exact past 2^53 and saturates the answer there, saying so', () => {
    const fold = new TotalsFold();
    fold.addSum('expense', 'THB', 4, '9007199254740993');
    fold.addSum('expense', 'THB', 1, 2 ** 51);
    expect(fold.result()).toEqual({
      count: 5,
      totals: [{ currency: 'THB', income: 0, expense: Number.MAX_SAFE_INTEGER }],
      outOfRange: true,
    });
    const exact = new TotalsFold();
    exact.addSum('income', 'LAK', 2, '9007199254740993');
    exact.addSum('income', 'LAK', 1, -2);
    expect(exact.result().totals[0]?.income).toBe(Number.MAX_SAFE_INTEGER);
    expect(exact.result().outOfRange).toBe(false);
  });
});
