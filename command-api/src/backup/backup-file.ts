import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  backupManifestSchema,
  type BackupManifest,
  type BackupReceipt,
} from '@plenty/contracts/backup';
import { localDate } from '@plenty/contracts/calendar/zone';
import { streamIds } from '@plenty/contracts/events/envelope';
import { DEFAULT_PREFERENCES } from '@plenty/contracts/preferences';
import type { ExportLocale } from '@plenty/contracts/views/files';
import { InvalidBlobReferenceError, sha256Of, type BlobStore } from '@plenty/platform/blob-store/port';
import { csvRow, UTF8_BOM } from '@plenty/platform/file/csv';
import { extensionOf } from '@plenty/platform/file/sniff';
import { exportHeader } from '@plenty/platform/file/transactions-csv';
import { backupEvents, type BackupEventsDeps } from './backup-events.js';
import { BackupFold } from './backup-fold.js';

/*
 * "Download all my data": the backup file of contracts/src/backup.ts (docs/BACKUP-FORMAT.md).
 * The user's events are read page by page, once: each is written as a line of events.jsonl
 * and, when it moves money, as a record of history.csv, to files of a temporary folder, while
 * the fold keeps the transactions as they stand and the receipts referenced. The ZIP is then
 * streamed from those files, so memory holds a page of events, the fold (one small record per
 * live transaction) and one receipt at a time, however long the history.
 */

export interface BackupFileDeps extends BackupEventsDeps {
  /** Receipts; null where the deployment keeps none (the file then holds none). */
  readonly blobs: BlobStore | null;
  readonly now?: () => Date;
  /** Where the temporary folder is made; default the system's temporary directory. */
  readonly tmpDir?: string;
}

/** A backup ready to stream: its file name and manifest, and the ZIP's bytes once asked for. */
export interface BackupFile {
  readonly fileName: string;
  readonly manifest: BackupManifest;
  /** The ZIP's bytes; the temporary files go once it has run to the end (or `discard`). */
  readonly bytes: () => AsyncGenerator<Uint8Array>;
  /** Removes the temporary files without streaming them. */
  readonly discard: () => void;
}

const encoder = new TextEncoder();

/** The file name of a backup made on that day: `plenty-backup-YYYY-MM-DD.zip`. */
export const backupFileName = (day: string): string => `plenty-backup-${day}.zip`;

/** The user's time zone as their preferences last set it (the history's times are written in it). */
async function timeZoneOf(deps: BackupEventsDeps, userId: string): Promise<string> {
  let timeZone: string = DEFAULT_PREFERENCES.timeZone;
  for (const stored of await deps.eventStore.readStream(streamIds.profile(userId))) {
    if (stored.type !== 'PreferencesChanged' || stored.metadata.userId !== userId) continue;
    const event = await deps.codec.decode(stored);
    const changes = event.data.changes as { timeZone?: unknown } | undefined;
    if (typeof changes?.timeZone === 'string') timeZone = changes.timeZone;
  }
  return timeZone;
}

