import {
  BACKUP_FORMAT,
  BACKUP_MAX_BYTES,
  BACKUP_VERSION,
  RECEIPT_MAX_BYTES,
  RESTORE_EVENTS_PER_REQUEST,
  backupEventSchema,
  backupManifestSchema,
  type BackupEvent,
  type BackupManifest,
  type BackupReceipt,
} from '@plenty/contracts/backup';
import { Unzip, UnzipInflate } from 'fflate';

/*
 * Reading a backup file (contracts/src/backup.ts) in the browser. The ZIP is streamed from the
 * file, never read whole: a check pass reads the manifest, parses every line of events.jsonl and
 * hashes every receipt before anything is sent; the restore then reads the receipts, and the
 * events in requests of RESTORE_EVENTS_PER_REQUEST, waiting for each request before reading on.
 * Between chunks the page gets the main thread back, so a big file never freezes it.
 */

export type BackupFileProblem = 'backup_invalid' | 'backup_version_unsupported' | 'backup_too_large';

/** Why a file cannot be restored; `line` is the 1-based line of events.jsonl at fault, if one is. */
export class BackupFileError extends Error {
  constructor(
    readonly problem: BackupFileProblem,
    readonly line: number | null = null,
  ) {
    super(line === null ? problem : `${problem} (events.jsonl line ${line})`);
    this.name = 'BackupFileError';
  }
}

/** The size limit in the words a person reads (MB). */
export const BACKUP_MAX_MEGABYTES = Math.round(BACKUP_MAX_BYTES / (1024 * 1024));

/** What a valid backup holds, shown before the restore starts. */
export interface BackupSummary {
  readonly manifest: BackupManifest;
  readonly eventCount: number;
  /** Transactions the backup's events leave standing (added and not deleted). */
  readonly transactionCount: number;
  readonly receiptCount: number;
}

/** The largest line of events.jsonl read (one event; a receipt is a file, not a line). */
const MAX_LINE_CHARS = 8 * 1024 * 1024;
/** The most compressed bytes inflated at a time (a backup's text compresses about 25 to 1). */
const PUSH_BYTES = 8 * 1024;
/** How long the reading runs before it lets the page draw and answer input. */
const SLICE_MS = 25;

type ChunkHandler = (bytes: Uint8Array, final: boolean) => void;

const now = () => (typeof performance === 'undefined' ? Date.now() : performance.now());
const nextTask = () => new Promise<void>((resume) => setTimeout(resume, 0));

/**
 * A backup inflates to at most this many times its size (or MIN_INFLATED_BYTES for a small one):
 * event lines and receipts compress far less, so more is a ZIP bomb, refused as soon as it shows.
 */
const MAX_INFLATION = 100;
const MIN_INFLATED_BYTES = 16 * 1024 * 1024;

/**
 * Streams the entries of the ZIP `source`: `open(name)` answers the handler of the entries to
 * read (the others are skipped undecompressed), and `afterChunk` runs after each chunk of the file
 * (to send what the chunk completed); a damaged archive is `backup_invalid`, and so is one whose
 * entries say or turn out to inflate to more than MAX_INFLATION times the file.
 */
