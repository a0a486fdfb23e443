import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importRowSchema } from '../imports.js';
import {
  PLENTY_HEADERS,
  PLENTY_LATER_HEADERS,
  PRESETS,
  USE_DEFAULT_WALLET,
  categoryNamesOf,
  decodeFile,
  detectPreset,
  guessDecimal,
  isFileError,
  mapRows,
  matchCategories,
  matchWallets,
  readTable,
  suggestMapping,
  toImportRows,
  walletNamesOf,
  type ColumnMapping,
  type CsvTable,
  type DraftRow,
} from './index.js';

const here = dirname(fileURLToPath(import.meta.url));
const locales = join(here, '../../../locales');
const catalog = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(join(locales, `${locale}.json`), 'utf8')) as Record<string, string>;
const catalogs = ['en', 'th', 'lo'].map(catalog);

function tableOf(sample: string): CsvTable {
  const decoded = decodeFile(new Uint8Array(readFileSync(join(here, 'samples', sample))));
  if (isFileError(decoded)) throw new Error(decoded.error);
  const table = readTable(decoded.text);
  if (isFileError(table)) throw new Error(table.error);
  return table;
}

function read(sample: string): {
  preset: string | null;
  mapping: ColumnMapping;
  drafts: DraftRow[];
  errors: unknown[];
} {
  const table = tableOf(sample);
  const { preset, mapping } = suggestMapping(table, 'LAK');
  if (mapping.date === undefined) throw new Error('no date column');
  const complete: ColumnMapping = { ...mapping, date: mapping.date };
  const { rows, errors } = mapRows(table, complete);
  return { preset: preset?.id ?? null, mapping: complete, drafts: rows, errors };
}

describe('presets', () => {
  it('every preset says which version of its format it follows', () => {
    expect(PRESETS.map((p) => p.id).sort()).toEqual(['actual', 'cashew', 'firefly-iii', 'money-lover', 'plenty']);
    for (const preset of PRESETS) expect(preset.formatVersion.length).toBeGreaterThan(10);
  });

  it("Plenty's headers are the export's column names in each language's catalog", () => {
    const columns = ['date', 'time', 'type', 'category', 'amount', 'currency', 'note', 'wallet'];
    const later = ['tags', 'split', 'lineNote', 'transactionId'];
    for (const locale of ['en', 'th', 'lo'] as const) {
      expect(PLENTY_HEADERS[locale]).toEqual(columns.map((c) => catalog(locale)[`export.csv.${c}`]));
      expect(PLENTY_LATER_HEADERS[locale]).toEqual(later.map((c) => catalog(locale)[`export.csv.${c}`]));
    }
  });

  it("the type words of Plenty's export in every language are read", () => {
    const table: CsvTable = {
      delimiter: ',',
      header: [...PLENTY_HEADERS.lo],
      rows: ['en', 'th', 'lo'].flatMap((locale) =>
        (['income', 'expense'] as const).map((type) => [
          '2024-01-02',
          '',
          catalog(locale)[`transactions.type.${type}`] ?? '',
          '',
          '1',
          'LAK',
          '',
          '',
        ]),
      ),
      errors: [],
    };
    const preset = detectPreset(table.header ?? []);
    expect(preset?.id).toBe('plenty');
    const mapping = { ...preset?.mapping(table.header ?? []), defaultCurrency: 'LAK' } as ColumnMapping;
    expect(mapRows(table, mapping).rows.map((r) => r.type)).toEqual([
      'income',
      'expense',
      'income',
      'expense',
      'income',
      'expense',
    ]);
  });

  it('a header of none of the apps is no preset', () => {
    expect(detectPreset(['Date', 'Description', 'Amount'])).toBeNull();
    expect(detectPreset([])).toBeNull();
  });
});

/**
 * Rows the sample files tell alike, each in its own app's words: lunch for 120.50 baht on
 * 5 March 2024, the salary of 25,000 baht the next day, and a tuk-tuk ride of 450 kip.
 */
