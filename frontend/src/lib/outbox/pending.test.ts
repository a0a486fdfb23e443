import type { TransactionView } from '@plenty/contracts/views/transactions';
import { describe, expect, it } from 'vitest';
import {
  applyChanges,
  matchesFilter,
  monthRange,
  overlayRow,
  pendingAddRows,
  pendingAddsFor,
  pendingMarks,
  pendingSums,
  pendingTransfers,
} from './pending';
import type { AnyOutboxEntry, OutboxState } from './types';

const WALLET = '01900000-0000-7000-8000-0000000000a1';
const CASH = '01900000-0000-7000-8000-0000000000a2';
let nextSeq = 1;
const id = (n: number) => `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`;

function entry<E extends AnyOutboxEntry>(name: E['name'], body: object, state: OutboxState = 'waiting'): E {
  const seq = nextSeq++;
  return {
    seq,
    name,
    body: { commandId: id(1000 + seq), ...body },
    queuedAt: `2026-11-27T10:00:${String(seq % 60).padStart(2, '0')}.000Z`,
    state,
    attempts: 0,
    rejection: null,
  } as unknown as E;
}

const add = (
  n: number,
  fields: Partial<{
    type: 'income' | 'expense';
    amount: number;
    currency: 'THB' | 'LAK' | 'USD';
    categoryId: string;
    date: string;
    time: string;
    note: string;
    walletId: string;
    splits: { categoryId: string; amount: number; note?: string }[];
    tags: string[];
  }> = {},
  state: OutboxState = 'waiting',
) => {
  const { amount = 1000, currency = 'THB', ...rest } = fields;
  return entry(
    'AddTransaction',
    {
      transactionId: id(n),
      type: 'expense',
      categoryId: 'builtin-food',
      date: '2026-11-20',
      amount: { amount, currency },
      ...rest,
    },
    state,
  );
};

const server = (overrides: Partial<TransactionView> = {}): TransactionView => ({
  id: id(500),
  type: 'expense',
  amount: { amount: 25000, currency: 'THB' },
  categoryId: 'builtin-food',
  date: '2026-11-10',
  time: '12:30',
  note: 'Lunch',
  receipt: null,
  location: null,
  walletId: WALLET,
  recurrence: null,
  import: null,
  splits: null,
  tags: ['work'],
  createdAt: '2026-11-10T05:30:00.000Z',
  updatedAt: '2026-11-10T05:30:00.000Z',
  revision: 3,
  ...overrides,
});

