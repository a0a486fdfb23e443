import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importRowSchema } from '../imports.js';
import { CURRENCIES } from '../money.js';
import { DATE_AMOUNT_NOTE_MAPPING } from '../testing/import-mapping.js';
import {
  DATE_FORMATS,
  IMPORT_FILE_ERRORS,
  IMPORT_MAX_CELL_CHARS,
  IMPORT_ROW_ERROR_CODES,
  categoryNamesOf,
  decodeFile,
  isFileError,
  mapRows,
  matchCategories,
  parseAmountCell,
  readTable,
  suggestMapping,
  toImportRows,
  walletNamesOf,
  matchWallets,
  type ColumnMapping,
  type CsvTable,
} from './index.js';

/*
 * Whatever the file: never a throw, every error a known code, every row returned valid for
 * importRowSchema, and every data row either returned or reported.
 */

const FILE_CODES = new Set<string>(IMPORT_FILE_ERRORS);
const ROW_CODES = new Set<string>(IMPORT_ROW_ERROR_CODES);

/** Cells a hostile or broken file may hold. */
const cell = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('=1+1', '@SUM(A1)', '+cmd', '-2+3', '=HYPERLINK("http://x")', '\t=1', '"', '""', ',', ';', '\r\n'),
  fc.constantFrom('05/03/2567', '2024-02-30', '2024-03-05T10:00:00+07:00', '31/12/99', '13/13/2024'),
  fc.constantFrom('-1,234.50', '(12)', '฿1,500', '₭1,500.50', '0', '1e5', '99999999999999999999', '1.234,56', '12-'),
  fc.constantFrom('รายรับ', 'ລາຍຈ່າຍ', 'Transfer', 'withdrawal', 'true', 'LAK', 'JPY', '\u0000', '\ud800'),
);

const delimiter = fc.constantFrom(',', ';', '\t', '|');

/** A CSV text from rows of cells, quoted or not, with a random line ending: possibly broken on purpose. */
const csvText = fc
  .tuple(
    fc.array(fc.array(cell, { maxLength: 8 }), { maxLength: 30 }),
    delimiter,
    fc.constantFrom('\n', '\r\n', '\r'),
    fc.boolean(),
  )
  .map(([rows, sep, eol, quote]) =>
    rows.map((r) => r.map((c) => (quote ? `"${c.replaceAll('"', '""')}"` : c)).join(sep)).join(eol),
  );

const mapping = fc.record({
  date: fc.integer({ min: 0, max: 7 }),
  amount: fc.option(fc.integer({ min: 0, max: 7 }), { nil: undefined }),
  debit: fc.option(fc.integer({ min: 0, max: 7 }), { nil: undefined }),
  credit: fc.option(fc.integer({ min: 0, max: 7 }), { nil: undefined }),
  type: fc.option(fc.integer({ min: 0, max: 7 }), { nil: undefined }),
  time: fc.option(fc.integer({ min: 0, max: 7 }), { nil: undefined }),
  category: fc.option(fc.integer({ min: 0, max: 7 }), { nil: undefined }),
  note: fc.option(fc.integer({ min: 0, max: 7 }), { nil: undefined }),
  payee: fc.option(fc.integer({ min: 0, max: 7 }), { nil: undefined }),
  currency: fc.option(fc.integer({ min: 0, max: 7 }), { nil: undefined }),
  wallet: fc.option(fc.integer({ min: 0, max: 7 }), { nil: undefined }),
  dateFormat: fc.constantFrom(...DATE_FORMATS),
  era: fc.constantFrom('ce' as const, 'be' as const),
  decimal: fc.constantFrom('.' as const, ',' as const),
  defaultCurrency: fc.constantFrom(...CURRENCIES),
  sign: fc.constantFrom('negative-expense' as const, 'negative-income' as const),
  unescapeFormulas: fc.boolean(),
});

const catalogs = [{ 'category.builtin.food': 'Food', 'wallet.default': 'Cash' }];

