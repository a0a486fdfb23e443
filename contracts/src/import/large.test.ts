import { describe, expect, it } from 'vitest';
import { importRowSchema } from '../imports.js';
import { decodeFile, isFileError, mapRows, readTable, suggestMapping, toImportRows } from './index.js';

const ROWS = 50_000;

/** A bank-statement-like file of `count` rows: Thai header, Buddhist-era dates, debit/credit, quoted notes. */
function statement(count: number): string {
  const lines = ['วันที่,รายละเอียด,ถอน,ฝาก,หมวดหมู่'];
  for (let i = 0; i < count; i += 1) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const month = String(((i >> 5) % 12) + 1).padStart(2, '0');
    const amount = `${String(1 + (i % 9000)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(i % 100).padStart(2, '0')}`;
    const debit = i % 7 === 0 ? '' : `"${amount}"`;
    const credit = i % 7 === 0 ? `"${amount}"` : '';
    lines.push(`${day}/${month}/2567,"ร้านค้า ${i}, สาขา ${i % 13}",${debit},${credit},อาหาร`);
  }
  return lines.join('\r\n');
}

describe('a large file', () => {
  it(`reads, maps and checks ${ROWS.toLocaleString('en')} rows`, () => {
    const bytes = new TextEncoder().encode(statement(ROWS));
    const started = performance.now();
    const decoded = decodeFile(bytes);
    if (isFileError(decoded)) throw new Error(decoded.error);
    const table = readTable(decoded.text);
    if (isFileError(table)) throw new Error(table.error);
    const read = performance.now();
    const { mapping } = suggestMapping(table, 'THB');
    expect(mapping).toMatchObject({
      date: 0,
      note: 1,
      debit: 2,
      credit: 3,
      category: 4,
      dateFormat: 'DD/MM/YYYY',
      era: 'be',
    });
    const { rows: drafts, errors } = mapRows(table, { ...mapping, date: mapping.date ?? 0 });
    const mapped = performance.now();
    const { rows, errors: rowErrors } = toImportRows(
      drafts,
      new Map([
        ['expense|อาหาร', 'builtin-food'],
        ['income|อาหาร', 'builtin-other'],
      ]),
      new Map(),
    );
    const done = performance.now();
    expect(errors).toEqual([]);
    expect(rowErrors).toEqual([]);
    expect(rows).toHaveLength(ROWS);
    expect(rows[0]).toEqual({
      row: 0,
      type: 'income',
      amount: { amount: 100, currency: 'THB' },
      categoryId: 'builtin-other',
      date: '2024-01-01',
      note: 'ร้านค้า 0, สาขา 0',
    });
    expect(importRowSchema.safeParse(rows[ROWS - 1]).success).toBe(true);
    // The figure the report quotes (no assertion on time: machines differ).
    console.info(
      `import of ${ROWS} rows: decode+table ${(read - started).toFixed(0)} ms, mapRows ${(mapped - read).toFixed(0)} ms, toImportRows ${(done - mapped).toFixed(0)} ms`,
    );
  }, 60_000);
});
