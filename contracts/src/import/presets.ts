import type { ImportSource } from '../imports.js';
import type { ColumnMapping } from './mapping.js';

/*
 * Presets: the CSV exports of Plenty and of four other apps, recognised by their header, so a
 * known file maps itself. Each follows the version of the format named in `formatVersion`
 * (docs/IMPORT-FORMATS.md says where each format was read from).
 */

export interface Preset {
  readonly id: Exclude<ImportSource, 'csv'>;
  readonly name: string;
  /** Which version of the app's export this follows. */
  readonly formatVersion: string;
  matches(header: readonly string[]): boolean;
  /** The columns of this header and how the format writes dates, amounts and types. */
  mapping(header: readonly string[]): Partial<ColumnMapping>;
}

/** A header cell as compared: NFC, trimmed, lower case, inner spaces single. */
export const headerKey = (cell: string): string => cell.normalize('NFC').trim().toLowerCase().replace(/\s+/g, ' ');

/** The index of the first header cell named one of `names` (compared with `headerKey`), or undefined. */
export function columnOf(header: readonly string[], ...names: string[]): number | undefined {
  const keys = header.map(headerKey);
  for (const name of names) {
    const index = keys.indexOf(headerKey(name));
    if (index >= 0) return index;
  }
  return undefined;
}

const hasAll = (header: readonly string[], names: readonly string[]): boolean =>
  names.every((name) => columnOf(header, name) !== undefined);

/** Leaves out the columns not found, so the mapping spreads cleanly over defaults. */
function defined(mapping: Partial<ColumnMapping>): Partial<ColumnMapping> {
  return Object.fromEntries(
    Object.entries(mapping).filter(([, value]) => value !== undefined),
  ) as Partial<ColumnMapping>;
}

/**
 * Plenty's own export (platform/src/file/transactions-csv.ts): the header in the language of the
 * export, the values in `locales/*.json` `export.csv.*` (a test keeps these equal to the
 * catalogs). Format 1 had these eight columns; format 2 adds `PLENTY_LATER_HEADERS` at the end.
 */
export const PLENTY_HEADERS = {
  en: ['Date', 'Time', 'Type', 'Category', 'Amount', 'Currency', 'Note', 'Wallet'],
  th: ['วันที่', 'เวลา', 'ประเภท', 'หมวดหมู่', 'จำนวนเงิน', 'สกุลเงิน', 'หมายเหตุ', 'กระเป๋าเงิน'],
  lo: ['ວັນທີ', 'ເວລາ', 'ປະເພດ', 'ໝວດໝູ່', 'ຈຳນວນເງິນ', 'ສະກຸນເງິນ', 'ໝາຍເຫດ', 'ກະເປົາເງິນ'],
} as const;

/** The columns format 2 of Plenty's export adds: tags, split ("1/3"), the line's note, the transaction id. */
export const PLENTY_LATER_HEADERS = {
  en: ['Tags', 'Split', 'Split line note', 'Transaction ID'],
  th: ['แท็ก', 'แบ่งรายการ', 'หมายเหตุของบรรทัดที่แบ่ง', 'รหัสรายการ'],
  lo: ['ແທັກ', 'ແບ່ງລາຍການ', 'ໝາຍເຫດຂອງແຖວທີ່ແບ່ງ', 'ລະຫັດລາຍການ'],
} as const;

const plenty: Preset = {
  id: 'plenty',
  name: 'Plenty',
  formatVersion:
    'Plenty CSV export, format 2 (Date, Time, Type, Category, Amount, Currency, Note, Wallet, Tags, Split, Split line note, Transaction ID; en, th or lo)',
  matches: (header) => Object.values(PLENTY_HEADERS).some((names) => hasAll(header, names)),
  mapping(header) {
    const locale =
      (Object.keys(PLENTY_HEADERS) as (keyof typeof PLENTY_HEADERS)[]).find((l) => hasAll(header, PLENTY_HEADERS[l])) ??
      'en';
    const [date, time, type, category, amount, currency, note, wallet] = PLENTY_HEADERS[locale].map((name) =>
      columnOf(header, name),
    );
    const [tags, split, lineNote, transactionId] = PLENTY_LATER_HEADERS[locale].map((name) => columnOf(header, name));
    return defined({
      date,
      time,
      type,
      category,
      amount,
      currency,
      note,
      wallet,
      tags,
      split,
      lineNote,
      transactionId,
      tagSeparator: 'line',
      dateFormat: 'YYYY-MM-DD',
      era: 'ce',
      decimal: '.',
      sign: 'negative-expense',
      unescapeFormulas: true,
    });
  },
};

/*
 * Money Lover (web app and mobile app "Export to CSV", 2023–2025): a row number column (`Id` or
 * `No`), `Date` as DD/MM/YYYY, `Category`, `Amount` signed (expenses negative), `Currency`,
 * `Note`, `Wallet` (older files: `Account`), `Event`, `Exclude Report`; comma or semicolon.
 * An event (a trip, a wedding: one per transaction) is what Plenty calls a tag: it becomes one.
 */
