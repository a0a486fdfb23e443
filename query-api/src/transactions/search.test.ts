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
    });
  });

  it('answers zero and no currencies when nothing matches', () => {
    expect(new TotalsFold().result()).toEqual({ count: 0, totals: [] });
  });
});

describe('totals fold of stored sums', () => {
  it('adds counts and sums of whole groups to those of single transactions', () => {
    const fold = new TotalsFold();
    fold.addSum('expense', 'THB', 3, 900);
    fold.addSum('income', 'THB', 1, 50);
    expect(fold.result()).toEqual({ count: 4, totals: [{ currency: 'THB', income: 50, expense: 900 }] });
  });
});
