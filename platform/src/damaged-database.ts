import { ConfigError } from './config.js';

/** SQLite's answer for a file that is not a database, or is damaged: `SQLITE_NOTADB`, `SQLITE_CORRUPT…`. */
export function isDamagedDatabase(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  return code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT');
}

/**
 * Opens a store whose file cannot be rebuilt from anything else (the events, the keys): when
 * SQLite finds it damaged, start-up stops with one sentence that names the file, and the
 * file is left exactly as it was for a restore or a repair.
 */
export async function openOrExplainDamage<T>(path: string, open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    if (!isDamagedDatabase(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(
      `${path} is damaged (${reason}). Nothing was changed; restore it from a backup (or repair it with sqlite3 .recover) and start again.`,
    );
  }
}
