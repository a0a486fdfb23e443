import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { IdentityStore } from './identity-store.js';
import type { IdentityUser } from './identity-records.js';

const dir = mkdtempSync(join(tmpdir(), 'plenty-identity-erasure-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The values found anywhere in the file or its write-ahead log, byte by byte. */
function foundIn(path: string, values: readonly string[]): string[] {
  const files = [path, `${path}-wal`].filter(existsSync).map((file) => readFileSync(file));
  return values.filter((value) => files.some((bytes) => bytes.includes(value)));
}

interface Account {
  readonly uid: string;
  readonly email: string;
  readonly displayName: string;
}

/**
 * 2,000 accounts under random ids and addresses, each with a session: every new one lands
 * between others in the indexes of ids, addresses and tokens, so pages split and cells move
 * to their siblings, and half of them sign in again with a longer name, so rows grow and move.
 * Every 50th is made through the store; for speed, the rest are written as the store writes
 * them, on a connection of their own without fsync.
 */
function seededStore(path: string): { store: IdentityStore; accounts: Account[] } {
  const store = new IdentityStore(path);
  const accounts: Account[] = Array.from({ length: 2_000 }, () => {
    const mark = randomBytes(6).toString('hex');
    return { uid: randomUUID(), email: `person.${mark}@example.test`, displayName: `Person ${mark}` };
  });
  const seeding = new Database(path);
  seeding.pragma('synchronous = OFF');
  const insert = seeding.prepare('INSERT INTO users (uid, email, display_name, created_at) VALUES (?, ?, ?, ?)');
  const rename = seeding.prepare('UPDATE users SET display_name = ?, last_login_at = ? WHERE uid = ?');
  for (const [index, account] of accounts.entries()) {
    if (index % 50 === 0) store.insertUser(user(account));
    else insert.run(account.uid, account.email, account.displayName, 1);
    store.insertRefreshToken(
      `token-${account.uid}`,
      { uid: account.uid, family: randomUUID(), authTime: 1, signInProvider: 'password', expiresAt: 2 },
      1,
    );
  }
  for (const [index, account] of accounts.entries()) {
    if (index % 2 === 0) rename.run(`${account.displayName} (${'renamed '.repeat(index % 9)})`, 2, account.uid);
  }
  seeding.close();
  return { store, accounts };
}

function user(account: Account): IdentityUser {
  return {
    uid: account.uid,
    email: account.email,
    emailVerified: false,
    displayName: account.displayName,
    photoUrl: null,
    passwordHash: null,
    createdAt: 1,
    lastLoginAt: null,
    passwordUpdatedAt: null,
    sessionVersion: 1,
    disabled: false,
  };
}

const traces = (accounts: readonly Account[]) => accounts.flatMap((account) => [account.email, account.uid]);

describe('deleted accounts in identity.db', () => {
  it.each([1, 2])(
    'leave no address, name or id in the file or its log, however the pages were rebalanced around them (%i)',
    (round) => {
      const path = join(dir, `identity-${round}.db`);
      const { store, accounts } = seededStore(path);
      const deleted = accounts.filter((_, index) => index % 23 === round);
      for (const account of deleted) store.deleteUser(account.uid);

      expect(foundIn(path, traces(deleted))).toEqual([]);
      expect(
        foundIn(
          path,
          deleted.map((account) => account.displayName),
        ),
      ).toEqual([]);
      expect(statSync(`${path}-wal`).size).toBe(0);
      const kept = accounts.filter((account) => !deleted.includes(account));
      expect(store.userCount()).toBe(kept.length);
      for (const account of kept.slice(0, 50)) expect(store.userByEmail(account.email)?.uid).toBe(account.uid);
      store.close();
    },
    120_000,
  );

  it('leave nothing once the deletion is run again, when a reader held the log the first time', () => {
    const path = join(dir, 'reader.db');
    const { store, accounts } = seededStore(path);
    const deleted = accounts.filter((_, index) => index % 11 === 5);
    for (const account of deleted.slice(1)) store.deleteUser(account.uid);
    const [last] = deleted;
    if (last === undefined) throw new Error('no account to delete');
    const reader = new Database(path, { readonly: true });
    reader.exec('BEGIN');
    reader.prepare('SELECT count(*) FROM users').get();
    expect(() => store.deleteUser(last.uid)).toThrow(/could not be emptied/);
    expect(store.user(last.uid)).toBeNull();
    reader.exec('COMMIT');
    reader.close();

    store.deleteUser(last.uid);
    expect(foundIn(path, traces(deleted))).toEqual([]);
    expect(statSync(`${path}-wal`).size).toBe(0);
    store.close();
  }, 300_000);

  it('leave nothing once opened again, when the process stopped between the deletion and its scrub', () => {
    const path = join(dir, 'stopped.db');
    const { store, accounts } = seededStore(path);
    store.close();
    // What a deletion's commit leaves when the process stops right after it: the rows deleted
    // (overwritten), the scrub owed, the file not yet written anew.
    const deleted = accounts.filter((_, index) => index % 7 === 3);
    const stopped = new Database(path);
    stopped.pragma('secure_delete = ON');
    stopped.transaction(() => {
      for (const account of deleted) {
        stopped.prepare('DELETE FROM refresh_tokens WHERE uid = ?').run(account.uid);
        stopped.prepare('DELETE FROM users WHERE uid = ?').run(account.uid);
      }
      stopped.prepare('INSERT INTO erasure_scrub (owed) VALUES (1)').run();
    })();
    stopped.pragma('wal_checkpoint(TRUNCATE)');
    stopped.close();
    expect(foundIn(path, traces(deleted)).length).toBeGreaterThan(0);

    const reopened = new IdentityStore(path);
    expect(foundIn(path, traces(deleted))).toEqual([]);
    expect(reopened.userCount()).toBe(accounts.length - deleted.length);
    reopened.close();
  }, 300_000);
});
