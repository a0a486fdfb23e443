import { describe, expect, it } from 'vitest';
import { importRowSchema, type ImportExisting } from '../imports.js';
import { DATE_AMOUNT_NOTE_MAPPING } from '../testing/import-mapping.js';
import { LIMITS } from '../text.js';
import type { ColumnMapping } from './mapping.js';
import { USE_DEFAULT_WALLET, categoryKey, walletKey } from './match.js';
import { cleanText, flagLookalikes, mapRows, parseTimeCell, toImportRows, type DraftRow } from './rows.js';
import type { CsvTable } from './table.js';

const base = DATE_AMOUNT_NOTE_MAPPING;

const tableOf = (rows: string[][], errors: CsvTable['errors'] = []): CsvTable => ({
  delimiter: ',',
  header: null,
  rows,
  errors,
});

describe('mapRows', () => {
  it('reads a signed amount: negative is an expense, positive an income (or the other way round)', () => {
    const table = tableOf([
      ['05/03/2024', '-120.50', 'rice'],
      ['06/03/2024', '25,000.00', 'salary'],
    ]);
    expect(mapRows(table, base)).toEqual({
      rows: [
        {
          row: 0,
          date: '2024-03-05',
          type: 'expense',
          amount: { amount: 12050, currency: 'THB' },
          category: null,
          note: 'rice',
          wallet: null,
        },
        {
          row: 1,
          date: '2024-03-06',
          type: 'income',
          amount: { amount: 2500000, currency: 'THB' },
          category: null,
          note: 'salary',
          wallet: null,
        },
      ],
      errors: [],
    });
    expect(mapRows(table, { ...base, sign: 'negative-income' }).rows.map((r) => r.type)).toEqual(['income', 'expense']);
  });

  it('reads a debit/credit pair: debit is an expense, credit an income; an empty or zero side is none', () => {
    const mapping: ColumnMapping = { ...base, amount: undefined, debit: 1, credit: 2, note: 3 };
    delete mapping.amount;
    const table = tableOf([
      ['05/03/2567', '1,500.00', '', 'ATM'],
      ['06/03/2567', '0.00', '25,000.00', 'เงินเดือน'],
      ['07/03/2567', '', '', 'nothing'],
      ['08/03/2567', '5.00', '6.00', 'both'],
    ]);
    const { rows, errors } = mapRows(table, { ...mapping, era: 'be' });
    expect(rows.map((r) => [r.date, r.type, r.amount.amount])).toEqual([
      ['2024-03-05', 'expense', 150000],
      ['2024-03-06', 'income', 2500000],
    ]);
    expect(errors).toEqual([
      { row: 2, code: 'import_amount_zero', column: 1 },
      { row: 3, code: 'import_amount_invalid', column: 2 },
    ]);
  });

  it('lets a type column decide over the sign, and skips transfers and unknown types', () => {
    const mapping: ColumnMapping = { ...base, type: 3 };
    const table = tableOf([
      ['05/03/2024', '-120', 'a', 'รายรับ'],
      ['05/03/2024', '120', 'b', 'ລາຍຈ່າຍ'],
      ['05/03/2024', '-120', 'c', ''],
      ['05/03/2024', '120', 'd', 'Transfer'],
      ['05/03/2024', '120', 'e', 'refund?'],
    ]);
    const { rows, errors } = mapRows(table, mapping);
    expect(rows.map((r) => r.type)).toEqual(['income', 'expense', 'expense']);
    expect(errors).toEqual([
      { row: 3, code: 'import_row_transfer', column: 3 },
      { row: 4, code: 'import_type_invalid', column: 3 },
    ]);
  });

  it('reads the currency from its column or the amount cell, and refuses a clash or an unknown one', () => {
    const mapping: ColumnMapping = { ...base, currency: 3 };
    const table = tableOf([
      ['05/03/2024', '45000', '', 'LAK'],
      ['05/03/2024', '₭45000', '', ''],
      ['05/03/2024', '฿45', '', 'LAK'],
      ['05/03/2024', '45', '', 'JPY'],
      ['05/03/2024', '45.5', '', 'LAK'],
    ]);
    const { rows, errors } = mapRows(table, mapping);
    expect(rows.map((r) => r.amount)).toEqual([
      { amount: 45000, currency: 'LAK' },
      { amount: 45000, currency: 'LAK' },
    ]);
    expect(errors).toEqual([
      { row: 2, code: 'import_currency_invalid', column: 1 },
      { row: 3, code: 'import_currency_invalid', column: 3 },
      { row: 4, code: 'import_amount_invalid', column: 1 },
    ]);
  });

  it('reads a time column, else keeps the time of the date cell', () => {
    const table = tableOf([
      ['05/03/2024 14:20', '1', '', ''],
      ['05/03/2024 14:20', '1', '', '9:05'],
      ['05/03/2024', '1', '', '25:00'],
    ]);
    expect(mapRows(table, base).rows.map((r) => r.time)).toEqual(['14:20', '14:20', undefined]);
    const withTime = mapRows(table, { ...base, time: 3 });
    expect(withTime.rows.map((r) => r.time)).toEqual([undefined, '09:05']);
    expect(withTime.errors).toEqual([{ row: 2, code: 'import_time_invalid', column: 3 }]);
  });

  it('reports each row once with its code and column; good rows go on', () => {
    const table = tableOf(
      [
        ['31/02/2024', '1', ''],
        ['05/03/2024', 'abc', ''],
        ['05/03/2024', '0', ''],
        ['05/03/2024', '9'.repeat(20), ''],
        ['05/03/2024', '1', 'x'.repeat(LIMITS.note + 1)],
        ['05/03/2024', '1', 'ragged'],
        ['05/03/2024', '1', 'fine'],
      ],
      [{ row: 5, code: 'import_row_ragged' }],
    );
    const { rows, errors } = mapRows(table, base);
    expect(rows.map((r) => r.row)).toEqual([6]);
    expect(errors).toEqual([
      { row: 0, code: 'import_date_invalid', column: 0 },
      { row: 1, code: 'import_amount_invalid', column: 1 },
      { row: 2, code: 'import_amount_zero', column: 1 },
      { row: 3, code: 'import_amount_too_large', column: 1 },
      { row: 4, code: 'import_note_too_long', column: 2 },
      { row: 5, code: 'import_row_ragged' },
    ]);
  });

  it('keeps formula-looking cells as plain text and takes control characters out', () => {
    const table = tableOf([
      ['05/03/2024', '1', '=1+1'],
      ['05/03/2024', '1', '@SUM(A1:A9)'],
      ['05/03/2024', '1', '+66 81 234 5678'],
      ['05/03/2024', '1', '-fee'],
      ['05/03/2024', '1', 'a\u0000b\u0007c\u009bd\nline two'],
    ]);
    expect(mapRows(table, base).rows.map((r) => r.note)).toEqual([
      '=1+1',
      '@SUM(A1:A9)',
      '+66 81 234 5678',
      '-fee',
      'abcd\nline two',
    ]);
  });

  it('puts the payee before the note, and uses the income wallet column for income rows', () => {
    const mapping: ColumnMapping = { ...base, payee: 3, wallet: 4, incomeWallet: 5, category: 6 };
    const table = tableOf([
      ['05/03/2024', '-1', 'lunch', 'Café', 'Bank', 'Employer', ' Food '],
      ['05/03/2024', '1', '', 'Employer', 'Employer', 'Bank', ''],
    ]);
    expect(mapRows(table, mapping).rows).toEqual([
      {
        row: 0,
        date: '2024-03-05',
        type: 'expense',
        amount: { amount: 100, currency: 'THB' },
        category: 'Food',
        note: 'Café — lunch',
        wallet: 'Bank',
      },
      {
        row: 1,
        date: '2024-03-05',
        type: 'income',
        amount: { amount: 100, currency: 'THB' },
        category: null,
        note: 'Employer',
        wallet: 'Bank',
      },
    ]);
  });
});

