import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { unwrapKey, wrapKey } from './field-cipher.js';
import { DataKeyErasedError, type KeyStore } from './port.js';
import { openOrExplainDamage } from '../damaged-database.js';
import { createScrubMarker, markScrubOwed, scrubIfOwed, scrubOwedAtOpen } from '../sqlite-scrub.js';

const CACHE_LIMIT = 10_000;

/** `user_version` of a file whose deleted rows were all overwritten (see `scrubOnce`). */
const SCRUBBED = 1;

/**
 * Users' data keys in their own SQLite file, each wrapped by the master key. Keeping keys
 * apart from the events is what makes erasure work: deleting a row here shreds the user's
 * personal text in every copy of the event store. Deleted rows are overwritten with zeros
 * (secure_delete), and after an erasure the file is written anew and the write-ahead log
 * emptied (`scrubIfOwed`: b-tree balancing leaves copies of moved keys that secure_delete does
 * not reach), so no copy of an erased key stays in the files; what stays is the user id in
 * `erased_keys`, which keeps a key from being made for them again.
 */
class SqliteKeyStore implements KeyStore {
  private readonly db: Database.Database;
  private readonly cache = new Map<string, Buffer>();
  private readonly select;
  private readonly insert;
  private readonly remove;
  private readonly recordErased;
  private readonly isErased;

  constructor(
    path: string,
    private readonly masterKey: Buffer,
  ) {
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('secure_delete = ON');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS data_keys (user_id TEXT PRIMARY KEY, wrapped BLOB NOT NULL, created_at TEXT NOT NULL);' +
        'CREATE TABLE IF NOT EXISTS erased_keys (user_id TEXT PRIMARY KEY, erased_at TEXT NOT NULL);',
    );
    createScrubMarker(this.db);
    this.scrubOnce();
    // A process stopped between an erasure's commit and its scrub scrubs now.
    scrubOwedAtOpen(this.db);
    this.select = this.db.prepare<[string], { wrapped: Buffer }>('SELECT wrapped FROM data_keys WHERE user_id = ?');
    this.insert = this.db.prepare(
      'INSERT INTO data_keys (user_id, wrapped, created_at) VALUES (?, ?, ?) ON CONFLICT (user_id) DO NOTHING',
    );
    this.remove = this.db.prepare('DELETE FROM data_keys WHERE user_id = ?');
    this.recordErased = this.db.prepare(
      'INSERT INTO erased_keys (user_id, erased_at) VALUES (?, ?) ON CONFLICT (user_id) DO NOTHING',
    );
    this.isErased = this.db.prepare<[string], { found: number }>(
      'SELECT 1 AS found FROM erased_keys WHERE user_id = ?',
    );
  }

  /**
   * A file written before deleted rows were overwritten may still hold keys erased then, in
   * free pages or spare room of its pages: it is rewritten once (VACUUM; the file is small)
   * and marked as scrubbed.
   */
  private scrubOnce(): void {
    if (this.db.pragma('user_version', { simple: true }) === SCRUBBED) return;
    this.db.exec('VACUUM');
    this.db.pragma('wal_checkpoint(TRUNCATE)');
    this.db.pragma(`user_version = ${SCRUBBED}`);
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
    const wrapped = wrapKey(this.masterKey, randomBytes(32), userId);
    // One transaction: an erasure on another connection lands before the check or after the insert.
    this.db.transaction(() => {
      if (this.isErased.get(userId) !== undefined) throw new DataKeyErasedError();
      this.insert.run(userId, wrapped, new Date().toISOString());
    })();
    const created = await this.get(userId);
    if (created === null) throw new Error('data key was not stored');
    return created;
  }

  async erase(userId: string): Promise<void> {
    this.db.transaction(() => {
      if (this.remove.run(userId).changes > 0) markScrubOwed(this.db);
      this.recordErased.run(userId, new Date().toISOString());
    })();
    this.cache.delete(userId);
    // The log still holds the page with the key as it was written, and other pages may hold
    // copies of it that balancing left; an erasure run again (after a failure here) scrubs then.
    scrubIfOwed(this.db);
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
