import { importBatchId, type ImportView } from '@plenty/contracts/imports';

/** Which batch a file goes to, and the earlier import of it that is still in, if any. */
export interface FileBatch {
  readonly batchId: string;
  /** How many earlier imports of this file were undone (the batch's `attempt`). */
  readonly attempt: number;
  /** The import of this file that is not undone: importing again resumes it and adds nothing twice. */
  readonly previous: ImportView | null;
}

/**
 * The batch of a file: the one of its import still in (finished, or cut short: resumed), else a
 * new attempt after the undone ones. Same file, same user, same batch: rows are never added twice.
 */
export function batchForFile(imports: readonly ImportView[], userId: string, fileSha256: string): FileBatch {
  const sha = fileSha256.toLowerCase();
  const same = imports.filter((batch) => batch.fileSha256.toLowerCase() === sha);
  const attempt = same.filter((batch) => batch.status === 'undone').length;
  const previous = same.find((batch) => batch.status !== 'undone') ?? null;
  return { batchId: previous?.batchId ?? importBatchId(userId, sha, attempt), attempt, previous };
}

/** Characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: string): string {
  const plain = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(plain) ? `"${plain.replaceAll('"', '""')}"` : plain;
}

/**
 * The skipped rows as CSV: the file's header (or none) and each row's cells as read, with its
 * row number and the reason in front. A formula-looking cell gets a leading `'`, so a spreadsheet
 * shows it as text; the BOM lets spreadsheets read it as UTF-8.
 */
export function skippedRowsCsv(
  header: readonly string[] | null,
  rows: readonly { readonly row: number; readonly reason: string; readonly cells: readonly string[] }[],
  labels: { readonly row: string; readonly reason: string },
): string {
  const lines: string[][] = [];
  if (header !== null) lines.push([labels.row, labels.reason, ...header]);
  for (const item of rows) lines.push([String(item.row + 1), item.reason, ...item.cells]);
  return `\uFEFF${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