const lunch = (row: number, fields: Partial<DraftRow>) => ({
  row,
  date: '2024-03-05',
  type: 'expense',
  amount: { amount: 12050, currency: 'THB' },
  ...fields,
});
const salary = (row: number, fields: Partial<DraftRow>) => ({
  row,
  date: '2024-03-06',
  type: 'income',
  amount: { amount: 2500000, currency: 'THB' },
  ...fields,
});
const tukTuk = (row: number, date: string, fields: Partial<DraftRow>) => ({
  row,
  date,
  type: 'expense',
  amount: { amount: 45000, currency: 'LAK' },
  ...fields,
});

describe('each sample file maps itself', () => {
  it('plenty.csv (Thai header, BOM, CRLF): types from the type column, the formula-looking note as text', () => {
    const { preset, drafts, errors } = read('plenty.csv');
    expect(preset).toBe('plenty');
    expect(errors).toEqual([]);
    expect(drafts).toEqual([
      lunch(0, { time: '08:15', category: 'อาหาร', note: 'ข้าวมันไก่, ชาเย็น', wallet: 'เงินสด' }),
      salary(1, { category: 'เงินเดือน', note: 'เงินเดือนมีนาคม', wallet: 'เงินสด' }),
      tukTuk(2, '2024-03-07', { time: '19:40', category: 'การเดินทาง', note: 'ຄ່າລົດຕຸກຕຸກ', wallet: 'เงินสด' }),
      {
        row: 3,
        date: '2024-03-08',
        type: 'expense',
        amount: { amount: 1000, currency: 'USD' },
        category: 'อื่น ๆ',
        note: '=1+1',
        wallet: 'เงินสด',
      },
    ]);
    const categories = matchCategories(categoryNamesOf(drafts), [], catalogs);
    const wallets = matchWallets(walletNamesOf(drafts), [], catalogs);
    expect([...wallets.values()]).toEqual([USE_DEFAULT_WALLET, USE_DEFAULT_WALLET, USE_DEFAULT_WALLET]);
    const { rows, errors: rowErrors } = toImportRows(drafts, categories, wallets);
    expect(rowErrors).toEqual([]);
    expect(rows.map((r) => [r.categoryId, r.walletId])).toEqual([
      ['builtin-food', undefined],
      ['builtin-salary', undefined],
      ['builtin-transport', undefined],
      ['builtin-other', undefined],
    ]);
    for (const row of rows) expect(importRowSchema.safeParse(row).success).toBe(true);
  });

  it('plenty-splits.csv (format 2, Lao): a split’s records become one transaction with its lines, tags one a line', () => {
    const { preset, mapping, drafts, errors } = read('plenty-splits.csv');
    expect(preset).toBe('plenty');
    expect(mapping).toMatchObject({ tags: 8, split: 9, lineNote: 10, transactionId: 11, tagSeparator: 'line' });
    expect(errors).toEqual([]);
    const tags = ['ງານແຕ່ງ', 'Trip, Luang Prabang'];
    expect(drafts).toEqual([
      {
        row: 0,
        date: '2024-03-09',
        time: '10:30',
        type: 'expense',
        amount: { amount: 120000, currency: 'LAK' },
        category: 'ອາຫານ',
        note: 'ຕະຫຼາດເຊົ້າ',
        wallet: 'ເງິນສົດ',
        tags,
        splits: [
          { category: 'ອາຫານ', amount: 80000, note: 'ຜັກ ແລະ ໝາກໄມ້' },
          { category: 'ຊື້ເຄື່ອງ', amount: 40000 },
        ],
        lineRows: [1],
      },
      salary(2, { date: '2024-03-10', category: 'ເງິນເດືອນ', wallet: 'ເງິນສົດ' }),
      {
        row: 3,
        date: '2024-03-11',
        type: 'expense',
        amount: { amount: 500, currency: 'USD' },
        category: 'ອື່ນໆ',
        wallet: 'ເງິນສົດ',
        tags: ['=tag'],
      },
    ]);
    const categories = matchCategories(categoryNamesOf(drafts), [], catalogs);
    const wallets = matchWallets(walletNamesOf(drafts), [], catalogs);
    const { rows, errors: rowErrors } = toImportRows(drafts, categories, wallets);
    expect(rowErrors).toEqual([]);
    expect(rows[0]).toEqual({
      row: 0,
      type: 'expense',
      amount: { amount: 120000, currency: 'LAK' },
      categoryId: 'builtin-food',
      date: '2024-03-09',
      time: '10:30',
      note: 'ຕະຫຼາດເຊົ້າ',
      splits: [
        { categoryId: 'builtin-food', amount: 80000, note: 'ຜັກ ແລະ ໝາກໄມ້' },
        { categoryId: 'builtin-shopping', amount: 40000 },
      ],
      tags,
    });
    for (const row of rows) expect(importRowSchema.safeParse(row).success).toBe(true);
  });

  it('money-lover.csv: DD/MM/YYYY, signed amounts, the currency column, the wallet, the event as a tag', () => {
    const { preset, mapping, drafts, errors } = read('money-lover.csv');
    expect(preset).toBe('money-lover');
    expect(mapping.dateFormat).toBe('DD/MM/YYYY');
    expect(errors).toEqual([]);
    expect(drafts).toEqual([
      lunch(0, { category: 'Food', note: 'ข้าวมันไก่, ชาเย็น', wallet: 'Cash' }),
      salary(1, { category: 'Salary', note: 'เงินเดือน', wallet: 'Cash' }),
      tukTuk(2, '2024-03-13', { category: 'Transport', note: 'ຄ່າລົດຕຸກຕຸກ', wallet: 'ກະເປົາລາວ' }),
      {
        row: 3,
        date: '2024-03-14',
        type: 'expense',
        amount: { amount: 250000, currency: 'LAK' },
        category: 'ຂອງຂວັນ',
        note: 'ຂອງຂວັນວັນເກີດ',
        wallet: 'ກະເປົາລາວ',
        tags: ['Birthday'],
      },
    ]);
    // "ຂອງຂວັນ" is the Lao name of the built-in Gifts (general: fits an expense).
    const categories = matchCategories(categoryNamesOf(drafts), [], catalogs);
    expect([...categories.values()]).toEqual(['builtin-food', 'builtin-salary', 'builtin-transport', 'builtin-gifts']);
    // The Lao wallet is not the user's yet: those rows wait for the user to map or create it.
    const wallets = matchWallets(walletNamesOf(drafts), [], catalogs);
    const { rows, errors: rowErrors } = toImportRows(drafts, categories, wallets);
    expect(rows.map((r) => r.row)).toEqual([0, 1]);
    expect(rowErrors).toEqual([
      { row: 2, code: 'import_wallet_unknown' },
      { row: 3, code: 'import_wallet_unknown' },
    ]);
  });

  it('actual.csv in kip: payee before the notes, no currency column (the default), 120.5 kip and a split parent refused', () => {
    const { preset, drafts, errors } = read('actual.csv');
    expect(preset).toBe('actual');
    expect(errors).toEqual([
      { row: 0, code: 'import_amount_invalid', column: 5 },
      { row: 2, code: 'import_amount_zero', column: 5 },
    ]);
    expect(drafts).toEqual([
      {
        row: 1,
        date: '2024-03-06',
        type: 'income',
        amount: { amount: 25000, currency: 'LAK' },
        category: 'Salary',
        note: 'บริษัท ตัวอย่าง',
        wallet: 'Checking',
      },
      {
        row: 3,
        date: '2024-03-07',
        type: 'expense',
        amount: { amount: 200, currency: 'LAK' },
        category: 'Shopping',
        note: 'Big C — (SPLIT 1 OF 2) ของใช้',
        wallet: 'Checking',
      },
      {
        row: 4,
        date: '2024-03-07',
        type: 'expense',
        amount: { amount: 100, currency: 'LAK' },
        category: 'Food',
        note: 'Big C — (SPLIT 2 OF 2) ອາຫານ',
        wallet: 'Checking',
      },
    ]);
  });

  it('actual.csv in baht: 120.5 is 12050 satang', () => {
    const table = tableOf('actual.csv');
    const { mapping } = suggestMapping(table, 'THB');
    const { rows } = mapRows(table, { ...mapping, date: mapping.date ?? 0 });
    expect(rows[0]?.amount).toEqual({ amount: 12050, currency: 'THB' });
  });

  it('firefly-iii.csv: types from the type column, transfers skipped, the asset account as the wallet of either type, tags split at commas', () => {
    const { preset, drafts, errors } = read('firefly-iii.csv');
    expect(preset).toBe('firefly-iii');
    expect(errors).toEqual([{ row: 2, code: 'import_row_transfer', column: 6 }]);
    expect(drafts).toEqual([
      lunch(0, { time: '08:15', category: 'Food', note: 'ข้าวมันไก่, ชาเย็น — มื้อเช้า', wallet: 'กระเป๋าเงินสด' }),
      salary(1, { time: '00:00', category: 'Salary', note: 'เงินเดือน', wallet: 'กระเป๋าเงินสด' }),
      tukTuk(3, '2024-03-08', {
        time: '19:40',
        category: 'Transport',
        note: 'ຄ່າລົດຕຸກຕຸກ',
        wallet: 'ກະເປົາລາວ',
        tags: ['ວຽງຈັນ', 'Trip 2024'],
      }),
    ]);
  });

  it('cashew.csv: income true/false, title before the note, the time of the date cell', () => {
    const { preset, drafts, errors } = read('cashew.csv');
    expect(preset).toBe('cashew');
    expect(errors).toEqual([]);
    expect(drafts).toEqual([
      lunch(0, { time: '08:15', category: 'Dining', note: 'ข้าวมันไก่ — ชาเย็น, น้ำแข็ง', wallet: 'Cash' }),
      salary(1, { time: '09:00', category: 'Salary', note: 'เงินเดือน', wallet: 'Cash' }),
      tukTuk(2, '2024-03-08', { time: '19:40', category: 'Transport', note: 'ຄ່າລົດຕຸກຕຸກ — ໄປຕະຫຼາດ', wallet: 'ກະເປົາລາວ' }),
    ]);
    // "Dining" is none of the user's categories: listed for the user to map or create.
    expect(matchCategories(categoryNamesOf(drafts), [], catalogs).get('expense|dining')).toBeNull();
  });
});

