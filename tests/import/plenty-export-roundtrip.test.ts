import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_CATEGORIES } from '@plenty/contracts/categories';
import {
  categoryNamesOf,
  decodeFile,
  isFileError,
  mapRows,
  matchCategories,
  matchWallets,
  readTable,
  suggestMapping,
  toImportRows,
  walletNamesOf,
} from '@plenty/contracts/import/index';
import { customCategory, walletView } from '@plenty/contracts/testing/views';
import type { CategoryView } from '@plenty/contracts/views/categories';
import { EXPORT_LOCALES, type ExportLocale } from '@plenty/contracts/views/files';
import type { TransactionView } from '@plenty/contracts/views/transactions';
import type { WalletView } from '@plenty/contracts/views/wallets';
import { defaultWalletId } from '@plenty/contracts/wallets';
import { csvRow, UTF8_BOM } from '@plenty/platform/file/csv';
import { exportHeader, exportRows, type ExportNames } from '@plenty/query-api/export/export';

/*
 * Plenty's own CSV export, read back by the import library: every transaction comes back with
 * the same type, amount, currency, category, date, time, note, wallet, tags and split lines, in
 * each language; a split's records give one transaction again.
 */

const require = createRequire(import.meta.url);
const catalogOf = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(require.resolve(`@plenty/locales/${locale}.json`), 'utf8')) as Record<string, string>;
const catalogs = ['en', 'th', 'lo'].map(catalogOf);

const USER = '0b6f2c1e-3d4a-4e5b-8c7d-9e0f1a2b3c4d';
const GROCERIES = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const BONUS = 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e';
const BCEL = 'c3d4e5f6-a7b8-4c9d-8e1f-2a3b4c5d6e7f';

const categories: CategoryView[] = [
  customCategory(GROCERIES, 'ຕະຫຼາດເຊົ້າ, ຜັກ', 'expense'),
  customCategory(BONUS, '=Bonus', 'income'),
];

const bcel: WalletView = walletView({ id: BCEL, name: 'BCEL "One"' });

let n = 0;
function view(
  fields: Partial<TransactionView> & Pick<TransactionView, 'type' | 'amount' | 'categoryId'>,
): TransactionView {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    date: '2024-03-05',
    time: null,
    note: null,
    receipt: null,
    location: null,
    walletId: defaultWalletId(USER, fields.amount.currency),
    createdAt: '2024-03-05T00:00:00.000Z',
    updatedAt: '2024-03-05T00:00:00.000Z',
    revision: 0,
    ...fields,
  };
}

const views: TransactionView[] = [
  view({
    type: 'expense',
    amount: { amount: 12050, currency: 'THB' },
    categoryId: 'builtin-food',
    time: '08:15',
    note: 'ข้าวมันไก่, ชาเย็น "พิเศษ"',
  }),
  view({
    type: 'income',
    amount: { amount: 2500000, currency: 'THB' },
    categoryId: 'builtin-salary',
    date: '2024-02-29',
  }),
  view({
    type: 'expense',
    amount: { amount: 45000, currency: 'LAK' },
    categoryId: GROCERIES,
    walletId: BCEL,
    note: 'ສອງແຖວ\nແຖວທີສອງ',
  }),
  view({
    type: 'income',
    amount: { amount: 150000, currency: 'LAK' },
    categoryId: BONUS,
    walletId: BCEL,
    note: '=1+1',
  }),
  view({ type: 'expense', amount: { amount: 1, currency: 'USD' }, categoryId: 'builtin-other', note: '@SUM(A1)' }),
  view({
    type: 'income',
    amount: { amount: 2 ** 51, currency: 'LAK' },
    categoryId: 'builtin-gifts',
    time: '23:59',
    note: '-fee',
  }),
  view({
    type: 'expense',
    amount: { amount: 99, currency: 'EUR' },
    categoryId: 'builtin-interest',
    note: '+66 81 234 5678',
    tags: ['=trip', 'ງານແຕ່ງ, ວຽງຈັນ', 'รีโนเวท "บ้าน"'],
  }),
  view({
    type: 'expense',
    amount: { amount: 120000, currency: 'LAK' },
    categoryId: GROCERIES,
    walletId: BCEL,
    time: '10:30',
    note: 'ຕະຫຼາດເຊົ້າ',
    splits: [
      { categoryId: GROCERIES, amount: 80000, note: 'ຜັກ, ໝາກໄມ້' },
      { categoryId: 'builtin-shopping', amount: 30000, note: null },
      { categoryId: GROCERIES, amount: 10000, note: '-ice' },
    ],
    tags: ['Trip'],
  }),
  view({
    type: 'income',
    amount: { amount: 300, currency: 'USD' },
    categoryId: 'builtin-salary',
    splits: [
      { categoryId: 'builtin-salary', amount: 100, note: null },
      { categoryId: BONUS, amount: 200, note: null },
    ],
  }),
];

