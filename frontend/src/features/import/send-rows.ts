import {
  IMPORT_ROWS_PER_REQUEST,
  type ImportRow,
  type ImportRowsAnswer,
  type ImportRowsRequest,
} from '@plenty/contracts/imports';
import type { ApiError } from '../../lib/api/api-error';

/** How many row requests of one import are on their way at once. */
export const ROWS_IN_FLIGHT = 3;
/** Tries of one request before the import stops and says why (a dropped connection is tried again). */
export const ROW_REQUEST_TRIES = 6;

/** What the server answered for the rows sent: counts, and the refused rows with their codes. */
export interface SentRows {
  readonly added: number;
  readonly existing: number;
  readonly refused: readonly { readonly row: number; readonly code: string }[];
}

export interface SendRowsOptions {
  readonly batchId: string;
  readonly rows: readonly ImportRow[];
  /** One `POST /api/imports/rows`; rejects with an ApiError. */
  send(request: ImportRowsRequest): Promise<ImportRowsAnswer>;
  /** Called after each answered request with the number of rows answered so far. */
  onProgress?(done: number): void;
  /** Waits before a try again (`ms` grows with each try). */
  wait?(ms: number): Promise<void>;
  readonly inFlight?: number;
  readonly tries?: number;
  readonly size?: number;
}

/** Whether a failed request is worth sending again: the connection dropped, the server was busy or failed. */
export function isTransient(error: unknown): boolean {
  const status = (error as Partial<ApiError> | null)?.status;
  return status === 'network' || status === 429 || status === 408 || (typeof status === 'number' && status >= 500);
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The rows in requests of at most `size`, in row order. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/**
 * Sends a batch's rows in requests of 500, `inFlight` at a time. A request that fails for a
 * passing reason is sent again as it was (same batch and rows, so the same ids: nothing is added
 * twice); any other refusal, or too many tries, stops the sending with that error.
 */
export async function sendRows(options: SendRowsOptions): Promise<SentRows> {
  const { batchId, send, onProgress, wait = pause, inFlight = ROWS_IN_FLIGHT, tries = ROW_REQUEST_TRIES } = options;
  const requests = chunk(options.rows, options.size ?? IMPORT_ROWS_PER_REQUEST);
  let next = 0;
  let done = 0;
  let added = 0;
  let existing = 0;
  const refused: { row: number; code: string }[] = [];
  let failed = false;

  const sendOne = async (rows: ImportRow[]): Promise<ImportRowsAnswer> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await send({ batchId, rows });
      } catch (error) {
        if (failed || attempt >= tries || !isTransient(error)) throw error;
        await wait(500 * 2 ** (attempt - 1));
      }
    }
  };

  const worker = async () => {
    while (!failed && next < requests.length) {
      const rows = requests[next];
      next += 1;
      if (rows === undefined) return;
      try {
        const answer = await sendOne(rows);
        for (const result of answer.results) {
          if (result.outcome === 'added') added += 1;
          else if (result.outcome === 'exists') existing += 1;
          else refused.push({ row: result.row, code: result.code ?? 'refused' });
        }
        done += rows.length;
        onProgress?.(done);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };

  await Promise.all(Array.from({ length: Math.max(1, Math.min(inFlight, requests.length)) }, worker));
  refused.sort((a, b) => a.row - b.row);
  return { added, existing, refused };
}

/**
 * The skipped rows by reason, as FinishImport takes them: rows the file could not give
 * (their `import_*` code), look-alikes the user skipped (`duplicate`) and rows the server refused.
 */
export function skippedByReason(
  fileErrors: readonly { readonly code: string }[],
  duplicates: number,
  refused: readonly { readonly code: string }[],
): Record<string, number> {
  const counts: Record<string, number> = {};
  const add = (code: string, count = 1) => {
    const key = /^[a-z][a-z0-9_]{0,63}$/.test(code) ? code : 'refused';
    counts[key] = (counts[key] ?? 0) + count;
  };
  for (const error of fileErrors) add(error.code);
  if (duplicates > 0) add('duplicate', duplicates);
  for (const row of refused) add(row.code);
  return counts;
}
