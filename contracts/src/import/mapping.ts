import type { Currency } from '../money.js';
import { parseAmountCell, type Decimal } from './amounts.js';
import { guessDateFormat, parseDateCell, type DateFormat, type Era } from './dates.js';
import { columnOf, detectPreset, type Preset } from './presets.js';
import type { CsvTable } from './table.js';

/**
 * Which column holds what (0-based indexes into the table's rows) and how its cells are read.
 * An amount comes from one signed column (`amount`) or from a pair (`debit` = expense, `credit`
 * = income); a `type` column, when mapped, decides the type over the sign.
 */
export interface ColumnMapping {
  date: number;
  /** A time column; without one, a time written in the date cell is kept. */
  time?: number;
  amount?: number;
  debit?: number;
  credit?: number;
  type?: number;
  category?: number;
  note?: number;
  /** A second text column put before the note ("payee — note"): a payee, a title, a description. */
  payee?: number;
  currency?: number;
  wallet?: number;
  /** Where the wallet of an income row is when not in `wallet` (Firefly III: the destination account). */
  incomeWallet?: number;
  /** A tags column: tags separated by commas or line breaks (`tagSeparator`). */
  tags?: number;
  /**
   * What separates tags in the tags cell: `comma` (commas or line breaks; Firefly III and files
   * made by hand) or `line` (line breaks only: Plenty's export, whose tags may hold commas).
   */
  tagSeparator?: 'comma' | 'line';
  /**
   * Split transactions written one record per line (Plenty's export): the `Split` column ("1/3":
   * the first of three lines of one split transaction), the line's note, and the transaction id
   * that ties the lines together.
   */
  split?: number;
  lineNote?: number;
  transactionId?: number;
  dateFormat: DateFormat;
  era: Era;
  decimal: Decimal;
  /** The currency of rows that name none (no currency column, an empty cell, no symbol in the amount). */
  defaultCurrency: Currency;
  /** A signed amount: negative is an expense (`negative-expense`: statements and most apps) or an income. */
  sign: 'negative-expense' | 'negative-income';
  /** Cells written by Plenty's export: a leading `'` that kept a formula-looking cell plain is taken off again. */
  unescapeFormulas?: boolean;
}

/** A mapping that may still lack its date column. */
export type SuggestedMapping = Omit<ColumnMapping, 'date'> & { date?: number };

/** The mapping's column fields, for screens that list them. */
export const MAPPING_COLUMNS = [
  'date',
  'time',
  'amount',
  'debit',
  'credit',
  'type',
  'category',
  'note',
  'payee',
  'currency',
  'wallet',
  'incomeWallet',
  'tags',
  'split',
  'lineNote',
  'transactionId',
] as const satisfies readonly (keyof ColumnMapping)[];
export type MappingColumn = (typeof MAPPING_COLUMNS)[number];

/** Words of a type column (compared NFC, trimmed, lower case), in the three languages and the presets' formats. */
export const TYPE_WORDS: ReadonlyMap<string, 'income' | 'expense' | 'transfer'> = new Map([
  ...['income', 'deposit', 'credit', 'in', 'true', 'รายรับ', 'รายได้', 'ລາຍຮັບ', 'ລາຍໄດ້'].map(
    (w) => [w, 'income'] as const,
  ),
  ...['expense', 'withdrawal', 'debit', 'out', 'false', 'รายจ่าย', 'ค่าใช้จ่าย', 'ລາຍຈ່າຍ'].map(
    (w) => [w, 'expense'] as const,
  ),
  ...['transfer', 'โอน', 'การโอน', 'โอนเงิน', 'ໂອນ', 'ການໂອນ', 'ໂອນເງິນ'].map((w) => [w, 'transfer'] as const),
]);

/** Header names a hand-made file's columns are recognised by (en, th, lo and common bank words). */
const GUESSES: Readonly<
  Record<Exclude<MappingColumn, 'incomeWallet' | 'split' | 'lineNote' | 'transactionId'>, readonly string[]>
> = {
  date: ['date', 'transaction date', 'posting date', 'value date', 'วันที่', 'วันที่ทำรายการ', 'ວັນທີ'],
  time: ['time', 'เวลา', 'ເວລາ'],
  amount: ['amount', 'value', 'sum', 'จำนวนเงิน', 'จำนวน', 'ຈຳນວນເງິນ', 'ຈຳນວນ'],
  debit: ['debit', 'withdrawal', 'withdrawals', 'money out', 'paid out', 'ถอน', 'ถอนเงิน', 'เดบิต', 'ຖອນ', 'ຖອນເງິນ'],
  credit: ['credit', 'deposit', 'deposits', 'money in', 'paid in', 'ฝาก', 'ฝากเงิน', 'เครดิต', 'ຝາກ', 'ຝາກເງິນ'],
  type: ['type', 'ประเภท', 'ປະເພດ'],
  category: ['category', 'หมวดหมู่', 'ໝວດໝູ່', 'ໝວດ'],
  note: ['note', 'notes', 'memo', 'description', 'details', 'หมายเหตุ', 'รายละเอียด', 'ໝາຍເຫດ', 'ລາຍລະອຽດ'],
  payee: ['payee', 'merchant', 'title', 'ผู้รับเงิน', 'ຜູ້ຮັບເງິນ'],
  currency: ['currency', 'สกุลเงิน', 'ສະກຸນເງິນ'],
  wallet: ['wallet', 'account', 'กระเป๋าเงิน', 'บัญชี', 'ກະເປົາເງິນ', 'ບັນຊີ'],
  tags: ['tags', 'tag', 'labels', 'แท็ก', 'ແທັກ'],
};