const moneyLover: Preset = {
  id: 'money-lover',
  name: 'Money Lover',
  formatVersion:
    'Money Lover CSV export, 2023–2025 (Id, Date DD/MM/YYYY, Category, Amount, Currency, Note, Wallet, Event, Exclude Report)',
  matches: (header) =>
    hasAll(header, ['Date', 'Category', 'Amount', 'Note']) &&
    columnOf(header, 'Wallet', 'Account') !== undefined &&
    columnOf(header, 'Event', 'Exclude Report') !== undefined,
  mapping: (header) =>
    defined({
      date: columnOf(header, 'Date'),
      category: columnOf(header, 'Category'),
      amount: columnOf(header, 'Amount'),
      currency: columnOf(header, 'Currency'),
      note: columnOf(header, 'Note'),
      wallet: columnOf(header, 'Wallet', 'Account'),
      tags: columnOf(header, 'Event'),
      tagSeparator: 'line',
      dateFormat: 'DD/MM/YYYY',
      era: 'ce',
      decimal: '.',
      sign: 'negative-expense',
    }),
};

/*
 * Actual (25.x, loot-core `export-to-csv.ts`): `Account, Date, Payee, Notes, Category, Amount,
 * Cleared` (+ `Split_Amount`, or `Reconciled`), dates YYYY-MM-DD, amounts signed decimals
 * (outflows negative); categories "Group: Category" in the full export. No currency column:
 * the mapping's default currency applies. Split parents carry amount 0 (their parts follow).
 */
const actual: Preset = {
  id: 'actual',
  name: 'Actual',
  formatVersion: 'Actual 25.x CSV export (Account, Date, Payee, Notes, Category, Amount, Split_Amount, Cleared)',
  matches: (header) => hasAll(header, ['Account', 'Date', 'Payee', 'Notes', 'Category', 'Amount']),
  mapping: (header) =>
    defined({
      date: columnOf(header, 'Date'),
      wallet: columnOf(header, 'Account'),
      payee: columnOf(header, 'Payee'),
      note: columnOf(header, 'Notes'),
      category: columnOf(header, 'Category'),
      amount: columnOf(header, 'Amount'),
      dateFormat: 'YYYY-MM-DD',
      era: 'ce',
      decimal: '.',
      sign: 'negative-expense',
    }),
};

/*
 * Firefly III (6.x, `ExportDataGenerator::exportTransactions`): one row per journal; `type`
 * Withdrawal / Deposit / Transfer / Opening balance / Reconciliation, `amount` negative for
 * withdrawals, `currency_code`, `description`, `date` as ISO 8601 with offset, `source_name`
 * (the asset account of a withdrawal), `destination_name` (of a deposit), `category`, `notes`,
 * `tags` (the journal's tag names joined by `,`: `mergeTags`).
 */
const fireflyIii: Preset = {
  id: 'firefly-iii',
  name: 'Firefly III',
  formatVersion:
    'Firefly III 6.x data export, transactions (6.6: user_id, group_id, journal_id, …, type, currency_code, amount, …, description, date, source_name, …, destination_name, …, category, budget, bill, tags, notes)',
  matches: (header) =>
    hasAll(header, ['type', 'currency_code', 'amount', 'description', 'date', 'source_name', 'destination_name']),
  mapping: (header) =>
    defined({
      date: columnOf(header, 'date'),
      type: columnOf(header, 'type'),
      amount: columnOf(header, 'amount'),
      currency: columnOf(header, 'currency_code'),
      payee: columnOf(header, 'description'),
      note: columnOf(header, 'notes'),
      category: columnOf(header, 'category'),
      wallet: columnOf(header, 'source_name'),
      incomeWallet: columnOf(header, 'destination_name'),
      tags: columnOf(header, 'tags'),
      tagSeparator: 'comma',
      dateFormat: 'YYYY-MM-DD',
      era: 'ce',
      decimal: '.',
      sign: 'negative-expense',
    }),
};

/*
 * Cashew (5.x, `exportCSV.dart`): `account, amount, currency, title, note, date, income, type,
 * category name, subcategory name, color, icon, emoji, budget, objective`; `amount` signed
 * (expenses negative), `income` true/false, `date` as Dart writes it (`2024-03-05 14:20:00.000`).
 */
const cashew: Preset = {
  id: 'cashew',
  name: 'Cashew',
  formatVersion:
    'Cashew 5.x CSV export (account, amount, currency, title, note, date, income, type, category name, subcategory name, …)',
  matches: (header) =>
    hasAll(header, ['account', 'amount', 'currency', 'title', 'note', 'date', 'income', 'category name']),
  mapping: (header) =>
    defined({
      date: columnOf(header, 'date'),
      amount: columnOf(header, 'amount'),
      currency: columnOf(header, 'currency'),
      type: columnOf(header, 'income'),
      payee: columnOf(header, 'title'),
      note: columnOf(header, 'note'),
      category: columnOf(header, 'category name'),
      wallet: columnOf(header, 'account'),
      dateFormat: 'YYYY-MM-DD',
      era: 'ce',
      decimal: '.',
      sign: 'negative-expense',
    }),
};

/** Most specific first: a file matches the first preset whose header it has. */
export const PRESETS: readonly Preset[] = [plenty, fireflyIii, cashew, actual, moneyLover];

export function detectPreset(header: readonly string[]): Preset | null {
  return PRESETS.find((preset) => preset.matches(header)) ?? null;
}
