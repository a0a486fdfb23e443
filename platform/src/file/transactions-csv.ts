import { createRequire } from 'node:module';
import { z } from 'zod';
import { toDecimalString } from '@plenty/contracts/money';
import { EXPORT_COLUMNS, type ExportLocale } from '@plenty/contracts/views/files';
import type { TransactionView } from '@plenty/contracts/views/transactions';

/*
 * The transactions as CSV records, in the user's language: the CSV export's (query API) and the
 * backup's `transactions.csv` (command API) are written by this same code.
 */

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
export function fileMessage(locale: ExportLocale, key: string, fallback: string): string {
  return catalog(locale)[key] ?? catalog('en')[key] ?? fallback;
}

/** The names a record needs, in the file's language. */
export interface ExportNames {
  readonly categories: ReadonlyMap<string, string>;
  readonly wallets: ReadonlyMap<string, string>;
}

export function exportHeader(locale: ExportLocale): string[] {
  return EXPORT_COLUMNS.map((column) => fileMessage(locale, `export.csv.${column}`, column));
}

/** What a record reads of a transaction. */
export type ExportedTransaction = Pick<
  TransactionView,
  'date' | 'time' | 'type' | 'categoryId' | 'amount' | 'note' | 'walletId'
>;

/**
 * One transaction as a CSV record. The amount stays machine-readable whatever the language:
 * a plain decimal in major units with "." ("1234.50", kip whole: "9000000"), and the currency
 * as its ISO code in a column of its own ("LAK"). There is deliberately no formatted column
 * ("₭9,000,000", or "₭9.000.000" in Lao): a spreadsheet would read it as text, or a Lao one
 * as 9, and the code is what tells currencies apart unambiguously (CA$ vs A$ vs $). The app,
 * its charts and its mails write money with contracts' currency-display.ts instead.
 */
export function exportRow(view: ExportedTransaction, locale: ExportLocale, names: ExportNames): string[] {
  return [
    view.date,
    view.time ?? '',
    fileMessage(locale, `transactions.type.${view.type}`, view.type),
    names.categories.get(view.categoryId) ?? view.categoryId,
    toDecimalString(view.amount),
    view.amount.currency,
    view.note ?? '',
    names.wallets.get(view.walletId) ?? '',
  ];
}
