import { describe, expect, it } from 'vitest';
import { changeSentence, entrySentences, type HistoryEntry, type HistoryWriters } from './transaction-history';
import { uniqueEntriesNewestFirst as historyEntries } from './history-pages';

const writers: HistoryWriters = {
  money: (amount, currency) => `${currency === 'THB' ? '฿' : currency}${(amount / 100).toFixed(2)}`,
  date: (iso) => `date(${iso})`,
  category: (id) => `category(${id})`,
  wallet: (id) => `wallet(${id})`,
  walletDefault: (currency) => `Cash (${currency})`,
  type: (type) => `type(${type})`,
  field: (field) => ({ amount: 'Amount', note: 'Note', receipt: 'Receipt', categoryId: 'Category' })[field] ?? field,
};

describe('history sentences', () => {
  it('says what an amount changed from and to', () => {
    expect(
      changeSentence(
        { field: 'amount', from: { amount: 12000, currency: 'THB' }, to: { amount: 15000, currency: 'THB' } },
        writers,
      ),
    ).toEqual({ id: 'transactions.history.fieldChanged', values: { field: 'Amount', from: '฿120.00', to: '฿150.00' } });
  });

  it('names categories and quotes notes', () => {
    expect(changeSentence({ field: 'categoryId', from: 'builtin-food', to: 'builtin-gifts' }, writers).values).toEqual({
      field: 'Category',
      from: 'category(builtin-food)',
      to: 'category(builtin-gifts)',
    });
    expect(changeSentence({ field: 'note', from: null, to: 'rice' }, writers)).toEqual({
      id: 'transactions.history.fieldSet',
      values: { field: 'Note', to: '“rice”' },
    });
    expect(changeSentence({ field: 'note', from: 'rice', to: null }, writers)).toEqual({
      id: 'transactions.history.fieldRemoved',
      values: { field: 'Note' },
    });
  });

  it('names the wallets a transaction moved between', () => {
    expect(changeSentence({ field: 'walletId', from: 'w-cash', to: 'w-bank' }, writers)).toEqual({
      id: 'transactions.history.fieldChanged',
      values: { field: 'walletId', from: 'wallet(w-cash)', to: 'wallet(w-bank)' },
    });
  });

  it('does not show receipt references', () => {
    expect(changeSentence({ field: 'receipt', from: null, to: 'r1' }, writers).id).toBe(
      'transactions.history.fieldAdded',
    );
    expect(changeSentence({ field: 'receipt', from: 'r1', to: 'r2' }, writers).id).toBe(
      'transactions.history.fieldReplaced',
    );
    expect(changeSentence({ field: 'receipt', from: 'r1', to: null }, writers).id).toBe(
      'transactions.history.fieldRemoved',
    );
  });

  it('names the tags before and after, and says a split was made, changed or undone', () => {
    expect(changeSentence({ field: 'tags', from: ['Trip'], to: ['Trip', 'ງານແຕ່ງ'] }, writers)).toEqual({
      id: 'transactions.history.fieldChanged',
      values: { field: 'tags', from: '“Trip”', to: '“Trip”, “ງານແຕ່ງ”' },
    });
    expect(changeSentence({ field: 'tags', from: [], to: ['Trip'] }, writers).id).toBe('transactions.history.fieldSet');
    expect(changeSentence({ field: 'tags', from: ['Trip'], to: [] }, writers).id).toBe(
      'transactions.history.fieldRemoved',
    );
    const lines = [{ categoryId: 'builtin-food', amount: 100, note: null }];
    expect(changeSentence({ field: 'splits', from: null, to: lines }, writers).id).toBe(
      'transactions.history.fieldAdded',
    );
    expect(changeSentence({ field: 'splits', from: lines, to: lines }, writers).id).toBe(
      'transactions.history.fieldReplaced',
    );
    expect(changeSentence({ field: 'splits', from: lines, to: null }, writers).id).toBe(
      'transactions.history.fieldRemoved',
    );
  });

  it('heads each entry with who did what', () => {
    expect(entrySentences({ revision: 0, type: 'added', occurredAt: '', changes: [] }, writers)).toEqual({
      heading: 'transactions.history.added',
      changes: [],
    });
    const edited = entrySentences(
      {
        revision: 1,
        type: 'edited',
        occurredAt: '',
        changes: [{ field: 'date', from: '2026-11-01', to: '2026-11-02' }],
      },
      writers,
    );
    expect(edited.heading).toBe('transactions.history.edited');
    expect(edited.changes[0]?.values).toEqual({ field: 'date', from: 'date(2026-11-01)', to: 'date(2026-11-02)' });
  });
});

describe('history pages', () => {
  const entry = (revision: number): HistoryEntry => ({
    revision,
    type: revision === 0 ? 'added' : 'edited',
    occurredAt: `2026-11-${String(revision + 1).padStart(2, '0')}T10:00:00.000Z`,
    changes: [],
  });

  it('appends older pages after the newer ones, newest first', () => {
    const pages = [
      { items: [entry(4), entry(3)], nextCursor: 'c1' },
      { items: [entry(2), entry(1)], nextCursor: 'c2' },
      { items: [entry(0)], nextCursor: null },
    ];
    expect(historyEntries(pages).map((e) => e.revision)).toEqual([4, 3, 2, 1, 0]);
  });

  it('shows an entry once when a change made while paging pushed it onto the next page', () => {
    const pages = [
      { items: [entry(5), entry(4)], nextCursor: 'c1' },
      { items: [entry(4), entry(3)], nextCursor: null },
    ];
    expect(historyEntries(pages).map((e) => e.revision)).toEqual([5, 4, 3]);
  });

  it('has no entries before the first page arrives', () => {
    expect(historyEntries([])).toEqual([]);
  });
});
