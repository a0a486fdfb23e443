import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startStandaloneProcess, type StandaloneProcess } from '../support/standalone-process.js';
import { signInTestUser, type TestUser } from '../support/users.js';
import { settled } from './verify.js';

/**
 * A data folder written by the emulator-based embedded default, started with this version:
 * its accounts move into identity.db with the same uids and passwords, their data stays
 * theirs, the emulator's folder (passwords in plain text) goes, and the next start changes
 * nothing.
 */

const FIXTURE = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures/emulator-data-folder');
const IMPORT_MESSAGE = 'accounts of the Firebase Auth emulator were moved into identity.db';

interface Fixture {
  readonly password: string;
  readonly verified: { uid: string; email: string; displayName: string };
  readonly unverified: { uid: string; email: string };
  readonly expense: { amount: number; currency: string; note: string };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(dataDir: string): Promise<StandaloneProcess> {
  const server = await startStandaloneProcess({ dataDir });
  cleanups.push(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) await server.stop();
  });
  return server;
}

async function query(server: StandaloneProcess, user: TestUser, path: string) {
  const response = await fetch(`${server.baseUrl}/api/queries/${path}`, {
    headers: { authorization: user.authorization },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The accounts as stored, read from the file of a stopped server. */
function storedAccounts(dataDir: string): unknown[] {
  const db = new Database(join(dataDir, 'identity.db'), { readonly: true });
  try {
    return db.prepare('SELECT * FROM users ORDER BY uid').all();
  } finally {
    db.close();
  }
}

describe('a data folder of the emulator-based version', { timeout: 120_000 }, () => {
  it('keeps its users, their passwords, uids, verified state and data, and is upgraded once', async () => {
    const fixture = JSON.parse(await readFile(join(FIXTURE, 'fixture.json'), 'utf8')) as Fixture;
    const dataDir = await mkdtemp(join(tmpdir(), 'plenty-identity-upgrade-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    await cp(FIXTURE, dataDir, { recursive: true });

    let server = await start(dataDir);
    expect(server.output()).toContain(IMPORT_MESSAGE);
    expect(existsSync(join(dataDir, 'auth'))).toBe(false);

    const noy = await signInTestUser(server.baseUrl, fixture.verified.email, fixture.password);
    expect(noy.uid).toBe(fixture.verified.uid);
    await settled(server);
    const transactions = await query(server, noy, 'transactions');
    expect(transactions.status).toBe(200);
    expect(transactions.body['items']).toEqual([
      expect.objectContaining({
        type: 'expense',
        amount: { amount: fixture.expense.amount, currency: fixture.expense.currency },
        note: fixture.expense.note,
      }),
    ]);

    const somchai = await signInTestUser(server.baseUrl, fixture.unverified.email, fixture.password);
    expect(somchai.uid).toBe(fixture.unverified.uid);
    expect(await query(server, somchai, 'transactions')).toMatchObject({
      status: 403,
      body: { error: { code: 'email_not_verified' } },
    });
    await server.stop();

    const accounts = storedAccounts(dataDir);
    const files = (await readdir(dataDir)).sort();
    server = await start(dataDir);
    expect(server.output()).not.toContain(IMPORT_MESSAGE);
    expect((await signInTestUser(server.baseUrl, fixture.verified.email, fixture.password)).uid).toBe(
      fixture.verified.uid,
    );
    await server.stop();
    expect(storedAccounts(dataDir)).toEqual(
      // Only the time of the last sign-in moves.
      (accounts as Record<string, unknown>[]).map((account) =>
        account['uid'] === fixture.verified.uid ? { ...account, last_login_at: expect.any(Number) } : account,
      ),
    );
    expect((await readdir(dataDir)).sort()).toEqual(files);
  });
});