/** Every step from a table to rows, checking the promises on the way. */
function checkRows(table: CsvTable, m: ColumnMapping): void {
  const { rows: drafts, errors } = mapRows(table, m);
  for (const e of errors) expect(ROW_CODES.has(e.code), e.code).toBe(true);
  // Every data row is either a draft or reported, once.
  const seen = [...drafts.map((d) => d.row), ...errors.map((e) => e.row)].sort((a, b) => a - b);
  expect(seen).toEqual(table.rows.map((_, i) => i));
  const categories = matchCategories(categoryNamesOf(drafts), [], catalogs);
  const wallets = matchWallets(walletNamesOf(drafts), [], catalogs);
  const result = toImportRows(drafts, categories, wallets);
  for (const e of result.errors) expect(ROW_CODES.has(e.code), e.code).toBe(true);
  for (const row of result.rows) expect(importRowSchema.safeParse(row).success).toBe(true);
  expect(result.rows.length + result.errors.length).toBe(drafts.length);
}

describe('reading any file', () => {
  it('random bytes: decoded or import_file_unreadable, never a throw', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
        const decoded = decodeFile(bytes);
        if (isFileError(decoded)) expect(FILE_CODES.has(decoded.error)).toBe(true);
        else expect(typeof decoded.text).toBe('string');
      }),
      { numRuns: 300 },
    );
  });

  it('text in a wrong encoding (UTF-16 read as bytes, cut in the middle, Latin-1) never throws further down', () => {
    fc.assert(
      fc.property(csvText, fc.integer({ min: 0, max: 3 }), fc.nat(), (text, how, cut) => {
        const utf8 = new TextEncoder().encode(text);
        const bytes =
          how === 0
            ? utf8.subarray(0, cut % (utf8.length + 1))
            : how === 1
              ? Uint8Array.from(Array.from(text, (c) => c.charCodeAt(0) & 0xff))
              : how === 2
                ? new Uint8Array(new Uint16Array(Array.from(text, (c) => c.charCodeAt(0))).buffer)
                : Uint8Array.from([0xfe, 0xff, ...utf8]);
        const decoded = decodeFile(bytes);
        if (isFileError(decoded)) return;
        const table = readTable(decoded.text);
        if (isFileError(table)) return;
        const { mapping: m } = suggestMapping(table, 'LAK');
        checkRows(table, { ...m, date: m.date ?? 0 });
      }),
      { numRuns: 200 },
    );
  });

  it('random tables (ragged rows, formula cells, random delimiters and quoting) under random mappings', () => {
    fc.assert(
      fc.property(
        csvText,
        fc.option(delimiter, { nil: undefined }),
        fc.option(fc.boolean(), { nil: undefined }),
        mapping,
        (text, sep, hasHeader, m) => {
          const table = readTable(text, {
            ...(sep === undefined ? {} : { delimiter: sep }),
            ...(hasHeader === undefined ? {} : { hasHeader }),
          });
          if (isFileError(table)) {
            expect(FILE_CODES.has(table.error)).toBe(true);
            return;
          }
          for (const e of table.errors) expect(ROW_CODES.has(e.code)).toBe(true);
          for (const row of table.rows) expect(row.length).toBe(table.rows[0]?.length);
          checkRows(table, m);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('huge cells are reported by their row, and the other rows still read', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 5000 }), (rowsBefore, extra) => {
        const huge = 'ก'.repeat(IMPORT_MAX_CELL_CHARS + extra);
        const text = [
          'Date,Amount,Note',
          ...Array.from({ length: rowsBefore }, () => '05/03/2024,1,ok'),
          `05/03/2024,1,"${huge}"`,
          '06/03/2024,2,ok',
        ].join('\n');
        const table = readTable(text);
        if (isFileError(table)) throw new Error(table.error);
        expect(table.errors).toEqual([{ row: rowsBefore, code: 'import_cell_too_long', column: 2 }]);
        const { rows } = mapRows(table, DATE_AMOUNT_NOTE_MAPPING);
        expect(rows).toHaveLength(rowsBefore + 1);
      }),
      { numRuns: 20 },
    );
  });

  it('an amount written with digits reads back exactly, in every currency', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        fc.bigInt({ min: 1n, max: 2n ** 51n }),
        fc.boolean(),
        (currency, minor, negative) => {
          const exponent = currency === 'LAK' ? 0 : 2;
          const digits = minor.toString().padStart(exponent + 1, '0');
          const text = exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
          const result = parseAmountCell(negative ? `(${text})` : text, '.', currency);
          expect(result).toEqual({ ok: true, negative, minor: Number(minor), currency: null });
        },
      ),
      { numRuns: 300 },
    );
  });
});
