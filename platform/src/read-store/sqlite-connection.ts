import Database from 'better-sqlite3';
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
