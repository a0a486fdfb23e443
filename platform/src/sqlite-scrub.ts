import type Database from 'better-sqlite3';
import { truncateWriteAheadLog } from './sqlite-log.js';

/**
 * A file that owes a scrub after an erasure: the erasure's transaction writes its one row, and
 * it goes once the file was written anew (see `scrubIfOwed`).
 */
const SCRUB_TABLE = 'erasure_scrub';

/** Creates the marker's table (idempotent); run with the file's schema. */
export function createScrubMarker(db: Database.Database): void {
  db.exec(`CREATE TABLE IF NOT EXISTS ${SCRUB_TABLE} (owed INTEGER PRIMARY KEY CHECK (owed = 1))`);
}

/** The statement that marks a file as owing a scrub, for a caller that runs its own statements. */
export const OWE_SCRUB_SQL = `INSERT INTO ${SCRUB_TABLE} (owed) VALUES (1) ON CONFLICT (owed) DO NOTHING`;

/** Marks the file as owing a scrub: call inside the transaction that deletes the user's rows. */
export function markScrubOwed(db: Database.Database): void {
  db.prepare(OWE_SCRUB_SQL).run();
}

/** Whether rows were deleted by an erasure and the file not yet written anew since. */
export function scrubOwed(db: Database.Database): boolean {
  return db.prepare(`SELECT 1 FROM ${SCRUB_TABLE}`).get() !== undefined;
}

/**
 * After an erasure's rows were deleted, no byte of them may stay in the file or its log.
 * `secure_delete` overwrites the cells SQLite deletes and the pages it frees, but not what
 * b-tree balancing leaves behind: when a page splits, fills or empties, its cells are spread
 * anew over it and its siblings and the page is rebuilt from its end without clearing the part
 * it no longer uses (SQLite's `rebuildPage`), so a cell that moved stays readable there, and
 * its live copy, deleted later, is the only one `secure_delete` overwrites. So, when a scrub is
 * owed, the file is written anew from its live rows (VACUUM), the mark removed, and the log,
 * which then holds every page, copied in and truncated. A process stopped before the mark went
 * owes the scrub still. The truncation needs no reader on another connection to hold the log:
 * when one does, this throws and the caller (an erasure, which is not recorded as finished until
 * its scrub is done) runs it again, which then only truncates (the file is not rewritten twice).
 */
export function scrubIfOwed(db: Database.Database): void {
  if (scrubOwed(db)) {
    db.exec('VACUUM');
    db.exec(`DELETE FROM ${SCRUB_TABLE}`);
  }
  truncateWriteAheadLog(db);
}

/**
 * When a file is opened: a scrub owed by a process that stopped before it is done now. A file
 * that owes none is left as it is (its log too: other connections may be reading it). Should
 * another connection hold the file meanwhile, the scrub stays owed: the erasure that owes it was
 * not recorded as finished (its scrub comes first), so it runs again and scrubs, and so does the
 * next opening.
 */
export function scrubOwedAtOpen(db: Database.Database): void {
  if (!scrubOwed(db)) return;
  try {
    scrubIfOwed(db);
  } catch {
    // Owed still; see above.
  }
}