describe('cleanText and parseTimeCell', () => {
  it("unescapes the export's apostrophe only when asked", () => {
    expect(cleanText("'=1+1", true)).toBe('=1+1');
    expect(cleanText("'=1+1")).toBe("'=1+1");
    expect(cleanText("'tis", true)).toBe("'tis");
  });

  it('reads 24-hour and 12-hour times', () => {
    expect(parseTimeCell('7:05')).toBe('07:05');
    expect(parseTimeCell('19:40:59')).toBe('19:40');
    expect(parseTimeCell('7:05 pm')).toBe('19:05');
    expect(parseTimeCell('24:00')).toBeNull();
    expect(parseTimeCell('13:00 PM')).toBeNull();
  });
});

const draft = (row: number, extra: Partial<DraftRow> = {}): DraftRow => ({
  row,
  date: '2024-03-05',
  type: 'expense',
  amount: { amount: 12050, currency: 'THB' },
  category: null,
  wallet: null,
  ...extra,
});

const WALLET = '77777777-7777-4777-8777-777777777777';

describe('toImportRows', () => {
  it('gives rows valid for importRowSchema with the ids found, "Other" without a category, no walletId for the default', () => {
    const categories = new Map([[categoryKey('expense', 'Food'), 'builtin-food']]);
    const wallets = new Map<string, string | null>([
      [walletKey('THB', 'Bank'), WALLET],
      [walletKey('THB', 'Cash'), USE_DEFAULT_WALLET],
    ]);
    const { rows, errors } = toImportRows(
      [
        draft(0, { category: 'food', wallet: 'bank', note: 'rice', time: '08:15' }),
        draft(1, { wallet: 'Cash' }),
        draft(2),
      ],
      categories,
      wallets,
    );
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      {
        row: 0,
        type: 'expense',
        amount: { amount: 12050, currency: 'THB' },
        categoryId: 'builtin-food',
        date: '2024-03-05',
        time: '08:15',
        note: 'rice',
        walletId: WALLET,
      },
      {
        row: 1,
        type: 'expense',
        amount: { amount: 12050, currency: 'THB' },
        categoryId: 'builtin-other',
        date: '2024-03-05',
      },
      {
        row: 2,
        type: 'expense',
        amount: { amount: 12050, currency: 'THB' },
        categoryId: 'builtin-other',
        date: '2024-03-05',
      },
    ]);
    for (const row of rows) expect(importRowSchema.parse(row)).toEqual(row);
  });

  it('reports names without an id', () => {
    const { rows, errors } = toImportRows(
      [draft(0, { category: 'Dining' }), draft(1, { wallet: 'Bank' }), draft(2, { category: 'Food' })],
      new Map([[categoryKey('expense', 'Dining'), null]]),
      new Map(),
    );
    expect(rows).toEqual([]);
    expect(errors).toEqual([
      { row: 0, code: 'import_category_unknown' },
      { row: 1, code: 'import_wallet_unknown' },
      { row: 2, code: 'import_category_unknown' },
    ]);
  });

  it('reports a row the schema refuses instead of returning it', () => {
    const { rows, errors } = toImportRows([draft(0, { date: '1800-01-01' })], new Map(), new Map());
    expect(rows).toEqual([]);
    expect(errors).toEqual([{ row: 0, code: 'import_date_invalid' }]);
  });
});