async function walkZip(
  source: Blob,
  open: (name: string) => ChunkHandler | null,
  afterChunk: () => Promise<void>,
): Promise<void> {
  let failure: unknown = null;
  const inflationLimit = Math.max(MIN_INFLATED_BYTES, source.size * MAX_INFLATION);
  let inflated = 0;
  const unzip = new Unzip((entry) => {
    const handler = open(entry.name);
    if (handler === null) return;
    if (entry.originalSize !== undefined && inflated + entry.originalSize > inflationLimit) {
      failure ??= new BackupFileError('backup_invalid');
      return;
    }
    entry.ondata = (error, data, final) => {
      if (failure !== null) return;
      if (error !== null) {
        failure = error;
        return;
      }
      inflated += data.length;
      if (inflated > inflationLimit) {
        failure = new BackupFileError('backup_invalid');
        entry.terminate();
        return;
      }
      try {
        handler(data, final);
      } catch (caught) {
        failure = caught;
      }
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  const push = async (bytes: Uint8Array, final: boolean) => {
    try {
      unzip.push(bytes, final);
    } catch (caught) {
      failure ??= caught;
    }
    if (failure !== null) throw failure instanceof BackupFileError ? failure : new BackupFileError('backup_invalid');
    await afterChunk();
    if (now() - sliceStart > SLICE_MS) {
      await nextTask();
      sliceStart = now();
    }
  };
  const reader = source.stream().getReader();
  let sliceStart = now();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return await push(new Uint8Array(0), true);
      // A read may give the whole file at once; a small piece of a well-compressed file still
      // inflates to a lot, so the archive is fed in pieces with the page's turn in between.
      for (let at = 0; at < value.length; at += PUSH_BYTES) await push(value.subarray(at, at + PUSH_BYTES), false);
    }
  } finally {
    reader.releaseLock();
  }
}

/** A handler that cuts UTF-8 bytes into lines and gives each non-blank one with its 1-based number. */
function lines(onLine: (line: string, number: number) => void): ChunkHandler {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let rest = '';
  let number = 0;
  const take = (line: string) => {
    number += 1;
    const text = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (text.trim() !== '') onLine(text, number);
  };
  return (bytes, final) => {
    let text: string;
    try {
      text = decoder.decode(bytes, { stream: !final });
    } catch {
      throw new BackupFileError('backup_invalid', number + 1);
    }
    const parts = (rest + text).split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts) take(part);
    if (rest.length > MAX_LINE_CHARS) throw new BackupFileError('backup_invalid', number + 1);
    if (final && rest !== '') {
      take(rest);
      rest = '';
    }
  };
}

type Line = readonly [text: string, number: number];

/**
 * Gives each line gathered so far to `each`, letting the page draw and answer input every
 * SLICE_MS (a chunk of a well-compressed file can hold thousands of lines), then empties the list.
 */
async function drainLines(pending: Line[], each: (text: string, number: number) => void): Promise<void> {
  let sliceStart = now();
  for (const [text, number] of pending) {
    each(text, number);
    if (now() - sliceStart > SLICE_MS) {
      await nextTask();
      sliceStart = now();
    }
  }
  pending.length = 0;
}

/** One line of events.jsonl as a BackupEvent, or `backup_invalid` naming the line. */
export function parseEventLine(line: string, number: number): BackupEvent {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new BackupFileError('backup_invalid', number);
  }
  const parsed = backupEventSchema.safeParse(value);
  if (!parsed.success) throw new BackupFileError('backup_invalid', number);
  return parsed.data;
}

/** manifest.json's text as a manifest: a newer version is `backup_version_unsupported`, anything else wrong `backup_invalid`. */
export function parseManifest(text: string): BackupManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BackupFileError('backup_invalid');
  }
  if (typeof value === 'object' && value !== null && 'format' in value && 'version' in value) {
    const { format, version } = value as { format: unknown; version: unknown };
    if (format === BACKUP_FORMAT && typeof version === 'number' && version > BACKUP_VERSION) {
      throw new BackupFileError('backup_version_unsupported');
    }
  }
  const parsed = backupManifestSchema.safeParse(value);
  if (!parsed.success) throw new BackupFileError('backup_invalid');
  return parsed.data;
}

/** A handler that gathers an entry's bytes and hands them over whole at its end. */
function whole(onEnd: (bytes: Uint8Array) => void, limit: number): ChunkHandler {
  const chunks: Uint8Array[] = [];
  let size = 0;
  return (bytes, final) => {
    size += bytes.length;
    if (size > limit) throw new BackupFileError('backup_invalid');
    chunks.push(bytes);
    if (!final) return;
    const all = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      all.set(chunk, at);
      at += chunk.length;
    }
    chunks.length = 0;
    onEnd(all);
  };
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const MANIFEST = 'manifest.json';
const EVENTS = 'events.jsonl';
const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Checks the whole file before anything is sent: a ZIP no larger than BACKUP_MAX_BYTES with a
 * manifest of a version this app reads, every line of events.jsonl a valid event and as many as
 * the manifest says, every receipt the manifest lists present with its size and SHA-256.
 */
