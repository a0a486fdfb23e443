/** Starts of a cell a spreadsheet would read as a formula (or strip before reading one). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell of RFC 4180: a cell a spreadsheet would take for a formula gets a leading
 * apostrophe; a cell with a comma, quote, CR or LF is quoted with its quotes doubled.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A record ending in CRLF. */
export const csvRow = (cells: readonly string[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** The UTF-8 byte order mark, so spreadsheets read Thai and Lao as UTF-8. */
export const UTF8_BOM = '\uFEFF';
