import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteKeyStore } from './key-store-sqlite.js';
import { loadMasterKey } from './master-key.js';
import { DataKeyErasedError } from './port.js';

const dir = mkdtempSync(join(tmpdir(), 'plenty-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function wrappedKeyOf(path: string, userId: string): Buffer {
  const db = new Database(path, { readonly: true });
  const row = db.prepare<[string], { wrapped: Buffer }>('SELECT wrapped FROM data_keys WHERE user_id = ?').get(userId);
  db.close();
  if (row === undefined) throw new Error(`no key of ${userId}`);
  return row.wrapped;
}

/** Whether the database file or its write-ahead log holds these bytes anywhere. */
function filesContain(path: string, bytes: Buffer): boolean {
  return [path, `${path}-wal`].some((file) => existsSync(file) && readFileSync(file).includes(bytes));
}

describe('data keys', () => {
  it('are created once per user, survive a reopen, and differ between users', async () => {
    const masterKey = randomBytes(32);
    const path = join(dir, 'keys.db');
    const store = await openSqliteKeyStore({ path, masterKey });
    const alice = await store.getOrCreate('alice');
    expect(alice).toHaveLength(32);
    expect(await store.getOrCreate('alice')).toEqual(alice);
    expect(await store.getOrCreate('bob')).not.toEqual(alice);
    await store.close();
    const reopened = await openSqliteKeyStore({ path, masterKey });
    expect(await reopened.get('alice')).toEqual(alice);
    await reopened.close();
  });

  it('cannot be read with another master key', async () => {
    const path = join(dir, 'other.db');
    const store = await openSqliteKeyStore({ path, masterKey: randomBytes(32) });
    await store.getOrCreate('alice');
    await store.close();
    const wrong = await openSqliteKeyStore({ path, masterKey: randomBytes(32) });
    await expect(wrong.get('alice')).rejects.toThrow();
    await wrong.close();
  });

  it('are gone after erasure, and never made again for that user', async () => {
    const path = join(dir, 'erase.db');
    const store = await openSqliteKeyStore({ path, masterKey: randomBytes(32) });
    await store.getOrCreate('leaving');
    await store.erase('leaving');
    expect(await store.get('leaving')).toBeNull();
    await expect(store.getOrCreate('leaving')).rejects.toBeInstanceOf(DataKeyErasedError);
    await store.close();
    const reopened = await openSqliteKeyStore({ path, masterKey: randomBytes(32) });
    await expect(reopened.getOrCreate('leaving')).rejects.toBeInstanceOf(DataKeyErasedError);
    expect(await reopened.getOrCreate('staying')).toHaveLength(32);
    await reopened.close();
  });

  it('leave no copy of an erased wrapped key in the files, write-ahead log included', async () => {
    const path = join(dir, 'forensic.db');
    const masterKey = randomBytes(32);
    const store = await openSqliteKeyStore({ path, masterKey });
    for (let n = 0; n < 50; n += 1) await store.getOrCreate(`user-${n}`);
    await store.getOrCreate('leaving');
    const wrapped = wrappedKeyOf(path, 'leaving');
    expect(filesContain(path, wrapped)).toBe(true);
    await store.erase('leaving');
    expect(filesContain(path, wrapped)).toBe(false);
    expect(statSync(`${path}-wal`).size).toBe(0);
    await store.close();
  });

  it('scrub a file written before deleted rows were overwritten, once, when opened', async () => {
    const path = join(dir, 'old.db');
    const masterKey = randomBytes(32);
    const store = await openSqliteKeyStore({ path, masterKey });
    for (let n = 0; n < 50; n += 1) await store.getOrCreate(`user-${n}`);
    await store.close();
    // What an earlier version left: a key deleted without overwriting, and no mark of a scrub.
    const old = new Database(path);
    const wrapped = wrappedKeyOf(path, 'user-7');
    old.pragma('secure_delete = OFF');
    old.prepare('DELETE FROM data_keys WHERE user_id = ?').run('user-7');
    old.pragma('user_version = 0');
    old.pragma('wal_checkpoint(TRUNCATE)');
    old.close();
    expect(filesContain(path, wrapped)).toBe(true);
    const reopened = await openSqliteKeyStore({ path, masterKey });
    expect(filesContain(path, wrapped)).toBe(false);
    expect(await reopened.get('user-8')).toHaveLength(32);
    await reopened.close();
  });
});

describe('master key', () => {
  it('comes from the environment when given', async () => {
    const key = randomBytes(32);
    expect(await loadMasterKey({ envValue: key.toString('base64'), dataDir: dir })).toEqual(key);
  });

  it('refuses a malformed environment value with a clear message', async () => {
    await expect(loadMasterKey({ envValue: 'too-short', dataDir: dir })).rejects.toThrow(/32 bytes in base64/);
  });

  it('is created in the data dir on first use, readable by its owner only, and reused', async () => {
    const dataDir = join(dir, 'fresh');
    const first = await loadMasterKey({ dataDir });
    expect(first).toHaveLength(32);
    expect(statSync(join(dataDir, 'master.key')).mode & 0o777).toBe(0o600);
    expect(await loadMasterKey({ dataDir })).toEqual(first);
  });

  it('refuses a damaged key file', async () => {
    const dataDir = join(dir, 'damaged');
    await loadMasterKey({ dataDir });
    writeFileSync(join(dataDir, 'master.key'), 'garbage');
    await expect(loadMasterKey({ dataDir })).rejects.toThrow(/master.key must be 32 bytes/);
  });
});
