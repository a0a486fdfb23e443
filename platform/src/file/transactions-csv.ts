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
  'id' | 'date' | 'time' | 'type' | 'categoryId' | 'amount' | 'note' | 'walletId' | 'splits' | 'tags'
>;

/** What separates two tags in the `tags` cell: a line break, which no tag can hold (tags are one line). */
export const TAG_SEPARATOR = '\n';

/**
 * A transaction as CSV records: one record, or one per line of a split transaction.
 *
 * The amount stays machine-readable whatever the language: a plain decimal in major units with
 * "." ("1234.50", kip whole: "9000000"), and the currency as its ISO code in a column of its own
 * ("LAK"). There is deliberately no formatted column ("₭9,000,000", or "₭9.000.000" in Lao): a
 * spreadsheet would read it as text, or a Lao one as 9, and the code is what tells currencies
 * apart unambiguously (CA$ vs A$ vs $). The app, its charts and its mails write money with
 * contracts' currency-display.ts instead.
 *
 * A split transaction (splits.ts) gives one record per line, in the lines' order: the line's
 * category and amount, `split` "k/n", the line's note in `lineNote`; date, time, type, currency,
 * note, wallet, tags and `transactionId` repeated on each. So a spreadsheet's SUM of the amount
 * column counts each transaction once, and a pivot by category counts each line in its own
 * category, as the app does. A one-category transaction has `split` and `lineNote` empty.
 * Tags are written one a line in their cell (a tag cannot hold a line break), in the order kept.
 */
export function exportRows(view: ExportedTransaction, locale: ExportLocale, names: ExportNames): string[][] {
  const common = (categoryId: string, amount: number, split: string, lineNote: string): string[] => [
    view.date,
    view.time ?? '',
    fileMessage(locale, `transactions.type.${view.type}`, view.type),
    names.categories.get(categoryId) ?? categoryId,
    toDecimalString({ amount, currency: view.amount.currency }),
    view.amount.currency,
    view.note ?? '',
    names.wallets.get(view.walletId) ?? '',
    (view.tags ?? []).join(TAG_SEPARATOR),
    split,
    lineNote,
    view.id,
  ];
  const lines = view.splits ?? [];
  if (lines.length === 0) return [common(view.categoryId, view.amount.amount, '', '')];
  return lines.map((line, index) =>
    common(line.categoryId, line.amount, `${String(index + 1)}/${String(lines.length)}`, line.note ?? ''),
  );
}

/** The category ids a transaction's records name: its lines', or its own. */
export const exportedCategoryIds = (view: Pick<ExportedTransaction, 'categoryId' | 'splits'>): string[] =>
  view.splits === undefined || view.splits === null || view.splits.length === 0
    ? [view.categoryId]
    : view.splits.map((line) => line.categoryId);