describe('suggestMapping without a preset', () => {
  it('finds columns by Thai and Lao header names, and guesses the date format, era and decimal mark', () => {
    const table = readTable('ວັນທີ;ລາຍລະອຽດ;ຖອນ;ຝາກ\n05.03.2567;ຄ່າເຂົ້າ;1.500,50;\n06.03.2567;ເງິນເດືອນ;;2.000.000,00\n');
    if (isFileError(table)) throw new Error(table.error);
    expect(suggestMapping(table, 'THB')).toEqual({
      preset: null,
      mapping: {
        date: 0,
        note: 1,
        debit: 2,
        credit: 3,
        dateFormat: 'DD.MM.YYYY',
        era: 'be',
        decimal: ',',
        defaultCurrency: 'THB',
        sign: 'negative-expense',
      },
    });
  });

  it('finds the date and amount columns of a file without a header', () => {
    const table = readTable('coffee,05/03/2024,-3.50\ntea,25/03/2024,-2.00\n');
    if (isFileError(table)) throw new Error(table.error);
    expect(table.header).toBeNull();
    expect(suggestMapping(table, 'USD').mapping).toMatchObject({ date: 1, amount: 2, dateFormat: 'DD/MM/YYYY' });
  });

  it('leaves the date out when no column holds dates', () => {
    const table = readTable('Name,Amount\nrice,1\n');
    if (isFileError(table)) throw new Error(table.error);
    expect(suggestMapping(table, 'USD').mapping.date).toBeUndefined();
  });
});

describe('guessDecimal', () => {
  it('reads the decimal mark from the amounts', () => {
    expect(guessDecimal(['12,50', '3,00'])).toBe(',');
    expect(guessDecimal(['1.500.000', '25.000'])).toBe(',');
    expect(guessDecimal(['1.500,00 ₭'])).toBe(',');
    expect(guessDecimal(['12.50', '3'])).toBe('.');
    expect(guessDecimal(['1,500,000'])).toBe('.');
    expect(guessDecimal(['1,500.00', '12,50'])).toBe('.');
    expect(guessDecimal(['1.500', '1,500', '7'])).toBe('.');
  });
});