/** Amounts that show a comma as the decimal mark: `12,50`, `1.500.000`, `1.500,00`. */
const COMMA_DECIMAL = /,\d{1,2}$|\d\.\d{3}\.\d{3}(?!\d)|\.\d{3},/;
/** Amounts that show a point as the decimal mark: `12.50`, `1,500,000`, `1,500.00`. */
const POINT_DECIMAL = /\.\d{1,2}$|\d,\d{3},\d{3}(?!\d)|,\d{3}\./;

/**
 * `,` when some amounts show a comma as the decimal mark (`12,50`, or points between thousands:
 * `1.500.000`) and none shows a point; else `.`. `1.500` alone decides nothing.
 */
export function guessDecimal(samples: readonly string[]): Decimal {
  let comma = 0;
  let point = 0;
  for (const s of samples) {
    const t = s.trim().replace(/[^\d.,]+$/, '');
    if (COMMA_DECIMAL.test(t)) comma += 1;
    else if (POINT_DECIMAL.test(t)) point += 1;
  }
  return comma > 0 && point === 0 ? ',' : '.';
}

const parsedCount = (samples: readonly string[], format: DateFormat, era: Era): number =>
  samples.reduce((n, s) => n + (parseDateCell(s, format, era) === null ? 0 : 1), 0);

/** Whether more than half of the non-empty cells read as amounts (with two decimals at most, the decimal mark guessed). */
function mostlyAmounts(samples: readonly string[]): boolean {
  const cells = samples.filter((s) => s.trim() !== '');
  const decimal = guessDecimal(cells);
  const read = cells.filter((s) => parseAmountCell(s, decimal, 'USD').ok).length;
  return cells.length > 0 && read * 2 > cells.length;
}

/** How many rows the guesses look at. */
const SAMPLE_ROWS = 500;

const columnSamples = (table: CsvTable, column: number | undefined): string[] =>
  column === undefined ? [] : table.rows.slice(0, SAMPLE_ROWS).map((row) => row[column] ?? '');

/**
 * A first mapping for a table: a preset's when its header is one, else columns found by their
 * header names; the date format, era and decimal mark guessed from the cells. The screen shows
 * it for the user to check and change; `date` is left out when no date column was found.
 */
export function suggestMapping(
  table: CsvTable,
  defaultCurrency: Currency,
): { preset: Preset | null; mapping: SuggestedMapping } {
  const header = table.header ?? [];
  const preset = table.header === null ? null : detectPreset(header);
  const found: Partial<ColumnMapping> = preset?.mapping(header) ?? {};
  if (preset === null) {
    for (const [field, names] of Object.entries(GUESSES) as [keyof typeof GUESSES, readonly string[]][]) {
      const index = columnOf(header, ...names);
      if (index !== undefined) found[field] = index;
    }
    if (found.amount !== undefined && (found.debit !== undefined || found.credit !== undefined)) {
      delete found.debit;
      delete found.credit;
    }
    // No header, or names it does not know: the first column of dates, then the first of amounts.
    const width = table.rows[0]?.length ?? 0;
    const columns = Array.from({ length: width }, (_, i) => i);
    const dateColumn = found.date ?? columns.find((i) => guessDateFormat(columnSamples(table, i)) !== null);
    if (dateColumn !== undefined) found.date = dateColumn;
    if (found.amount === undefined && found.debit === undefined && found.credit === undefined) {
      const amount = columns.find((i) => i !== found.date && mostlyAmounts(columnSamples(table, i)));
      if (amount !== undefined) found.amount = amount;
    }
  }
  const dateSamples = columnSamples(table, found.date);
  const guessed = guessDateFormat(dateSamples);
  // A preset's own date format stands unless the file's dates read better in another (an app set to another locale).
  const presetDates =
    found.dateFormat !== undefined && found.era !== undefined ? { format: found.dateFormat, era: found.era } : null;
  const dates =
    presetDates !== null &&
    (guessed === null ||
      parsedCount(dateSamples, presetDates.format, presetDates.era) >=
        parsedCount(dateSamples, guessed.format, guessed.era))
      ? presetDates
      : guessed;
  const amounts = [
    ...columnSamples(table, found.amount),
    ...columnSamples(table, found.debit),
    ...columnSamples(table, found.credit),
  ];
  return {
    preset,
    mapping: {
      ...found,
      dateFormat: dates?.format ?? 'YYYY-MM-DD',
      era: dates?.era ?? 'ce',
      decimal: found.decimal ?? guessDecimal(amounts),
      defaultCurrency,
      sign: found.sign ?? 'negative-expense',
    },
  };
}
