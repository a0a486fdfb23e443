import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { IMPORT_ROWS_PATH, importBatchId, type ImportRow, type ImportRowsAnswer } from '@plenty/contracts/imports';
import type { ApiClient, CommandAnswer } from './api-client.js';
import type { TestUser } from './users.js';

/*
 * Set-up shared by the import API tests: a made-up file's SHA-256, starting its batch, sending
 * rows to `POST /api/imports/rows`, and rows of a given shape.
 */

/** The SHA-256 (hex) of a made-up file: a new one unless `content` is given. */
export const fileSha = (content: string = randomUUID()): string => createHash('sha256').update(content).digest('hex');

/** Starts the first import (attempt 0, or `attempt`) of the file `sha` with `rowCount` rows: its batch id and the answer. */
export async function startImport(
  api: ApiClient,
  user: TestUser,
  sha: string,
  rowCount: number,
  options: { readonly attempt?: number; readonly fileName?: string; readonly commandId?: string } = {},
): Promise<{ batchId: string; answer: CommandAnswer }> {
  const batchId = importBatchId(user.uid, sha, options.attempt ?? 0);
  const answer = await api.command(
    'StartImport',
    { batchId, fileName: options.fileName ?? 'statement.csv', fileSha256: sha, source: 'csv', rowCount },
    options.commandId,
  );
  return { batchId, answer };
}

export interface RowsAnswer {
  readonly status: number;
  readonly body: ImportRowsAnswer & { error?: { code: string; fields?: Record<string, string> } };
}

/** Sends a body (anything: tests send bad ones too) to the rows route as the user. */
export async function sendRows(app: FastifyInstance, user: TestUser | null, body: unknown): Promise<RowsAnswer> {
  const response = await app.inject({
    method: 'POST',
    url: IMPORT_ROWS_PATH,
    headers: { 'content-type': 'application/json', ...(user === null ? {} : { authorization: user.authorization }) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.statusCode, body: response.json() as RowsAnswer['body'] };
}

/** Row `row` of a file: a THB expense for food on a day of November 2026 (the row's own amount). */
export const expenseRow = (row: number, fields: Partial<ImportRow> = {}): ImportRow => ({
  row,
  type: 'expense',
  amount: { amount: 100 + row, currency: 'THB' },
  categoryId: 'builtin-food',
  date: `2026-11-${String((row % 28) + 1).padStart(2, '0')}`,
  note: `Row ${String(row)}`,
  ...fields,
});

/** How many rows of an answer ended each way. */
export function outcomes(answer: ImportRowsAnswer): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const result of answer.results) counts[result.outcome] = (counts[result.outcome] ?? 0) + 1;
  return counts;
}
