import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { syncFile, syncFolder, writeFileDurably } from '../durable-file.js';
import { createScrubMarker, scrubIfOwed } from '../sqlite-scrub.js';

/** Page cache sizes (negative: KiB): SQLite's default, and a larger one while bulk loading. */
const DEFAULT_CACHE_KIB = -2000;
export const BULK_CACHE_KIB = -65_536;
/** Tries at emptying the log after a purge, and the pause between two. */
const SCRUB_ATTEMPTS = 10;
const SCRUB_RETRY_MS = 500;

/**
 * Opens the embedded read store's file. It is rebuildable from the events, so it trades the
 * last fsync for speed (synchronous=NORMAL).
 */
export function openReadStoreDatabase(path: string): Database.Database {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // A user's notes are rewritten with every edit and purged on erasure: what is deleted or
  // replaced is overwritten, not left in free space.
  db.pragma('secure_delete = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('wal_autocheckpoint = 10000');
  db.exec('CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position TEXT NOT NULL)');
  // A purge's transaction marks the file as owing a scrub (see `scrubPurged`).
  createScrubMarker(db);
  return db;
}

/**
 * After an erased user's documents were deleted, no byte of them may stay in the file or its
 * log. `secure_delete` overwrites the cells SQLite deletes and the pages it frees, but not what
 * b-tree balancing leaves behind: when a page fills or empties, its cells are spread anew over it
 * and its siblings, and the page is rebuilt from its end without clearing the part it no longer
 * uses (SQLite's `rebuildPage`). The bytes of a cell that moved stay there: an earlier version of
 * an edited document, or one of the purged rows that the purge's own deletions moved before
 * deleting them. Every view table, index and FTS table has such pages, whatever its layout. So
 * the file is written anew from its live rows (VACUUM), then the log, which now holds every page,
 * is copied into it and truncated (`scrubIfOwed`, as for the other SQLite files). Until then the
 * file owes a scrub (`OWE_SCRUB_SQL`, written by the purge's transaction). A reader on another connection that holds the log makes the
 * truncation try again a little later (the next purge tries too); `canRun` false (a bulk writer
 * thread has the file) also puts it off. The batch itself is written either way.
 */
export function scrubPurged(db: Database.Database, canRun: () => boolean = () => true, attempt = 1): void {
  if (!db.open) return;
  try {
    if (!canRun()) throw new Error(`${db.name}: another connection writes the file`);
    scrubIfOwed(db);
  } catch {
    if (attempt < SCRUB_ATTEMPTS) setTimeout(() => scrubPurged(db, canRun, attempt + 1), SCRUB_RETRY_MS).unref();
  }
}

/**
 * Bulk loading (a rebuild) writes without fsync. A shadow shares the connection with live
 * batches, which keep their durability; the larger page cache helps both. Returns whether the
 * file left the write-ahead log for a rollback journal.
 */
export function enterBulkMode(db: Database.Database, shadow: boolean): boolean {
  // A flush writes a few pages per user and view, all over each table: keep them in memory.
  db.pragma(`cache_size = ${BULK_CACHE_KIB}`);
  if (shadow) return false;
  db.pragma('synchronous = OFF');
  return leaveWal(db);
}

/** Undoes `enterBulkMode` (after the views' secondary indexes were built). */
export function leaveBulkMode(db: Database.Database, shadow: boolean, rollbackJournal: boolean): void {
  db.pragma(`cache_size = ${DEFAULT_CACHE_KIB}`);
  if (shadow) return;
  db.pragma('synchronous = NORMAL');
  if (rollbackJournal) db.pragma('journal_mode = WAL');
  else db.pragma('wal_checkpoint(TRUNCATE)');
}

/**
 * While nobody else has the file open (an offline rebuild), bulk loading writes pages
 * straight into it with a rollback journal instead of through the write-ahead log, which
 * would copy every page twice. Pages of fresh tables need no journal, and a process that
 * dies mid-transaction is still rolled back when the file is opened again.
 */
function leaveWal(db: Database.Database): boolean {
  try {
    return db.pragma('journal_mode = TRUNCATE', { simple: true }) === 'truncate';
  } catch {
    // Another connection has the file open: keep the write-ahead log.
    return false;
  }
}

/**
 * Beside a read store's file while a rebuild writes it without a rollback journal: written and
 * made durable before the writer thread opens the file that way, removed once the rebuild has
 * written everything, built its indexes and made the file durable. A file that has it may hold
 * torn pages (the process stopped mid-flush) or half a flush (a flush failed): it is never used.
 */
export const UNFINISHED_SUFFIX = '-rebuilding';

/** The files of a read store that go with it: its journal, log and shared memory. */
const COMPANIONS = ['', '-journal', '-wal', '-shm'];

/** Writes the marker beside `path` and makes it durable (the file, and its name in the folder). */
export async function markUnfinished(path: string): Promise<void> {
  await writeFileDurably(
    `${path}${UNFINISHED_SUFFIX}`,
    'A rebuild writes the read models here without a rollback journal. While this file exists the read models\n' +
      'are unfinished: the next start discards them and builds them again from the events.\n',
  );
}

/** Makes the file durable, then removes its marker and makes that durable. */
export async function unmarkUnfinished(path: string): Promise<void> {
  for (const suffix of ['', '-wal']) {
    if (existsSync(`${path}${suffix}`)) await syncFile(`${path}${suffix}`);
  }
  await rm(`${path}${UNFINISHED_SUFFIX}`, { force: true });
  await syncFolder(dirname(path));
}

/**
 * Deletes a read store's file that has the marker, with its journal, log and shared memory,
 * then the marker: its read models are built again from the events, as for a missing file.
 * Only for the process that holds the read models' lock (writer-lock.ts), before it opens the
 * file: no other process writes it then. Answers whether it was discarded.
 */
export async function discardUnfinished(path: string): Promise<boolean> {
  const marker = `${path}${UNFINISHED_SUFFIX}`;
  if (!existsSync(marker)) return false;
  for (const suffix of COMPANIONS) await rm(`${path}${suffix}`, { force: true });
  await syncFolder(dirname(path));
  // Last: a stop before this leaves the marker, and the next open discards again (nothing left to lose).
  await rm(marker, { force: true });
  await syncFolder(dirname(path));
  return true;
}

/**
 * Whether the file holds no document yet: no row in any table but the checkpoints (positions
 * and the projections' version records, which a start writes into a new file before anything
 * else, and which a rebuild writes again), an FTS index's own tables aside (they hold their
 * configuration from the start). A rebuild into such a file may write it without a rollback
 * journal: discarding it loses nothing a rebuild does not bring back. One into a file with
 * documents keeps the journal.
 */
export function holdsNoDocuments(db: Database.Database): boolean {
  const tables = db
    .prepare<[], { name: string; sql: string | null }>(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    )
    .all();
  const ftsOwn = new Set(
    tables
      .filter((table) => /^CREATE VIRTUAL TABLE/i.test(table.sql ?? ''))
      .flatMap((table) =>
        ['_data', '_idx', '_content', '_docsize', '_config'].map((suffix) => `${table.name}${suffix}`),
      ),
  );
  return tables.every(
    (table) =>
      table.name === 'checkpoints' ||
      ftsOwn.has(table.name) ||
      db.prepare(`SELECT 1 FROM "${table.name.replace(/"/g, '""')}" LIMIT 1`).get() === undefined,
  );
}