describe('flagLookalikes', () => {
  const BATCH = '88888888-8888-4888-8888-888888888888';
  const OTHER = '99999999-9999-4999-8999-999999999999';
  const rows = toImportRows(
    [draft(0, { note: 'Rice ' }), draft(1, { note: 'tea' }), draft(2), draft(3, { type: 'income' })],
    new Map(),
    new Map(),
  ).rows;

  it('flags rows with the date, type, amount, currency and note of an existing transaction', () => {
    const existing: ImportExisting['items'] = [
      { date: '2024-03-05', type: 'expense', amount: { amount: 12050, currency: 'THB' }, note: 'rice', batchId: null },
      { date: '2024-03-05', type: 'expense', amount: { amount: 12050, currency: 'THB' }, note: null, batchId: OTHER },
      { date: '2024-03-05', type: 'expense', amount: { amount: 12050, currency: 'LAK' }, note: 'tea', batchId: null },
    ];
    expect([...flagLookalikes(rows, existing, BATCH)].sort()).toEqual([0, 2]);
  });

  it('ignores transactions of the same batch (already imported, not lookalikes)', () => {
    const existing: ImportExisting['items'] = [
      {
        date: '2024-03-05',
        type: 'expense',
        amount: { amount: 12050, currency: 'THB' },
        note: 'rice',
        batchId: BATCH.toUpperCase(),
      },
    ];
    expect(flagLookalikes(rows, existing, BATCH).size).toBe(0);
  });
});

