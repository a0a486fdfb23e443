import { describe, expect, it } from 'vitest';
import type { TransactionView } from '@plenty/contracts/views/transactions';
import { searchKey, TotalsFold } from './search.js';

const view = (overrides: Partial<TransactionView>): TransactionView => ({
  id: '0190c7a4-0000-7000-8000-000000000001',
  type: 'expense',
  amount: { amount: 100, currency: 'THB' },
  categoryId: 'builtin-food',
  date: '2026-11-20',
  time: null,
  note: null,
  receipt: null,
  location: null,
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
  revision: 0,
  ...overrides,
});

describe('search key', () => {
  it('folds case and composes marks, leaving Thai and Lao as they are', () => {
    expect(searchKey('Lunch with NOY')).toContain(searchKey('noy'));
    expect(searchKey('Caf\u00e9 Noy')).toContain(searchKey('cafe\u0301'));
    expect(searchKey('ข้าวมันไก่ ร้านป้า')).toContain(searchKey('มันไก่'));
    expect(searchKey('ເຂົ້າໜຽວ ຕະຫຼາດເຊົ້າ')).toContain(searchKey('ຕະຫຼາດ'));
  });
});

describe('totals fold', () => {
  it('sums income and expense per currency in integer minor units, counting every match', () => {
    const fold = new TotalsFold();
    fold.add(view({ type: 'expense', amount: { amount: 12050, currency: 'THB' } }));
    fold.add(view({ type: 'income', amount: { amount: 5000000, currency: 'LAK' } }));
    fold.add(view({ type: 'expense', amount: { amount: 1, currency: 'THB' } }));
    fold.add(view({ type: 'income', amount: { amount: 300, currency: 'THB' } }));
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
  it('adds counts and sums of whole groups as it adds single transactions', () => {
    const fold = new TotalsFold();
    fold.addSum('expense', 'THB', 3, 900);
    fold.add(view({ type: 'income', amount: { amount: 50, currency: 'THB' } }));
    expect(fold.result()).toEqual({ count: 4, totals: [{ currency: 'THB', income: 50, expense: 900 }] });
  });
});
