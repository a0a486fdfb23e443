import { rename } from 'node:fs/promises';
import { isDamagedDatabase } from '../damaged-database.js';
import type { ReadStore } from './port.js';
import { openSqliteReadStore } from './sqlite.js';

export interface OpenedReadModels {
  readonly readStore: ReadStore;
  /** Where a damaged file was moved to, when it was; the views start empty and are rebuilt from the events. */
  readonly setAside: string | null;
}

/**
 * Opens the read models' SQLite file. They hold nothing the events do not: a file SQLite
 * cannot open as a database is renamed `<file>.damaged-<time>` (with its -wal and -shm, for
 * whoever wants to look at it) and an empty one takes its place, which the projector fills by
 * replaying the events. Any other failure (a full or read-only disk) is thrown as it is.
 */
export async function openReadModelsFile(path: string, now: Date = new Date()): Promise<OpenedReadModels> {
  try {
    return { readStore: await openSqliteReadStore({ path }), setAside: null };
  } catch (error) {
    if (!isDamagedDatabase(error)) throw error;
    const setAside = `${path}.damaged-${now.toISOString().replace(/[:.]/g, '-')}`;
    for (const suffix of ['', '-wal', '-shm']) {
      await rename(`${path}${suffix}`, `${setAside}${suffix}`).catch((failure: unknown) => {
        if ((failure as NodeJS.ErrnoException).code !== 'ENOENT') throw failure;
      });
    }
    return { readStore: await openSqliteReadStore({ path }), setAside };
  }
}
