import { rename } from 'node:fs/promises';
import { isDamagedDatabase } from '../damaged-database.js';
import type { ReadStore } from './port.js';
import { openSqliteReadStore } from './sqlite.js';
import { discardUnfinished } from './sqlite-connection.js';

export interface OpenedReadModels {
  readonly readStore: ReadStore;
  /** Where a damaged file was moved to, when it was; the views start empty and are rebuilt from the events. */
  readonly setAside: string | null;
  /**
   * Whether the file was left unfinished by a rebuild that wrote it without a journal (its
   * marker was there) and was deleted; the views start empty and are rebuilt from the events.
   */
  readonly discarded: boolean;
}

/**
 * Opens the read models' SQLite file. They hold nothing the events do not (views, their search
 * indexes and keys, the quarantine lists, checkpoints), so:
 * - a file that a rebuild left unfinished while writing it without a journal (marked
 *   `read.db-rebuilding`, see SqliteReadStore.bulkMode) may hold torn pages: it is deleted with
 *   its -journal, -wal and -shm, and the views start empty, as for a missing file;
 * - a file SQLite cannot open as a database is renamed `<file>.damaged-<time>` (with its -wal
 *   and -shm, for whoever wants to look at it) and an empty one takes its place.
 * The projector then fills the views by replaying the events. Any other failure (a full or
 * read-only disk) is thrown as it is. Only for the process holding the read models' lock
 * (writer-lock.ts): no other one writes the file meanwhile.
 */
export async function openReadModelsFile(
  path: string,
  now: Date = new Date(),
  options: { documentCache?: boolean } = {},
): Promise<OpenedReadModels> {
  const discarded = await discardUnfinished(path);
  const open = () => openSqliteReadStore({ path, ...options });
  try {
    return { readStore: await open(), setAside: null, discarded };
  } catch (error) {
    if (!isDamagedDatabase(error)) throw error;
    const setAside = `${path}.damaged-${now.toISOString().replace(/[:.]/g, '-')}`;
    for (const suffix of ['', '-wal', '-shm']) {
      await rename(`${path}${suffix}`, `${setAside}${suffix}`).catch((failure: unknown) => {
        if ((failure as NodeJS.ErrnoException).code !== 'ENOENT') throw failure;
      });
    }
    return { readStore: await open(), setAside, discarded };
  }
}
