import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS } from '../imports.js';
import { IMPORT_MAX_CELL_CHARS, isFileError, type FileErrorResult } from './errors.js';
import { looksLikeHeader, readTable, type CsvTable } from './table.js';

function table(text: string, options?: Parameters<typeof readTable>[1]): CsvTable {
  const result = readTable(text, options);
  if (isFileError(result)) throw new Error(result.error);
  return result;
}

describe('readTable', () => {
  it.each([
    [',', 'Date,Amount,Note\n2024-03-05,120.50,rice\n'],
    [';', 'Date;Amount;Note\n2024-03-05;120,50;rice\n'],
    ['\t', 'Date\tAmount\tNote\n2024-03-05\t120.50\trice\n'],
    ['|', 'Date|Amount|Note\n2024-03-05|120.50|rice\n'],
  ])('finds the delimiter %j', (delimiter, text) => {
    const t = table(text);
    expect(t.delimiter).toBe(delimiter);
    expect(t.header).toEqual(['Date', 'Amount', 'Note']);
    expect(t.rows).toHaveLength(1);
  });

  it('takes the delimiter it is told', () => {
    expect(table('a;b,c\n1;2,3\n', { delimiter: ';', hasHeader: false }).rows).toEqual([
      ['a', 'b,c'],
      ['1', '2,3'],
    ]);
  });

  it('reads quoted cells with delimiters, doubled quotes and line breaks, and any line ending', () => {
    const t = table(
      'Date,Amount,Note\r\n2024-03-05,"1,200.00","ข้าว, ""พิเศษ""\r\nสองจาน"\r2024-03-06,5,x\n2024-03-07,6,y',
    );
    expect(t.rows).toEqual([
      ['2024-03-05', '1,200.00', 'ข้าว, "พิเศษ"\nสองจาน'],
      ['2024-03-06', '5', 'x'],
      ['2024-03-07', '6', 'y'],
    ]);
  });

  it('pads short rows, reports long rows by their row number, and drops empty trailing cells', () => {
    const t = table('Date,Amount,Note\n2024-03-05,1\n2024-03-06,2,a,extra\n2024-03-07,3,b,,\n\n2024-03-08,4,c\n');
    expect(t.rows).toEqual([
      ['2024-03-05', '1', ''],
      ['2024-03-06', '2', 'a'],
      ['2024-03-07', '3', 'b'],
      ['2024-03-08', '4', 'c'],
    ]);
    expect(t.errors).toEqual([{ row: 1, code: 'import_row_ragged' }]);
  });

  it('reports a cell over the limit as an error of its row, never a throw', () => {
    const t = table(`Date,Amount,Note\n2024-03-05,1,${'x'.repeat(IMPORT_MAX_CELL_CHARS + 1)}\n2024-03-06,2,ok\n`);
    expect(t.errors).toEqual([{ row: 0, code: 'import_cell_too_long', column: 2 }]);
    expect(t.rows[1]).toEqual(['2024-03-06', '2', 'ok']);
  });

  it('tells a header from data', () => {
    expect(table('Date,Amount\n2024-03-05,1\n').header).toEqual(['Date', 'Amount']);
    expect(table('วันที่,จำนวนเงิน\n05/03/2567,1\n').header).toEqual(['วันที่', 'จำนวนเงิน']);
    const noHeader = table('2024-03-05,120.50,rice\n2024-03-06,99,tea\n');
    expect(noHeader.header).toBeNull();
    expect(noHeader.rows).toHaveLength(2);
    expect(
      looksLikeHeader([
        ['Amount (THB)', 'Date'],
        ['1', '2024-01-01'],
      ]),
    ).toBe(true);
    expect(
      looksLikeHeader([
        ['rice', 'tea'],
        ['rice', 'tea'],
      ]),
    ).toBe(false);
  });

  it('follows hasHeader when told', () => {
    expect(table('2024-03-05,1\n2024-03-06,2\n', { hasHeader: true }).header).toEqual(['2024-03-05', '1']);
    expect(table('Date,Amount\n2024-03-05,1\n', { hasHeader: false }).rows).toHaveLength(2);
  });

  it.each([
    ['nothing', ''],
    ['blank lines', '\n\r\n  \n'],
    ['only a header', 'Date,Amount,Note\r\n'],
    ['only a BOM', '\uFEFF'],
  ])('%s is import_file_empty', (_, text) => {
    expect(readTable(text)).toEqual({ error: 'import_file_empty' });
  });

  it('more rows than the limit is import_file_too_large with the limits', () => {
    const text = `Date,Amount\n${'2024-03-05,1\n'.repeat(IMPORT_MAX_ROWS + 1)}`;
    const result = readTable(text) as FileErrorResult;
    expect(result).toEqual({ error: 'import_file_too_large', values: { maxMegabytes: 25, maxRows: IMPORT_MAX_ROWS } });
  });

  it('an unclosed quote reads to the end of the file without throwing', () => {
    const result = readTable('Date,Amount,Note\n2024-03-05,1,"open\n2024-03-06,2,b\n');
    expect(isFileError(result)).toBe(false);
  });
});