/** Writes text to a file stream, waiting when its buffer is full. */
async function write(out: WriteStream, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

async function close(out: WriteStream): Promise<void> {
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

interface ReceiptFile extends BackupReceipt {
  readonly blobId: string;
}

/** The receipts still in the blob store, each described by its bytes (read one at a time). */
async function receiptFiles(
  blobs: BlobStore | null,
  userId: string,
  refs: ReadonlySet<string>,
): Promise<ReceiptFile[]> {
  if (blobs === null) return [];
  const files: ReceiptFile[] = [];
  for (const ref of [...refs].sort()) {
    let blob;
    try {
      blob = await blobs.get(userId, ref);
    } catch (error) {
      // A reference that is not a blob id (free text an older client sent) has no file.
      if (error instanceof InvalidBlobReferenceError) continue;
      throw error;
    }
    if (blob === null) continue;
    files.push({
      blobId: ref,
      ref,
      path: `receipts/${ref}.${extensionOf(blob.contentType)}`,
      sha256: sha256Of(blob.bytes),
      contentType: blob.contentType,
      bytes: blob.bytes.length,
    });
  }
  return files;
}

/**
 * Reads the user's events and prepares their backup in the language of its readable files.
 * Nothing is sent yet: a failure here leaves the answer to the caller.
 */
export async function prepareBackup(deps: BackupFileDeps, userId: string, locale: ExportLocale): Promise<BackupFile> {
  const now = deps.now?.() ?? new Date();
  const dir = mkdtempSync(join(deps.tmpDir ?? tmpdir(), 'plenty-backup-'));
  const discard = () => rmSync(dir, { recursive: true, force: true });
  try {
    const timeZone = await timeZoneOf(deps, userId);
    const fold = new BackupFold(userId, locale, timeZone);
    const eventsPath = join(dir, 'events.jsonl');
    const historyPath = join(dir, 'history.csv');
    const events = createWriteStream(eventsPath);
    const history = createWriteStream(historyPath);
    let eventCount = 0;
    const streams = new Set<string>();
    try {
      await write(history, UTF8_BOM + csvRow(fold.historyHeader()));
      for await (const event of backupEvents(deps, userId)) {
        eventCount += 1;
        streams.add(event.streamId);
        await write(events, `${JSON.stringify(event)}\n`);
        const record = fold.apply(event);
        if (record !== null) await write(history, csvRow(record));
      }
    } finally {
      await Promise.all([close(events), close(history)]);
    }
    const receipts = await receiptFiles(deps.blobs, userId, fold.receipts);
    const manifest = backupManifestSchema.parse({
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      backupId: randomUUID(),
      createdAt: now.toISOString(),
      sourceUserId: userId,
      locale,
      eventCount,
      streamCount: streams.size,
      receipts: receipts.map(({ blobId: _blobId, ...receipt }) => receipt),
      files: { events: 'events.jsonl', transactions: 'transactions.csv', history: 'history.csv' },
    } satisfies BackupManifest);
    streams.clear();

    async function* transactionsCsv(): AsyncGenerator<string> {
      yield UTF8_BOM + csvRow(exportHeader(locale));
      let chunk = '';
      for (const record of fold.transactionRecords()) {
        chunk += csvRow(record);
        if (chunk.length >= 64 * 1024) {
          yield chunk;
          chunk = '';
        }
      }
      if (chunk !== '') yield chunk;
    }

    async function* entries(): AsyncGenerator<ZipEntry> {
      yield { name: 'manifest.json', chunks: single(`${JSON.stringify(manifest, null, 2)}\n`) };
      yield { name: 'events.jsonl', chunks: fileChunks(eventsPath) };
      yield { name: 'transactions.csv', chunks: transactionsCsv() };
      yield { name: 'history.csv', chunks: fileChunks(historyPath) };
      for (const receipt of receipts) {
        // One receipt in memory at a time. Receipt ids name their content, so the bytes are those
        // the manifest describes; one deleted since keeps its entry in the manifest, without a file.
        const blob = await deps.blobs?.get(userId, receipt.blobId);
        if (blob !== null && blob !== undefined) yield { name: receipt.path, stored: true, chunks: single(blob.bytes) };
      }
    }

    async function* bytes(): AsyncGenerator<Uint8Array> {
      try {
        yield* zipStream(now, entries());
      } finally {
        discard();
      }
    }

    return { fileName: backupFileName(localDate(now, timeZone)), manifest, bytes, discard };
  } catch (error) {
    discard();
    throw error;
  }
}

interface ZipEntry {
  readonly name: string;
  readonly chunks: AsyncIterable<string | Uint8Array>;
  /** Stored as it is (receipt images are compressed already). */
  readonly stored?: boolean;
}

async function* single<T extends string | Uint8Array>(value: T): AsyncGenerator<T> {
  yield value;
}

async function* fileChunks(path: string): AsyncGenerator<Uint8Array> {
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) yield chunk as Buffer;
}

/** The ZIP of the entries, in order, each compressed as it is read. */
async function* zipStream(now: Date, entries: AsyncIterable<ZipEntry>): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  const state: { failure: Error | null; ended: boolean } = { failure: null, ended: false };
  const zip = new Zip((error, chunk, final) => {
    if (error !== null) state.failure = error;
    else out.push(chunk);
    if (final) state.ended = true;
  });
  const drain = function* (): Generator<Uint8Array> {
    if (state.failure !== null) throw state.failure;
    yield* out.splice(0, out.length);
  };
  for await (const entry of entries) {
    const file = entry.stored === true ? new ZipPassThrough(entry.name) : new ZipDeflate(entry.name, { level: 6 });
    file.mtime = now;
    zip.add(file);
    for await (const chunk of entry.chunks) {
      const data = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
      if (data.length > 0) file.push(data);
      yield* drain();
    }
    file.push(new Uint8Array(0), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
  if (!state.ended) throw new Error('the backup ZIP did not end');
}
