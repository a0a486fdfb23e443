/*
 * Reading an import file in the browser (and in the bench): bytes → text (encoding) → table
 * (delimiter, header) → draft rows (mapping: dates, amounts, types) → rows the server takes
 * (categories and wallets matched to ids) → rows that look like existing transactions.
 * Nothing here throws on a file's content: every problem is an error code (`import_*`).
 */
import type { TransactionType } from '../categories.js';
import type { ImportExisting, ImportRow, ImportSource } from '../imports.js';
import type { Currency, Money } from '../money.js';
import type { CategoryView } from '../views/categories.js';
import type { WalletView } from '../views/wallets.js';

const notYet = (): never => {
  throw new Error('not yet');
};

export type FileEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'tis-620';

/** Errors of the file as a whole (nothing of it can be imported). */
export type ImportFileError = 'import_file_unreadable' | 'import_file_empty' | 'import_file_too_large';
/** The values the message of a file error shows (the limits of `import_file_too_large`). */
export interface FileErrorResult {
  readonly error: ImportFileError;
  readonly values?: Readonly<Record<string, number>>;
}

/** Errors of one row (the row is skipped; the others go on). */
export type ImportRowErrorCode =
  | 'import_date_invalid'
  | 'import_amount_invalid'
  | 'import_amount_zero'
  | 'import_amount_too_large'
  | 'import_currency_invalid'
  | 'import_type_invalid'
  | 'import_row_transfer'
  | 'import_row_ragged'
  | 'import_cell_too_long'
  | 'import_note_too_long'
  | 'import_category_unknown'
  | 'import_wallet_unknown';

export function decodeFile(_bytes: Uint8Array): { text: string; encoding: FileEncoding } | FileErrorResult {
  return notYet();
}

/** The file's SHA-256 in lower-case hex (crypto.subtle: browsers and Node 20). */
export function fileSha256(_bytes: Uint8Array): Promise<string> {
  return notYet();
}

export interface CsvTable {
  readonly delimiter: string;
  readonly header: string[] | null;
  /** Data rows only, each as long as the widest header/first row (short rows padded with ''). */
  readonly rows: string[][];
  /** Rows that could not be read (longer than the header, a cell over the limit): row number and code. */
  readonly errors: RowError[];
}

export function readTable(
  _text: string,
  _options?: { delimiter?: string; hasHeader?: boolean },
): CsvTable | FileErrorResult {
  return notYet();
}

export type DateFormat =
  | 'YYYY-MM-DD'
  | 'YYYY/MM/DD'
  | 'YYYY.MM.DD'
  | 'YYYYMMDD'
  | 'DD/MM/YYYY'
  | 'DD-MM-YYYY'
  | 'DD.MM.YYYY'
  | 'MM/DD/YYYY'
  | 'MM-DD-YYYY'
  | 'DD/MM/YY'
  | 'DD-MM-YY'
  | 'DD.MM.YY'
  | 'MM/DD/YY';

/** Thai Buddhist era: year − 543. */
export type Era = 'ce' | 'be';

export function guessDateFormat(_samples: readonly string[]): { format: DateFormat; era: Era } | null {
  return notYet();
}

export interface ColumnMapping {
  date: number;
  time?: number;
  /** One signed amount column… */
  amount?: number;
  /** …or a debit (expense) / credit (income) pair. */
  debit?: number;
  credit?: number;
  type?: number;
  category?: number;
  note?: number;
  currency?: number;
  wallet?: number;
  dateFormat: DateFormat;
  era: Era;
  decimal: '.' | ',';
  defaultCurrency: Currency;
  /** A signed amount: `negative-expense` (bank statements, most apps) or `negative-income`. A type column, when mapped, decides over the sign. */
  sign: 'negative-expense' | 'negative-income';
}

export interface Preset {
  readonly id: Exclude<ImportSource, 'csv'>;
  readonly name: string;
  readonly formatVersion: string;
  matches(header: readonly string[]): boolean;
  mapping(header: readonly string[]): Partial<ColumnMapping>;
}

export const PRESETS: readonly Preset[] = [];

export function detectPreset(_header: readonly string[]): Preset | null {
  return notYet();
}

export interface DraftRow {
  readonly row: number;
  readonly date: string;
  readonly time?: string;
  readonly type: TransactionType;
  readonly amount: Money;
  /** The category's name as in the file; null when no category column is mapped or the cell is empty. */
  readonly category: string | null;
  readonly note?: string;
  /** The wallet's name as in the file; null: the default wallet of the currency. */
  readonly wallet: string | null;
}

export interface RowError {
  readonly row: number;
  readonly code: ImportRowErrorCode;
  readonly column?: number;
}

export function mapRows(_table: CsvTable, _mapping: ColumnMapping): { rows: DraftRow[]; errors: RowError[] } {
  return notYet();
}

/** The key of a category name used with a type (the maps of `matchCategories`/`toImportRows`). */
export const categoryKey = (type: TransactionType, name: string): string =>
  `${type}|${name.normalize('NFC').trim().toLowerCase()}`;
/** The key of a wallet name used with a currency (the maps of `matchWallets`/`toImportRows`). */
export const walletKey = (currency: Currency, name: string): string =>
  `${currency}|${name.normalize('NFC').trim().toLowerCase()}`;

/** Catalogs of messages (en, th, lo), flat key → text, for the names of built-in categories and the default wallet. */
export type Catalogs = readonly Readonly<Record<string, string>>[];

/** Category id (or null: unknown) of each distinct (type, name) of the drafts, keyed by `categoryKey`. */
export function matchCategories(
  _names: readonly { readonly type: TransactionType; readonly name: string }[],
  _categories: readonly CategoryView[],
  _messages: Catalogs,
): Map<string, string | null> {
  return notYet();
}

/** Wallet id (or null: unknown) of each distinct (currency, name), keyed by `walletKey`. */
export function matchWallets(
  _names: readonly { readonly currency: Currency; readonly name: string }[],
  _wallets: readonly WalletView[],
  _messages: Catalogs,
): Map<string, string | null> {
  return notYet();
}

export function toImportRows(
  _drafts: readonly DraftRow[],
  _categoryIds: ReadonlyMap<string, string | null>,
  _walletIds: ReadonlyMap<string, string | null>,
): { rows: ImportRow[]; errors: RowError[] } {
  return notYet();
}

/** Row numbers of rows that look like a transaction already there (not one of the same batch). */
export function flagLookalikes(
  _rows: readonly ImportRow[],
  _existing: ImportExisting['items'],
  _batchId: string,
): Set<number> {
  return notYet();
}
