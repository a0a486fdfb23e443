import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { unwrapKey, wrapKey } from './field-cipher.js';
import type { KeyStore } from './port.js';
import { openOrExplainDamage } from '../damaged-database.js';

const CACHE_LIMIT = 10_000;

/**
 * Users' data keys in their own SQLite file, each wrapped by the master key. Keeping keys
 * apart from the events is what makes erasure work: deleting a row here shreds the user's
 * personal text in every copy of the event store.
 */
class SqliteKeyStore implements KeyStore {
  private readonly db: Database.Database;
  private readonly cache = new Map<string, Buffer>();
  private readonly select;
  private readonly insert;
  private readonly remove;

  constructor(
    path: string,
    private readonly masterKey: Buffer,
  ) {
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS data_keys (user_id TEXT PRIMARY KEY, wrapped BLOB NOT NULL, created_at TEXT NOT NULL)',
    );
    this.select = this.db.prepare<[string], { wrapped: Buffer }>('SELECT wrapped FROM data_keys WHERE user_id = ?');
    this.insert = this.db.prepare(
      'INSERT INTO data_keys (user_id, wrapped, created_at) VALUES (?, ?, ?) ON CONFLICT (user_id) DO NOTHING',
    );
    this.remove = this.db.prepare('DELETE FROM data_keys WHERE user_id = ?');
  }

  private remember(userId: string, key: Buffer): Buffer {
    if (this.cache.size >= CACHE_LIMIT) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(userId, key);
    return key;
  }

  async get(userId: string): Promise<Buffer | null> {
    const cached = this.cache.get(userId);
    if (cached !== undefined) return cached;
    const row = this.select.get(userId);
    return row === undefined ? null : this.remember(userId, unwrapKey(this.masterKey, row.wrapped, userId));
  }

  async getOrCreate(userId: string): Promise<Buffer> {
    const existing = await this.get(userId);
    if (existing !== null) return existing;
    this.insert.run(userId, wrapKey(this.masterKey, randomBytes(32), userId), new Date().toISOString());
    const created = await this.get(userId);
    if (created === null) throw new Error('data key was not stored');
    return created;
  }

  async erase(userId: string): Promise<void> {
    this.remove.run(userId);
    this.cache.delete(userId);
  }

  async close(): Promise<void> {
    this.cache.clear();
    if (this.db.open) this.db.close();
  }
}

/** A damaged file stops the opening with one sentence naming it (see `openOrExplainDamage`). */
export async function openSqliteKeyStore(options: { path: string; masterKey: Buffer }): Promise<KeyStore> {
  if (options.masterKey.length !== 32) throw new RangeError('the master key must be 32 bytes');
  return openOrExplainDamage(options.path, async () => new SqliteKeyStore(options.path, options.masterKey));
}
