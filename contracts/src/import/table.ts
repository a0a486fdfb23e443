import Papa from 'papaparse';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../imports.js';
import { IMPORT_MAX_CELL_CHARS, tooLarge, type FileErrorResult, type RowError } from './errors.js';

/*
 * From text to a table with papaparse: the delimiter (`,` `;` tab `|`), quoted fields (with
 * delimiters, quotes and line breaks inside), any line ending, and whether the first row is a
 * header. Rows are never dropped silently: a row longer than the header, or with a cell over
 * `IMPORT_MAX_CELL_CHARS`, is reported as an error of its row number; a short row is padded.
 */

export const DELIMITERS = [',', ';', '\t', '|'] as const;

export interface CsvTable {
  readonly delimiter: string;
  /** The header's cells (trimmed), or null when the first row is data. */
  readonly header: string[] | null;
  /** Data rows only (row number = index), each exactly as wide as the table (short rows padded with ''). */
  readonly rows: string[][];
  /** Rows that cannot be read (`import_row_ragged`, `import_cell_too_long`): `mapRows` skips and reports them. */
  readonly errors: RowError[];
}

export interface ReadTableOptions {
  /** One of `DELIMITERS`; guessed when absent. */
  readonly delimiter?: string;
  /** Whether the first row is a header; guessed when absent. */
  readonly hasHeader?: boolean;
}

/** A cell that reads as a figure or a date (a digit, hardly any letters): what data rows hold and headers do not. */
function looksLikeValue(cell: string): boolean {
  const s = cell.trim();
  if (s === '' || !/\d/.test(s)) return false;
  const letters = s.replace(/[^\p{L}]/gu, '').length;
  return letters <= 3;
}

const valueCount = (row: readonly string[]): number => row.reduce((n, cell) => n + (looksLikeValue(cell) ? 1 : 0), 0);
const filledCount = (row: readonly string[]): number => row.reduce((n, cell) => n + (cell.trim() === '' ? 0 : 1), 0);

/** How many rows after the first the header guess compares with. */
const HEADER_SAMPLE = 20;

/** The first row is a header when it is mostly text and the rows after it hold more figures and dates. */
export function looksLikeHeader(rows: readonly (readonly string[])[]): boolean {
  const first = rows[0];
  if (first === undefined) return false;
  const filled = filledCount(first);
  const values = valueCount(first);
  if (filled === 0 || values * 2 > filled) return false;
  const sample = rows.slice(1, 1 + HEADER_SAMPLE);
  if (sample.length === 0) return true;
  const more = sample.filter((row) => valueCount(row) > values).length;
  return more * 2 >= sample.length;
}

/** The width of a table without a header: the most common row length among its first rows. */
function commonWidth(rows: readonly (readonly string[])[]): number {
  const counts = new Map<number, number>();
  for (const row of rows.slice(0, 200)) counts.set(row.length, (counts.get(row.length) ?? 0) + 1);
  let best = 0;
  let bestCount = 0;
  for (const [width, count] of counts) {
    if (count > bestCount || (count === bestCount && width > best)) [best, bestCount] = [width, count];
  }
  return best;
}

/**
 * The table of a file's text: `import_file_empty` when it has no data row (nothing, blank lines,
 * or only a header), `import_file_too_large` over `IMPORT_MAX_ROWS` data rows. Never throws.
 */
export function readTable(text: string, options: ReadTableOptions = {}): CsvTable | FileErrorResult {
  if (text.length > IMPORT_MAX_BYTES) return tooLarge();
  const body = (text.startsWith('\uFEFF') ? text.slice(1) : text).replace(/\r\n?/g, '\n');
  const delimiter =
    options.delimiter !== undefined && (DELIMITERS as readonly string[]).includes(options.delimiter)
      ? options.delimiter
      : '';
  const parsed = Papa.parse<string[]>(body, {
    delimiter,
    delimitersToGuess: [...DELIMITERS],
    newline: '\n',
    quoteChar: '"',
    skipEmptyLines: 'greedy',
    header: false,
    dynamicTyping: false,
  });
  const all = parsed.data.filter((row) => Array.isArray(row));
  const hasHeader = options.hasHeader ?? looksLikeHeader(all);
  const header = hasHeader ? (all[0] ?? []).map((cell) => cell.trim()) : null;
  const data = hasHeader ? all.slice(1) : all;
  if (data.length === 0) return { error: 'import_file_empty' };
  if (data.length > IMPORT_MAX_ROWS) return tooLarge();
  const width = header !== null ? header.length : commonWidth(data);
  const errors: RowError[] = [];
  const rows = data.map((cells, row) => {
    const tooLong = cells.findIndex((cell) => cell.length > IMPORT_MAX_CELL_CHARS);
    if (tooLong >= 0) errors.push({ row, code: 'import_cell_too_long', column: tooLong });
    if (cells.length > width) {
      const extra = cells.slice(width);
      if (tooLong < 0 && extra.some((cell) => cell.trim() !== '')) errors.push({ row, code: 'import_row_ragged' });
      return cells.slice(0, width);
    }
    return cells.length < width ? [...cells, ...Array<string>(width - cells.length).fill('')] : cells;
  });
  return { delimiter: parsed.meta.delimiter || ',', header, rows, errors };
}
