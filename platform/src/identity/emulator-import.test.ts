import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { importEmulatorAccounts } from './emulator-import.js';
import { IdentityStore } from './identity-store.js';
import { verifyPassword } from './password-hash.js';

/** A data folder written by the emulator-based embedded default (see its fixture.json). */
const FIXTURE = resolve(dirname(fileURLToPath(import.meta.url)), '../../../tests/fixtures/emulator-data-folder');
const PASSWORD = 'correct-horse-battery';
const VERIFIED = { uid: '3iFMvMBnnZtdXqhrGINSEiC8NfFJ', email: 'noy@example.test', displayName: 'Noy Phommachanh' };
const UNVERIFIED = { uid: '5K6KTL85HfKgqNsh3r59GTpWrBAf', email: 'somchai@example.test' };
const IMPORTED_AT = Date.UTC(2026, 11, 1);

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A copy of the fixture folder with an identity store open on it. */
async function givenEmulatorFolder(): Promise<{ dataDir: string; store: IdentityStore }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'plenty-emulator-import-'));
  await cp(FIXTURE, dataDir, { recursive: true });
  const store = new IdentityStore(join(dataDir, 'identity.db'));
  cleanups.push(async () => {
    store.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  return { dataDir, store };
}

// Real scrypt hashes (the parameters of an upgrade), a few per test: slow on a busy machine.
describe('moving the accounts of an emulator-made data folder', { timeout: 30_000 }, () => {
  it('keeps each uid, address, name and verified flag, and the password signs in', async () => {
    const { dataDir, store } = await givenEmulatorFolder();
    expect(await importEmulatorAccounts(dataDir, store, IMPORTED_AT)).toEqual({ imported: 2, kept: 0 });

    const verified = store.user(VERIFIED.uid);
    expect(verified).toMatchObject({
      email: VERIFIED.email,
      emailVerified: true,
      displayName: VERIFIED.displayName,
      createdAt: 1795695076027,
      lastLoginAt: 1795695076061,
      passwordUpdatedAt: 1795695076028,
      sessionVersion: 1,
      disabled: false,
    });
    expect(store.user(UNVERIFIED.uid)).toMatchObject({ email: UNVERIFIED.email, emailVerified: false });
    for (const uid of [VERIFIED.uid, UNVERIFIED.uid]) {
      const hash = store.user(uid)?.passwordHash ?? '';
      expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
      expect(await verifyPassword(PASSWORD, hash)).toBe(true);
      expect(await verifyPassword('another-password', hash)).toBe(false);
    }
    expect(store.userByEmail(VERIFIED.email)?.uid).toBe(VERIFIED.uid);
  });

  it("removes the emulator's folder, which holds the passwords in plain text, and touches nothing else", async () => {
    const { dataDir, store } = await givenEmulatorFolder();
    const before = await readdir(dataDir);
    const events = await readFile(join(dataDir, 'events.db'));
    await importEmulatorAccounts(dataDir, store, IMPORTED_AT);
    expect(existsSync(join(dataDir, 'auth'))).toBe(false);
    expect((await readdir(dataDir)).sort()).toEqual(before.filter((name) => name !== 'auth').sort());
    expect(await readFile(join(dataDir, 'events.db'))).toEqual(events);
    store.close();
    for (const name of await readdir(dataDir)) {
      if (!name.startsWith('identity.db')) continue;
      expect((await readFile(join(dataDir, name))).includes(PASSWORD), name).toBe(false);
    }
  });

  it('does nothing at the next start', async () => {
    const { dataDir, store } = await givenEmulatorFolder();
    await importEmulatorAccounts(dataDir, store, IMPORTED_AT);
    const accounts = [store.user(VERIFIED.uid), store.user(UNVERIFIED.uid)];
    expect(await importEmulatorAccounts(dataDir, store, IMPORTED_AT + 60_000)).toBeNull();
    expect([store.user(VERIFIED.uid), store.user(UNVERIFIED.uid)]).toEqual(accounts);
    expect(store.userCount()).toBe(2);
  });

  it('runs again safely after a crash between the commit and the removal, keeping the accounts already moved', async () => {
    const { dataDir, store } = await givenEmulatorFolder();
    await importEmulatorAccounts(dataDir, store, IMPORTED_AT);
    const accounts = [store.user(VERIFIED.uid), store.user(UNVERIFIED.uid)];
    // The state a crash right after the commit leaves: the accounts moved, the folder still there.
    await cp(join(FIXTURE, 'auth'), join(dataDir, 'auth'), { recursive: true });

    expect(await importEmulatorAccounts(dataDir, store, IMPORTED_AT + 60_000)).toEqual({ imported: 0, kept: 2 });
    expect([store.user(VERIFIED.uid), store.user(UNVERIFIED.uid)]).toEqual(accounts);
    expect(existsSync(join(dataDir, 'auth'))).toBe(false);
  });

  it('keeps an account changed since the first run as it is now', async () => {
    const { dataDir, store } = await givenEmulatorFolder();
    await importEmulatorAccounts(dataDir, store, IMPORTED_AT);
    store.setPassword(UNVERIFIED.uid, 'scrypt$1024$8$1$c2FsdA$aGFzaA', IMPORTED_AT + 1000);
    store.markEmailVerified(UNVERIFIED.uid);
    await cp(join(FIXTURE, 'auth'), join(dataDir, 'auth'), { recursive: true });

    await importEmulatorAccounts(dataDir, store, IMPORTED_AT + 60_000);
    expect(store.user(UNVERIFIED.uid)).toMatchObject({
      passwordHash: 'scrypt$1024$8$1$c2FsdA$aGFzaA',
      emailVerified: true,
      sessionVersion: 2,
    });
  });

  it('leaves a folder without an emulator folder alone', async () => {
    const { dataDir, store } = await givenEmulatorFolder();
    await rm(join(dataDir, 'auth'), { recursive: true });
    expect(await importEmulatorAccounts(dataDir, store, IMPORTED_AT)).toBeNull();
    expect(store.userCount()).toBe(0);
  });
});