describe('the transactions a device adds', () => {
  it('become list rows with their splits, tags and wallet, and the default wallet when none is named', () => {
    const rows = pendingAddRows(
      [
        add(1, {
          amount: 30000,
          splits: [
            { categoryId: 'builtin-food', amount: 20000, note: 'Rice' },
            { categoryId: 'builtin-transport', amount: 10000 },
          ],
          tags: ['Trip'],
          walletId: CASH,
        }),
        add(2, { currency: 'LAK', amount: 50000 }),
      ],
      (currency) => (currency === 'LAK' ? WALLET : null),
    );
    expect(rows.map((add) => add.row.walletId)).toEqual([CASH, WALLET]);
    expect(rows[0]?.row.splits).toEqual([
      { categoryId: 'builtin-food', amount: 20000, note: 'Rice' },
      { categoryId: 'builtin-transport', amount: 10000, note: null },
    ]);
    expect(rows[0]?.row.tags).toEqual(['Trip']);
    expect(rows[0]?.row.revision).toBe(0);
  });

  it('take later edits of the same transaction and the worst state of its entries', () => {
    const rows = pendingAddRows([
      add(1, { amount: 1000 }),
      entry(
        'EditTransaction',
        { transactionId: id(1), changes: { amount: { amount: 1500, currency: 'THB' } } },
        'rejected',
      ),
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.row.amount.amount).toBe(1500);
    expect(rows[0]?.state).toBe('rejected');
  });

  it('are left out of the list once deleted again on the device', () => {
    const entries = [add(1), add(2), entry('DeleteTransaction', { transactionId: id(1) })];
    expect(pendingAddsFor(entries, {}).map((add) => add.row.id)).toEqual([id(2)]);
  });

  it('leave out entries whose stored body is not the command (edited by hand in the browser)', () => {
    const broken = [
      entry('AddTransaction', {}),
      entry('AddTransaction', { transactionId: id(7), amount: null }),
      entry('EditTransaction', { transactionId: id(8), changes: 'all' }),
      entry('MarkInstallmentPaid', { debtId: id(9), number: -1 }),
      { ...add(10), name: 'NoSuchCommand' } as unknown as AnyOutboxEntry,
      { ...add(11), body: null } as unknown as AnyOutboxEntry,
    ];
    const entries = [...broken, add(2)];
    expect(pendingAddsFor(entries, {}).map((pending) => pending.row.id)).toEqual([id(2)]);
    expect(pendingSums(pendingAddsFor(entries, {}))).toHaveLength(1);
    expect(pendingMarks(entries, id(9)).size).toBe(0);
  });
});

describe('the filters of the list', () => {
  const entries = [
    add(1, { type: 'income', categoryId: 'builtin-salary', date: '2026-11-01', tags: ['Bonus'] }),
    add(2, {
      amount: 3000,
      date: '2026-11-30',
      note: 'Dinner with Noy',
      splits: [
        { categoryId: 'builtin-food', amount: 2000 },
        { categoryId: 'builtin-shopping', amount: 1000, note: 'Souvenir' },
      ],
      walletId: CASH,
    }),
    add(3, { date: '2026-12-01', amount: 125000, currency: 'LAK' }),
  ];
  const ids = (filter: Parameters<typeof pendingAddsFor>[1]) =>
    pendingAddsFor(entries, filter).map((add) => add.row.id);

  it('match a split row by any of its lines’ categories', () => {
    expect(ids({ categoryId: 'builtin-shopping' })).toEqual([id(2)]);
    expect(ids({ categoryId: 'builtin-food' })).toEqual([id(3), id(2)]);
  });

  it('match type, wallet and tag (by its key)', () => {
    expect(ids({ type: 'income' })).toEqual([id(1)]);
    expect(ids({ walletId: CASH })).toEqual([id(2)]);
    expect(ids({ tag: 'bonus' })).toEqual([id(1)]);
  });

  it('keep both days of a range and nothing past them', () => {
    expect(ids({ from: '2026-11-01', to: '2026-11-30' })).toEqual([id(2), id(1)]);
    expect(ids({ from: '2026-12-01' })).toEqual([id(3)]);
  });

  it('search notes, line notes and amounts in major units', () => {
    expect(ids({ q: 'noy' })).toEqual([id(2)]);
    expect(ids({ q: 'souv' })).toEqual([id(2)]);
    expect(ids({ q: '1250' })).toEqual([]);
    expect(ids({ q: '125000' })).toEqual([id(3)]);
    expect(ids({ q: '>20' })).toEqual([id(3), id(2)]);
  });

  it('never show the device’s rows in an import’s or a rule’s list', () => {
    expect(ids({ importId: id(900) })).toEqual([]);
    expect(ids({ ruleId: id(901) })).toEqual([]);
  });

  it('search the names a screen gives for a row’s category', () => {
    const row = pendingAddRows([add(9)])[0]?.row;
    if (row === undefined) throw new Error('no row');
    expect(matchesFilter(row, { q: 'อาหาร' }, () => ['อาหาร'])).toBe(true);
    expect(matchesFilter(row, { q: 'อาหาร' })).toBe(false);
  });

  it('sort by amount within a currency, then by the currency order', () => {
    expect(pendingAddsFor(entries, { sort: 'highest' }).map((add) => add.row.id)).toEqual([id(3), id(2), id(1)]);
    expect(pendingAddsFor(entries, { sort: 'oldest' }).map((add) => add.row.id)).toEqual([id(1), id(2), id(3)]);
  });
});

describe('sums of the pending adds', () => {
  const entries = [
    add(1, {
      amount: 30000,
      splits: [
        { categoryId: 'builtin-food', amount: 20000 },
        { categoryId: 'builtin-transport', amount: 10000 },
      ],
    }),
    add(2, { type: 'income', categoryId: 'builtin-salary', amount: 500000 }),
    add(3, { amount: 1234567, currency: 'LAK' }),
    add(4, { amount: 999 }, 'rejected'),
  ];

  it('count a split transaction once with its whole amount, per currency in exact minor units', () => {
    expect(pendingSums(pendingAddRows(entries))).toEqual([
      { currency: 'LAK', income: 0, expense: 1234567, count: 1 },
      { currency: 'THB', income: 500000, expense: 30000, count: 2 },
    ]);
  });

  it('count only the lines of the category a filter names', () => {
    const adds = pendingAddsFor(entries, { categoryId: 'builtin-transport' });
    expect(pendingSums(adds, { categoryId: 'builtin-transport' })).toEqual([
      { currency: 'THB', income: 0, expense: 10000, count: 1 },
    ]);
  });

  it('leave out refused adds, which will not count until fixed', () => {
    const sums = pendingSums(pendingAddRows([add(4, { amount: 999 }, 'rejected')]));
    expect(sums).toEqual([]);
  });

  it('take a month’s adds from its first to its last day', () => {
    const month = [
      add(5, { date: '2026-01-31', amount: 1 }),
      add(6, { date: '2026-02-01', amount: 10 }),
      add(7, { date: '2026-02-28', amount: 100 }),
      add(8, { date: '2026-03-01', amount: 1000 }),
    ];
    expect(monthRange('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(pendingSums(pendingAddsFor(month, monthRange('2026-02')))).toEqual([
      { currency: 'THB', income: 0, expense: 110, count: 2 },
    ]);
  });
});

describe('a server row with the device’s edits and deletion', () => {
  it('shows every edited field: type, amount, date, wallet, splits and tags', () => {
    const row = server();
    const overlay = overlayRow(row, [
      entry('EditTransaction', {
        transactionId: row.id,
        baseRevision: 3,
        changes: { amount: { amount: 30000, currency: 'THB' }, date: '2026-11-11', walletId: CASH },
      }),
      entry('EditTransaction', {
        transactionId: row.id,
        changes: {
          type: 'expense',
          splits: [
            { categoryId: 'builtin-shopping', amount: 10000 },
            { categoryId: 'builtin-food', amount: 20000 },
          ],
          tags: null,
          note: null,
        },
      }),
    ]);
    expect(overlay.edit?.seqs).toHaveLength(2);
    expect(overlay.row).toMatchObject({
      amount: { amount: 30000, currency: 'THB' },
      date: '2026-11-11',
      walletId: CASH,
      categoryId: 'builtin-shopping',
      tags: [],
      note: null,
      time: '12:30',
    });
    expect(overlay.row.splits).toHaveLength(2);
    expect(overlay.deletion).toBeNull();
  });

  it('makes a split row one category again when the edit clears its lines', () => {
    const row = server({
      splits: [
        { categoryId: 'builtin-food', amount: 20000, note: null },
        { categoryId: 'builtin-shopping', amount: 5000, note: null },
      ],
    });
    expect(applyChanges(row, { splits: null }).splits).toBeNull();
    expect(applyChanges(row, { splits: null }).categoryId).toBe('builtin-food');
  });

  it('marks a waiting deletion and leaves other rows alone', () => {
    const row = server();
    const entries = [entry('DeleteTransaction', { transactionId: row.id }, 'sending')];
    expect(overlayRow(row, entries).deletion).toMatchObject({ state: 'sending' });
    const other = server({ id: id(501) });
    expect(overlayRow(other, entries)).toEqual({ row: other, edit: null, deletion: null });
  });
});

describe('transfers and installment marks', () => {
  it('lists the transfers touching a wallet', () => {
    const entries = [
      entry('RecordTransfer', {
        transferId: id(1),
        fromWalletId: WALLET,
        toWalletId: CASH,
        amountOut: { amount: 100, currency: 'THB' },
        amountIn: { amount: 100, currency: 'THB' },
        date: '2026-11-20',
      }),
      add(2),
    ];
    expect(pendingTransfers(entries, CASH)).toHaveLength(1);
    expect(pendingTransfers(entries, id(77))).toHaveLength(0);
  });

  it('keeps the last mark of each installment of a debt', () => {
    const debt = id(300);
    const marks = pendingMarks(
      [
        entry('MarkInstallmentPaid', { debtId: debt, number: 1, paymentId: id(1), date: '2026-11-20' }),
        entry('MarkInstallmentPaid', { debtId: debt, number: 2, paymentId: id(2), date: '2026-11-20' }),
        entry('MarkInstallmentUnpaid', { debtId: debt, number: 2 }),
        entry('MarkInstallmentPaid', { debtId: id(301), number: 3, paymentId: id(3), date: '2026-11-20' }),
      ],
      debt,
    );
    expect(marks.get(1)?.paid).toBe(true);
    expect(marks.get(2)?.paid).toBe(false);
    expect(marks.has(3)).toBe(false);
  });
});