export async function inspectBackup(file: Blob): Promise<BackupSummary> {
  if (file.size > BACKUP_MAX_BYTES) throw new BackupFileError('backup_too_large');
  // Set inside the readers' callbacks, which the compiler's narrowing does not follow.
  let manifestText = null as string | null;
  let eventProblem = null as BackupFileError | null;
  let eventCount = 0;
  const transactions = new Set<string>();
  const receipts = new Map<string, Uint8Array>();
  const hashed = new Map<string, { sha256: string; bytes: number }>();
  const pending: Line[] = [];
  const check = (line: string, number: number) => {
    if (eventProblem !== null) return;
    try {
      const event = parseEventLine(line, number);
      eventCount += 1;
      if (event.type === 'TransactionAdded') transactions.add(event.streamId);
      else if (event.type === 'TransactionDeleted') transactions.delete(event.streamId);
    } catch (caught) {
      // Kept until the manifest is read: a newer version's events may not parse here.
      eventProblem = caught as BackupFileError;
    }
  };

  await walkZip(
    file,
    (name) => {
      if (name === MANIFEST)
        return whole((bytes) => {
          manifestText = new TextDecoder().decode(bytes);
        }, MANIFEST_MAX_BYTES);
      if (name === EVENTS) return lines((line, number) => pending.push([line, number]));
      if (name.startsWith('receipts/')) return whole((bytes) => receipts.set(name, bytes), RECEIPT_MAX_BYTES);
      return null;
    },
    async () => {
      await drainLines(pending, check);
      for (const [name, bytes] of receipts) {
        hashed.set(name, { sha256: await sha256Hex(bytes), bytes: bytes.length });
        receipts.delete(name);
      }
    },
  );

  if (manifestText === null) throw new BackupFileError('backup_invalid');
  const manifest = parseManifest(manifestText);
  if (eventProblem !== null) throw eventProblem;
  if (eventCount !== manifest.eventCount) throw new BackupFileError('backup_invalid');
  for (const receipt of manifest.receipts) {
    const found = hashed.get(receipt.path);
    if (found === undefined || found.sha256 !== receipt.sha256 || found.bytes !== receipt.bytes) {
      throw new BackupFileError('backup_invalid');
    }
  }
  return { manifest, eventCount, transactionCount: transactions.size, receiptCount: manifest.receipts.length };
}

/** Gives each receipt the manifest lists with its bytes, in the file's order, waiting for `each` before reading on. */
export async function readReceipts(
  file: Blob,
  manifest: BackupManifest,
  each: (receipt: BackupReceipt, bytes: Uint8Array) => Promise<void>,
): Promise<void> {
  if (manifest.receipts.length === 0) return;
  const listed = new Map(manifest.receipts.map((receipt) => [receipt.path, receipt]));
  const ready: { receipt: BackupReceipt; bytes: Uint8Array }[] = [];
  await walkZip(
    file,
    (name) => {
      const receipt = listed.get(name);
      return receipt === undefined ? null : whole((bytes) => ready.push({ receipt, bytes }), RECEIPT_MAX_BYTES);
    },
    async () => {
      while (ready.length > 0) {
        const next = ready.shift();
        if (next !== undefined) await each(next.receipt, next.bytes);
      }
    },
  );
}

/**
 * Gives the events of events.jsonl in order, in batches of at most `size`, waiting for `send`
 * before reading on; `send` gets the number of events sent before the batch.
 */
export async function readEventBatches(
  file: Blob,
  send: (events: BackupEvent[], before: number) => Promise<void>,
  size: number = RESTORE_EVENTS_PER_REQUEST,
): Promise<void> {
  const queue: BackupEvent[] = [];
  const pending: Line[] = [];
  let sent = 0;
  let ended = false;
  const flush = async (all: boolean) => {
    while (queue.length >= size || (all && queue.length > 0)) {
      const batch = queue.splice(0, size);
      await send(batch, sent);
      sent += batch.length;
    }
  };
  await walkZip(
    file,
    (name) => {
      if (name !== EVENTS) return null;
      const read = lines((line, number) => pending.push([line, number]));
      return (bytes, final) => {
        read(bytes, final);
        if (final) ended = true;
      };
    },
    async () => {
      await drainLines(pending, (line, number) => queue.push(parseEventLine(line, number)));
      await flush(ended);
    },
  );
  await flush(true);
}
