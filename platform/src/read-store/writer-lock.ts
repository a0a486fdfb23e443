import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/** Another process writes the read models of this data folder (a running server or a rebuild). */
export class ReadModelsBusyError extends Error {
  override readonly name = 'ReadModelsBusyError';
}

export interface ReadModelsLock {
  release(): void;
}

/**
 * Takes the data folder's read-models lock: an exclusive SQLite transaction held open on
 * `read-models.lock` for as long as the process writes the read models. The operating system
 * drops the lock with the process, so a crashed server never leaves it behind, and a second
 * holder (in this process or another) is refused at once with ReadModelsBusyError.
 */
export function takeReadModelsLock(dataDir: string, holder: string): ReadModelsLock {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'read-models.lock'), { timeout: 0 });
  try {
    db.pragma('journal_mode = DELETE');
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    db.close();
    if (error instanceof Error && 'code' in error && String(error.code).startsWith('SQLITE_BUSY')) {
      throw new ReadModelsBusyError(
        `the read models in ${dataDir} are in use by another process (a running server, projector or rebuild); ${holder} cannot start until it stops`,
      );
    }
    throw error;
  }
  let held = true;
  return {
    release() {
      if (!held) return;
      held = false;
      db.exec('ROLLBACK');
      db.close();
    },
  };
}
