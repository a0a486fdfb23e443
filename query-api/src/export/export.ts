import { CATEGORIES_VIEW, WALLETS_VIEW } from '@plenty/contracts/views/registry';
import { createRequire } from 'node:module';
import { z } from 'zod';
import { BUILT_IN_CATEGORIES } from '@plenty/contracts/categories';
import { CURRENCIES, toDecimalString } from '@plenty/contracts/money';
import { EXPORT_COLUMNS, type ExportLocale } from '@plenty/contracts/views/files';
import type { CategoryView } from '@plenty/contracts/views/categories';
import type { TransactionView } from '@plenty/contracts/views/transactions';
import { DEFAULT_WALLET_NAME_KEY, defaultWalletId } from '@plenty/contracts/wallets';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { scanTransactions, SORTS } from '../transaction/search.js';
import { csvRow, UTF8_BOM } from './csv.js';

const require = createRequire(import.meta.url);
const catalogSchema = z.record(z.string(), z.string());
const catalogs = new Map<ExportLocale, Record<string, string>>();

function catalog(locale: ExportLocale): Record<string, string> {
  let loaded = catalogs.get(locale);
  if (loaded === undefined) {
    loaded = catalogSchema.parse(require(`@plenty/locales/${locale}.json`));
    catalogs.set(locale, loaded);
  }
  return loaded;
}

/** A message of the language, English when it lacks one, the fallback when neither has it. */
function message(locale: ExportLocale, key: string, fallback: string): string {
  return catalog(locale)[key] ?? catalog('en')[key] ?? fallback;
}

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

/** The names a record needs, in the export's language. */
export interface ExportNames {
  readonly categories: ReadonlyMap<string, string>;
  readonly wallets: ReadonlyMap<string, string>;
}

export function exportHeader(locale: ExportLocale): string[] {
  return EXPORT_COLUMNS.map((column) => message(locale, `export.csv.${column}`, column));
}

/**
 * One transaction as a CSV record. The amount stays machine-readable whatever the language:
 * a plain decimal in major units with "." ("1234.50", kip whole: "9000000"), and the currency
 * as its ISO code in a column of its own ("LAK"). There is deliberately no formatted column
 * ("₭9,000,000", or "₭9.000.000" in Lao): a spreadsheet would read it as text, or a Lao one
 * as 9, and the code is what tells currencies apart unambiguously (CA$ vs A$ vs $). The app,
 * its charts and its mails write money with contracts' currency-display.ts instead.
 */
export function exportRow(view: TransactionView, locale: ExportLocale, names: ExportNames): string[] {
  return [
    view.date,
    view.time ?? '',
    message(locale, `transactions.type.${view.type}`, view.type),
    names.categories.get(view.categoryId) ?? view.categoryId,
    toDecimalString(view.amount),
    view.amount.currency,
    view.note ?? '',
    names.wallets.get(view.walletId) ?? '',
  ];
}

/**
 * Every transaction of the user as CSV (BOM, header, one record per transaction, oldest
 * first), produced page by page from the read store so memory stays flat however many.
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
    chunk += csvRow(exportRow(doc, locale, names));
    rows += 1;
    if (rows % pageSize === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}
