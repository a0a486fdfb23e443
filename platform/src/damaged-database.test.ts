import { describe, expect, it } from 'vitest';
import { ConfigError } from './config.js';
import { isDamagedDatabase, openOrExplainDamage } from './damaged-database.js';

const coded = (code: string) => Object.assign(new Error(`sqlite said ${code}`), { code });

describe('a damaged database file', () => {
  it('is told by SQLite’s not-a-database and corruption codes only', () => {
    expect(isDamagedDatabase(coded('SQLITE_NOTADB'))).toBe(true);
    expect(isDamagedDatabase(coded('SQLITE_CORRUPT'))).toBe(true);
    expect(isDamagedDatabase(coded('SQLITE_CORRUPT_INDEX'))).toBe(true);
    expect(isDamagedDatabase(coded('SQLITE_FULL'))).toBe(false);
    expect(isDamagedDatabase(coded('EROFS'))).toBe(false);
    expect(isDamagedDatabase(new Error('no code'))).toBe(false);
    expect(isDamagedDatabase('SQLITE_CORRUPT')).toBe(false);
  });

  it('stops the opening of a store that cannot be rebuilt with a sentence naming the file', async () => {
    const refused = openOrExplainDamage('/data/events.db', () => Promise.reject(coded('SQLITE_NOTADB')));
    await expect(refused).rejects.toBeInstanceOf(ConfigError);
    await expect(refused).rejects.toThrow(
      '/data/events.db is damaged (sqlite said SQLITE_NOTADB). Nothing was changed; restore it from a backup',
    );
  });

  it('passes other failures and successes through as they are', async () => {
    await expect(openOrExplainDamage('/data/events.db', () => Promise.resolve(42))).resolves.toBe(42);
    const full = coded('SQLITE_FULL');
    await expect(openOrExplainDamage('/data/events.db', () => Promise.reject(full))).rejects.toBe(full);
  });
});
