import type Database from 'better-sqlite3';

/**
 * Copies the write-ahead log into the database file and truncates the log to nothing, so
 * rows deleted before it (which secure_delete overwrites in the database's pages) leave no
 * older copy in the `-wal` file. Waits for readers on other connections through the
 * connection's busy timeout; throws when one still holds an old snapshot, so the caller
 * can try again.
 */
export function truncateWriteAheadLog(db: Database.Database): void {
  const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number; log: number }[];
  if (result !== undefined && result.busy !== 0) {
    throw new Error(`${db.name}: the write-ahead log could not be emptied while another connection read from it`);
  }
}
