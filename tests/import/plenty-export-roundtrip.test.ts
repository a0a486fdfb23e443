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
import { exportHeader, exportRow, type ExportNames } from '@plenty/query-api/export/export';

/*
 * Plenty's own CSV export, read back by the import library: every transaction comes back with
 * the same type, amount, currency, category, date, time, note and wallet, in each language.
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
  const text = UTF8_BOM + csvRow(exportHeader(locale)) + views.map((v) => csvRow(exportRow(v, locale, names))).join('');
  return new TextEncoder().encode(text);
}

describe("Plenty's export read back by the import", () => {
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
    expect(rows).toEqual(
      views.map((v, row) => ({
        row,
        type: v.type,
        amount: v.amount,
        categoryId: v.categoryId,
        date: v.date,
        ...(v.time === null ? {} : { time: v.time }),
        ...(v.note === null ? {} : { note: v.note }),
        ...(v.walletId === BCEL ? { walletId: BCEL } : {}),
      })),
    );
  });
});
