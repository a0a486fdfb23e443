import { describe, expect, it } from 'vitest';
import type { TransactionView } from '@plenty/contracts/views/transactions';
import { decodeCursor } from '@plenty/platform/read-store/keys';
import { cursorAfter, noteMatches, searchKey, SORTS, TotalsFold } from './search.js';

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

describe('note search', () => {
  it('matches regardless of case', () => {
    expect(noteMatches('Lunch with NOY', searchKey('noy'))).toBe(true);
    expect(noteMatches('Lunch', searchKey('dinner'))).toBe(false);
    expect(noteMatches(null, searchKey('a'))).toBe(false);
  });

  it('matches Thai and Lao text written with decomposed or composed marks alike', () => {
    // U+0E33 (sara am) is NFC-stable; the Lao "ຳ" likewise; both must be found as typed.
    expect(noteMatches('ข้าวมันไก่ ร้านป้า', searchKey('มันไก่'))).toBe(true);
    expect(noteMatches('ເຂົ້າໜຽວ ຕະຫຼາດເຊົ້າ', searchKey('ຕະຫຼາດ'))).toBe(true);
    // "é" composed in the note, decomposed in the query.
    expect(noteMatches('Caf\u00e9 Noy', searchKey('cafe\u0301'))).toBe(true);
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

describe('search cursor', () => {
  it('carries the sort value and the id, as the read store cursors do', () => {
    const t = view({ date: '2026-01-02', time: '08:15', amount: { amount: 777, currency: 'USD' } });
    expect(decodeCursor(cursorAfter(t, SORTS.newest), 2)).toEqual(['2026-01-02T08:15', t.id]);
    expect(decodeCursor(cursorAfter(t, SORTS.highest), 2)).toEqual([777, t.id]);
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
