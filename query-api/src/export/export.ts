import { CATEGORIES_VIEW, WALLETS_VIEW } from '@plenty/contracts/views/registry';
import { BUILT_IN_CATEGORIES } from '@plenty/contracts/categories';
import { CURRENCIES } from '@plenty/contracts/money';
import type { ExportLocale } from '@plenty/contracts/views/files';
import type { CategoryView } from '@plenty/contracts/views/categories';
import { DEFAULT_WALLET_NAME_KEY, defaultWalletId } from '@plenty/contracts/wallets';
import { csvRow, UTF8_BOM } from '@plenty/platform/file/csv';
import {
  exportHeader,
  exportRows,
  fileMessage as message,
  type ExportNames,
} from '@plenty/platform/file/transactions-csv';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { scanTransactions, SORTS } from '../transaction/search.js';

export { exportHeader, exportRows, type ExportNames };

/** Custom categories are few (a person's own list); one page holds them all. */
const MAX_CUSTOM = 1000;

/** Category names in the language: built-ins from their messages, custom ones as the user named them. */
async function categoryNames(readStore: ReadStore, userId: string, locale: ExportLocale): Promise<Map<string, string>> {
  const names = new Map(BUILT_IN_CATEGORIES.map((c) => [c.id, message(locale, c.nameKey, c.id)]));
  const custom = await readStore.find<CategoryView>(CATEGORIES_VIEW, {
    userId,
    sort: [{ field: 'createdAt', direction: 'asc' }],
    limit: MAX_CUSTOM,
  });
  for (const { doc } of custom.items) if (doc.name !== null) names.set(doc.id, doc.name);
  return names;
}

/** A person's wallets are few; one page holds them all. */
const MAX_WALLETS = 1000;

/**
 * Wallet names in the language: as the user named them, a default wallet not renamed by its
 * message ("Cash"), also before its document exists; a name erased with the user's key is ''.
 */
async function walletNames(readStore: ReadStore, userId: string, locale: ExportLocale): Promise<Map<string, string>> {
  const cash = message(locale, DEFAULT_WALLET_NAME_KEY, 'Cash');
  const names = new Map(CURRENCIES.map((currency) => [defaultWalletId(userId, currency), cash]));
  const wallets = await readStore.find<{ id: string; name: string | null; nameKey: string | null }>(WALLETS_VIEW, {
    userId,
    sort: [],
    limit: MAX_WALLETS,
  });
  for (const { doc } of wallets.items) {
    names.set(doc.id, doc.name ?? (doc.nameKey === null ? '' : message(locale, doc.nameKey, cash)));
  }
  return names;
}

/**
 * Every transaction of the user as CSV (BOM, header, one record per transaction or, for a split
 * transaction, one per line; oldest first), produced page by page from the read store so memory
 * stays flat however many. The columns and the split records: platform/src/file/transactions-csv.ts
 * (`exportRows`) and docs/IMPORT-FORMATS.md ("Plenty"); tags one a line in their cell; a cell a
 * spreadsheet would run as a formula starts with `'` (csv.ts).
 */
export async function* exportCsv(
  readStore: ReadStore,
  userId: string,
  locale: ExportLocale,
  pageSize = 1000,
): AsyncGenerator<string> {
  const [categories, wallets] = await Promise.all([
    categoryNames(readStore, userId, locale),
    walletNames(readStore, userId, locale),
  ]);
  const names: ExportNames = { categories, wallets };
  yield UTF8_BOM + csvRow(exportHeader(locale));
  let chunk = '';
  let rows = 0;
  for await (const { doc } of scanTransactions(readStore, { userId, where: {}, sort: SORTS.oldest, pageSize })) {
    for (const record of exportRows(doc, locale, names)) chunk += csvRow(record);
    rows += 1;
    if (rows % pageSize === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}
