import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteKeyStore } from './key-store-sqlite.js';
import { loadMasterKey } from './master-key.js';

const dir = mkdtempSync(join(tmpdir(), 'plenty-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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

  it('are gone after erasure', async () => {
    const store = await openSqliteKeyStore({ path: join(dir, 'erase.db'), masterKey: randomBytes(32) });
    await store.getOrCreate('leaving');
    await store.erase('leaving');
    expect(await store.get('leaving')).toBeNull();
    await store.close();
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