function exportFile(locale: ExportLocale): Uint8Array {
  const catalog = catalogOf(locale);
  const names: ExportNames = {
    categories: new Map([
      ...BUILT_IN_CATEGORIES.map((c) => [c.id, catalog[c.nameKey] ?? c.id] as const),
      ...categories.map((c) => [c.id, c.name ?? ''] as const),
    ]),
    wallets: new Map([
      ...(['LAK', 'THB', 'USD', 'EUR'] as const).map(
        (c) => [defaultWalletId(USER, c), catalog['wallet.default'] ?? ''] as const,
      ),
      [BCEL, bcel.name ?? ''],
    ]),
  };
  const records = views.flatMap((v) => exportRows(v, locale, names));
  const text = UTF8_BOM + csvRow(exportHeader(locale)) + records.map(csvRow).join('');
  return new TextEncoder().encode(text);
}

describe("Plenty's export read back by the import", () => {
  it('writes a split as one record per line whose amounts add up to the total once, each naming the transaction', () => {
    const split = views.find((v) => v.splits?.length === 3);
    if (split === undefined) throw new Error('no split');
    const names: ExportNames = { categories: new Map(), wallets: new Map() };
    const records = exportRows(split, 'en', names);
    expect(records.map((r) => [r[3], r[4], r[9], r[10], r[11]])).toEqual([
      [GROCERIES, '80000', '1/3', 'ຜັກ, ໝາກໄມ້', split.id],
      ['builtin-shopping', '30000', '2/3', '', split.id],
      [GROCERIES, '10000', '3/3', '-ice', split.id],
    ]);
    expect(records.reduce((sum, r) => sum + Number(r[4]), 0)).toBe(120000);
    expect(exportHeader('en').slice(8)).toEqual(['Tags', 'Split', 'Split line note', 'Transaction ID']);
  });

  it.each(EXPORT_LOCALES)('gives back every transaction of a %s export', (locale) => {
    const decoded = decodeFile(exportFile(locale));
    if (isFileError(decoded)) throw new Error(decoded.error);
    const table = readTable(decoded.text);
    if (isFileError(table)) throw new Error(table.error);
    const { preset, mapping } = suggestMapping(table, 'LAK');
    expect(preset?.id).toBe('plenty');
    const { rows: drafts, errors } = mapRows(table, { ...mapping, date: mapping.date ?? 0 });
    expect(errors).toEqual([]);
    const categoryIds = matchCategories(categoryNamesOf(drafts), categories, catalogs);
    const walletIds = matchWallets(walletNamesOf(drafts), [bcel], catalogs);
    const { rows, errors: rowErrors } = toImportRows(drafts, categoryIds, walletIds);
    expect(rowErrors).toEqual([]);
    // Each transaction is numbered by its first record.
    let record = 0;
    expect(rows).toEqual(
      views.map((v) => {
        const row = record;
        record += v.splits?.length ?? 1;
        return {
          row,
          type: v.type,
          amount: v.amount,
          categoryId: v.categoryId,
          date: v.date,
          ...(v.time === null ? {} : { time: v.time }),
          ...(v.note === null ? {} : { note: v.note }),
          ...(v.walletId === BCEL ? { walletId: BCEL } : {}),
          ...(v.splits === undefined || v.splits === null
            ? {}
            : {
                splits: v.splits.map((line) => ({
                  categoryId: line.categoryId,
                  amount: line.amount,
                  ...(line.note === null ? {} : { note: line.note }),
                })),
              }),
          ...(v.tags === undefined ? {} : { tags: v.tags }),
        };
      }),
    );
  });
});
