import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteKeyStore } from './key-store-sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'plenty-keys-erasure-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every user's wrapped key as stored, read on a connection of its own. */
function wrappedKeys(path: string): Map<string, Buffer> {
  const db = new Database(path, { readonly: true });
  try {
    const rows = db.prepare<[], { user_id: string; wrapped: Buffer }>('SELECT user_id, wrapped FROM data_keys').all();
    return new Map(rows.map((row) => [row.user_id, row.wrapped]));
  } finally {
    db.close();
  }
}

/** The values found anywhere in the file or its write-ahead log, byte by byte. */
function foundIn(path: string, values: readonly Buffer[]): Buffer[] {
  const files = [path, `${path}-wal`].filter(existsSync).map((file) => readFileSync(file));
  return values.filter((value) => files.some((bytes) => bytes.includes(value)));
}

/** A seeded sequence, so that a run that fails fails again. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * A store with 2,000 keys under random user ids: each new key lands between others in the
 * primary key's index, so pages split and cells move to their siblings. Made through the store
 * for every 50th; for speed, the rest are written as the store writes them, on a connection of
 * their own without fsync.
 */
async function seededStore(path: string, masterKey: Buffer) {
  const store = await openSqliteKeyStore({ path, masterKey });
  const users = Array.from({ length: 2_000 }, () => randomUUID());
  const seeding = new Database(path);
  seeding.pragma('synchronous = OFF');
  const insert = seeding.prepare('INSERT INTO data_keys (user_id, wrapped, created_at) VALUES (?, ?, ?)');
  for (const [index, user] of users.entries()) {
    if (index % 50 === 0) await store.getOrCreate(user);
    else insert.run(user, randomBytes(60), new Date().toISOString());
  }
  seeding.close();
  return { store, users, keys: wrappedKeys(path) };
}

describe('erased keys in keys.db', () => {
  it.each([1, 3])(
    'leave no copy in the file or its log, however the pages were rebalanced around them (seed %i)',
    async (seed) => {
      const random = seeded(seed);
      const path = join(dir, `keys-${seed}.db`);
      const { store, users, keys } = await seededStore(path, randomBytes(32));
      const erased = users.filter(() => random() < 0.05);
      for (const user of erased) await store.erase(user);
      const erasedKeys = erased.map((user) => keys.get(user) ?? Buffer.alloc(0));

      expect(foundIn(path, erasedKeys)).toHaveLength(0);
      expect(statSync(`${path}-wal`).size).toBe(0);
      const kept = users.filter((user) => !erased.includes(user));
      expect(wrappedKeys(path)).toEqual(new Map(kept.map((user) => [user, keys.get(user)])));
      const madeByStore = users.filter((user, index) => index % 50 === 0 && !erased.includes(user));
      for (const user of madeByStore) expect(await store.get(user)).toHaveLength(32);
      await store.close();
    },
    120_000,
  );

  it('leave no copy once opened again, when the process stopped between the erasure and its scrub', async () => {
    const path = join(dir, 'stopped.db');
    const masterKey = randomBytes(32);
    const { store, users, keys } = await seededStore(path, masterKey);
    await store.close();
    // What an erasure's commit leaves when the process stops right after it: the rows deleted
    // (overwritten), the scrub owed, the file not yet written anew.
    const erased = users.filter((_, index) => index % 7 === 3);
    const stopped = new Database(path);
    stopped.pragma('secure_delete = ON');
    const remove = stopped.prepare('DELETE FROM data_keys WHERE user_id = ?');
    stopped.transaction(() => {
      for (const user of erased) remove.run(user);
      stopped.prepare('INSERT INTO erasure_scrub (owed) VALUES (1)').run();
    })();
    stopped.pragma('wal_checkpoint(TRUNCATE)');
    stopped.close();
    const erasedKeys = erased.map((user) => keys.get(user) ?? Buffer.alloc(0));
    expect(foundIn(path, erasedKeys).length).toBeGreaterThan(0);

    const reopened = await openSqliteKeyStore({ path, masterKey });
    expect(foundIn(path, erasedKeys)).toHaveLength(0);
    expect(await reopened.get(users[0] ?? '')).toHaveLength(32);
    await reopened.close();
  }, 300_000);
});