describe('split records and tags', () => {
  // date, amount, note, category, split, line note, transaction id, tags
  const mapping: ColumnMapping = {
    ...base,
    category: 3,
    split: 4,
    lineNote: 5,
    transactionId: 6,
    tags: 7,
    tagSeparator: 'line',
  };
  const line = (
    split: string,
    amount: string,
    category: string,
    fields: { id?: string; note?: string; date?: string } = {},
  ) => [
    fields.date ?? '05/03/2024',
    amount,
    fields.note ?? 'market',
    category,
    split,
    '',
    fields.id ?? 'tx-1',
    'trip\nLuang Prabang, 2024',
  ];

  it('joins the records of a split into one draft numbered by its first, its amount the lines’ sum', () => {
    const { rows, errors } = mapRows(
      tableOf([line('1/3', '-80.00', 'Food'), line('2/3', '-30.00', 'Household'), line('3/3', '-10.50', 'Food')]),
      mapping,
    );
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      {
        row: 0,
        date: '2024-03-05',
        type: 'expense',
        amount: { amount: 12050, currency: 'THB' },
        category: 'Food',
        note: 'market',
        wallet: null,
        tags: ['trip', 'Luang Prabang, 2024'],
        splits: [
          { category: 'Food', amount: 8000 },
          { category: 'Household', amount: 3000 },
          { category: 'Food', amount: 1050 },
        ],
        lineRows: [1, 2],
      },
    ]);
  });

  it('refuses a split whose records do not belong together, is unfinished or out of order, and keeps the rows around it', () => {
    const single = ['06/03/2024', '-5.00', 'tea', 'Food', '', '', 'tx-9', ''];
    const { rows, errors } = mapRows(
      tableOf([
        line('1/2', '-80.00', 'Food'),
        line('2/2', '-30.00', 'Household', { note: 'other note' }),
        single,
        line('1/3', '-1.00', 'Food', { id: 'tx-2' }),
        line('2/3', '-1.00', 'Food', { id: 'tx-2' }),
        single,
        line('2/2', '-1.00', 'Food', { id: 'tx-3' }),
        line('1/2', '-1.00', 'Food', { id: 'tx-4' }),
        line('2/2', 'x', 'Food', { id: 'tx-4' }),
        line('1/2', '-1.00', 'Food', { id: 'tx-5' }),
        line('2/2', '-1.00', 'Food', { id: 'tx-6' }),
        line('7/2', '-1.00', 'Food'),
      ]),
      mapping,
    );
    expect(rows.map((r) => r.row)).toEqual([2, 5]);
    expect(errors.map((e) => [e.row, e.code])).toEqual([
      [0, 'import_split_invalid'],
      [1, 'import_split_invalid'],
      [3, 'import_split_invalid'],
      [4, 'import_split_invalid'],
      [6, 'import_split_invalid'],
      [7, 'import_split_invalid'],
      [8, 'import_amount_invalid'],
      [9, 'import_split_invalid'],
      [10, 'import_split_invalid'],
      [11, 'import_split_invalid'],
    ]);
  });

  it('reads tags at commas and line breaks by default, drops repeats, and refuses too many or too long', () => {
    const tagged = (cell: string) => ['05/03/2024', '-1.00', '', '', '', '', '', cell];
    const { rows, errors } = mapRows(
      tableOf([
        tagged('trip, Trip,wedding\nรีโนเวท'),
        tagged(''),
        tagged(Array.from({ length: 11 }, (_, i) => `t${String(i)}`).join(',')),
        tagged('x'.repeat(33)),
      ]),
      { ...mapping, tagSeparator: 'comma', split: undefined },
    );
    expect(rows.map((r) => r.tags)).toEqual([['trip', 'wedding', 'รีโนเวท'], undefined]);
    expect(errors).toEqual([
      { row: 2, code: 'import_tags_invalid', column: 7 },
      { row: 3, code: 'import_tags_invalid', column: 7 },
    ]);
  });

  it('gives a split’s lines their category ids and refuses all its records when one line’s category is unknown', () => {
    const drafts = mapRows(
      tableOf([
        line('1/2', '-80.00', 'Food'),
        line('2/2', '-30.00', 'Mystery'),
        line('1/2', '-1.00', 'Food', { id: 'b' }),
        line('2/2', '-2.00', 'Food', { id: 'b' }),
      ]),
      mapping,
    ).rows;
    const categories = new Map([
      [categoryKey('expense', 'Food'), 'builtin-food'],
      [categoryKey('expense', 'Mystery'), null],
    ]);
    const { rows, errors } = toImportRows(drafts, categories, new Map());
    expect(errors).toEqual([
      { row: 0, code: 'import_category_unknown' },
      { row: 1, code: 'import_category_unknown' },
    ]);
    expect(rows).toEqual([
      {
        row: 2,
        type: 'expense',
        amount: { amount: 300, currency: 'THB' },
        categoryId: 'builtin-food',
        date: '2024-03-05',
        note: 'market',
        splits: [
          { categoryId: 'builtin-food', amount: 100 },
          { categoryId: 'builtin-food', amount: 200 },
        ],
        tags: ['trip', 'Luang Prabang, 2024'],
      },
    ]);
  });
});
