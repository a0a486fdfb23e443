import { importBatchId, type ImportView } from '@plenty/contracts/imports';
import { describe, expect, it } from 'vitest';
import { batchForFile, skippedRowsCsv } from './file-batch';

const USER = 'user-1';
const SHA = 'a'.repeat(64);
const OTHER = 'b'.repeat(64);

const view = (fileSha256: string, status: ImportView['status'], batchId: string): ImportView => ({
  batchId,
  fileName: 'bank.csv',
  fileSha256,
  source: 'csv',
  rowCount: 3,
  status,
  added: 3,
  deleted: status === 'undone' ? 3 : 0,
  existing: 0,
  skipped: {},
  startedAt: '2026-11-01T10:00:00Z',
  finishedAt: null,
  undoneAt: null,
});

describe('batchForFile', () => {
  it('starts the first batch of a file never imported', () => {
    expect(batchForFile([view(OTHER, 'finished', 'x')], USER, SHA)).toEqual({
      batchId: importBatchId(USER, SHA, 0),
      attempt: 0,
      previous: null,
    });
  });

  it('goes back to the import of the same file that is still in', () => {
    const earlier = view(SHA, 'finished', importBatchId(USER, SHA, 0));
    expect(batchForFile([earlier], USER, SHA.toUpperCase())).toMatchObject({
      batchId: earlier.batchId,
      previous: earlier,
    });
  });

  it('imports an undone file again as the next attempt', () => {
    const undone = [view(SHA, 'undone', importBatchId(USER, SHA, 0)), view(SHA, 'undone', importBatchId(USER, SHA, 1))];
    expect(batchForFile(undone, USER, SHA)).toEqual({
      batchId: importBatchId(USER, SHA, 2),
      attempt: 2,
      previous: null,
    });
  });
});

describe('skippedRowsCsv', () => {
  it('writes the header, then each row with its number (from 1) and reason', () => {
    const csv = skippedRowsCsv(
      ['Date', 'Amount', 'Note'],
      [{ row: 4, reason: 'Date not readable', cells: ['31/02/2026', '12.50', 'rice, "jasmine"'] }],
      { row: 'Row', reason: 'Reason' },
    );
    expect(csv).toBe(
      '\uFEFFRow,Reason,Date,Amount,Note\r\n5,Date not readable,31/02/2026,12.50,"rice, ""jasmine"""\r\n',
    );
  });

  it('keeps a formula-looking cell as text', () => {
    const csv = skippedRowsCsv(null, [{ row: 0, reason: 'x', cells: ['=HYPERLINK("http://x")', '-5', '@SUM(A1)'] }], {
      row: 'Row',
      reason: 'Reason',
    });
    expect(csv).toBe('\uFEFF1,x,"\'=HYPERLINK(""http://x"")",\'-5,\'@SUM(A1)\r\n');
  });
});
