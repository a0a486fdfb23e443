import type { BackupEvent, BackupReceipt, RestoreEventsAnswer, RestoreEventsRequest } from '@plenty/contracts/backup';
import type { BackupSummary } from './backup-file';

/** What the restore sends, so its order, resumption and retries are tested without a server. */
export interface RestorePorts {
  /** Uploads a receipt's file and answers the reference the account stores it under. */
  uploadReceipt(receipt: BackupReceipt, bytes: Uint8Array): Promise<string>;
  sendEvents(request: RestoreEventsRequest): Promise<RestoreEventsAnswer>;
  finishRestore(totals: RestoreTotals): Promise<void>;
  /** Pauses before a retry. */
  wait(ms: number): Promise<void>;
}

/** How the backup's file is read: its receipts, then its events in order, batch by batch. */
export interface BackupReader {
  receipts(each: (receipt: BackupReceipt, bytes: Uint8Array) => Promise<void>): Promise<void>;
  events(send: (events: BackupEvent[], before: number) => Promise<void>): Promise<void>;
}

export interface RestoreTotals {
  /** Events added to the account. */
  readonly appended: number;
  /** Events found already there (the same backup restored before). */
  readonly existing: number;
}

export type RestoreProgress =
  | { readonly phase: 'receipts'; readonly done: number; readonly total: number }
  | { readonly phase: 'events'; readonly done: number; readonly total: number };

/**
 * What a restore has done so far in this page: the receipts uploaded (old reference → new) and the
 * answer to each batch of events, by its first event's place in the file. Trying again after a
 * failure uploads and sends only what is missing.
 */
export interface RestoreProgressRecord {
  readonly receipts: Map<string, string>;
  readonly batches: Map<number, SentBatch>;
}

/** A batch of events the server answered: how many it held and what became of them. */
export interface SentBatch extends RestoreEventsAnswer {
  readonly count: number;
}

export const newProgressRecord = (): RestoreProgressRecord => ({ receipts: new Map(), batches: new Map() });

/** Pauses before the second, third, fourth and fifth attempts of a request that failed on the way. */
export const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000] as const;

/** A failure worth another attempt: the network, the server's own trouble or a rate limit; a refusal is final. */
export function isRetryable(caught: unknown): boolean {
  if (typeof caught !== 'object' || caught === null || !('status' in caught)) return true;
  const { status } = caught as { status: unknown };
  return status === 'network' || status === 429 || (typeof status === 'number' && status >= 500);
}

async function withRetries<T>(ports: RestorePorts, attempt: () => Promise<T>): Promise<T> {
  for (let tries = 0; ; tries += 1) {
    try {
      return await attempt();
    } catch (caught) {
      const delay = RETRY_DELAYS_MS[tries];
      if (delay === undefined || !isRetryable(caught)) throw caught;
      await ports.wait(delay);
    }
  }
}

export function totalsOf(record: RestoreProgressRecord): RestoreTotals {
  let appended = 0;
  let existing = 0;
  for (const answer of record.batches.values()) {
    appended += answer.appended;
    existing += answer.existing;
  }
  return { appended, existing };
}

/**
 * Steps 2 to 4 of the restore (contracts/src/backup.ts), after StartRestore: every receipt
 * uploaded, the events sent in order (each request retried on a failure on the way; its ids are
 * derived, so nothing lands twice), then FinishRestore with the totals.
 */
export async function runRestore(
  summary: BackupSummary,
  reader: BackupReader,
  ports: RestorePorts,
  record: RestoreProgressRecord,
  onProgress: (progress: RestoreProgress) => void,
): Promise<RestoreTotals> {
  const { manifest } = summary;
  const receiptTotal = manifest.receipts.length;
  if (record.receipts.size < receiptTotal) {
    onProgress({ phase: 'receipts', done: record.receipts.size, total: receiptTotal });
    await reader.receipts(async (receipt, bytes) => {
      if (record.receipts.has(receipt.ref)) return;
      const ref = await withRetries(ports, () => ports.uploadReceipt(receipt, bytes));
      record.receipts.set(receipt.ref, ref);
      onProgress({ phase: 'receipts', done: record.receipts.size, total: receiptTotal });
    });
  }

  const receipts = Object.fromEntries(record.receipts);
  onProgress({ phase: 'events', done: sentSoFar(record), total: summary.eventCount });
  await reader.events(async (events, before) => {
    if (record.batches.has(before)) return;
    const answer = await withRetries(ports, () => ports.sendEvents({ backupId: manifest.backupId, receipts, events }));
    record.batches.set(before, { ...answer, count: events.length });
    onProgress({ phase: 'events', done: before + events.length, total: summary.eventCount });
  });

  const totals = totalsOf(record);
  await withRetries(ports, () => ports.finishRestore(totals));
  return totals;
}

const sentSoFar = (record: RestoreProgressRecord) =>
  [...record.batches.values()].reduce((sum, batch) => sum + batch.count, 0);
