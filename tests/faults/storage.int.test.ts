import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startStandaloneProcess, type StandaloneProcess } from '../support/standalone-process.js';
import { createTestUser, type TestUser } from '../support/users.js';
import { addTransaction } from './add-transaction.js';
import {
  failingDisksAvailable,
  mountFailingDisk,
  mountSmallDisk,
  smallDisksAvailable,
  type SmallDisk,
} from './small-disk.js';

/**
 * The data folder runs out of space under a running server, or is read-only at start: each
 * refused command gets a clear, stable error, a refused start says why, nothing acknowledged
 * is lost, and once the disk is healthy again the server goes on from intact files.
 */

const available = smallDisksAvailable('the full and read-only disk suite');
const failingAvailable = failingDisksAvailable('the disk that fails under a running server');
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function listedNotes(server: StandaloneProcess, user: TestUser): Promise<Set<string>> {
  const head = (await fetch(`${server.baseUrl}/readyz`).then((r) => r.json())) as { projections: { head: string } };
  const notes = new Set<string>();
  let cursor: string | null = null;
  do {
    const response: Response = await fetch(
      `${server.baseUrl}/api/queries/transactions?limit=200${cursor === null ? '' : `&cursor=${cursor}`}`,
      { headers: { authorization: user.authorization, 'x-min-position': head.projections.head } },
    );
    const page = (await response.json()) as { items: { note?: string }[]; nextCursor: string | null };
    for (const item of page.items) if (item.note !== undefined) notes.add(item.note);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return notes;
}

function integrity(disk: Pick<SmallDisk, 'path'>, file: string): string {
  const db = new Database(join(disk.path, file), { readonly: true });
  try {
    return String(db.pragma('integrity_check', { simple: true }));
  } finally {
    db.close();
  }
}

/** Each case starts the server two or three times and signs a user up: tens of seconds on a busy machine. */
const PROCESS_TIMEOUT = { timeout: 120_000 };

describe.skipIf(!available)('a data folder in trouble', PROCESS_TIMEOUT, () => {
  it('that fills up refuses commands with 507 storage_full, loses nothing acknowledged, and goes on once there is room', async () => {
    const disk = mountSmallDisk(24);
    cleanups.push(() => disk.remove());
    let server = await startStandaloneProcess({ dataDir: disk.path });
    cleanups.push(() => server.stop());
    const user = await createTestUser(server.baseUrl, {}, server.outboxDir);

    const acknowledged: string[] = [];
    const refusals = new Map<number, unknown>();
    const padding = 'x'.repeat(900);
    for (let i = 0; i < 20_000 && refusals.size === 0; i += 1) {
      const note = `${i} ${padding}`;
      const response = await addTransaction(server, user, note);
      if (response.status === 200) acknowledged.push(note);
      else refusals.set(response.status, await response.json());
    }
    expect([...refusals.keys()]).toEqual([507]);
    expect(refusals.get(507)).toMatchObject({ error: { code: 'storage_full' } });
    // Still full: the next one is refused the same way, and the server keeps answering.
    expect((await addTransaction(server, user, 'one more')).status).toBe(507);
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    await server.stop();

    disk.resize(64);
    expect(integrity(disk, 'events.db')).toBe('ok');
    server = await startStandaloneProcess({ dataDir: disk.path });
    expect((await addTransaction(server, user, 'after the clean-up')).status).toBe(200);
    const notes = await listedNotes(server, user);
    for (const note of acknowledged) expect(notes.has(note), `acknowledged ${note.slice(0, 6)}`).toBe(true);
    expect(notes.has('after the clean-up')).toBe(true);
    expect(notes.size).toBe(acknowledged.length + 1);
    await server.stop();
    expect(integrity(disk, 'read.db')).toBe('ok');
  });

  it('that is read-only keeps the server from starting, with a message that says so, and leaves the files intact', async () => {
    const disk = mountSmallDisk(64);
    cleanups.push(() => disk.remove());
    let server = await startStandaloneProcess({ dataDir: disk.path });
    const user = await createTestUser(server.baseUrl, {}, server.outboxDir);
    expect((await addTransaction(server, user, 'before')).status).toBe(200);
    await server.stop();

    // A file system can only turn read-only with no file open for writing: between two runs.
    disk.readOnly(true);
    const refused = await startStandaloneProcess({ dataDir: disk.path }).then(
      () => null,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(refused).toMatch(/could not start[\s\S]*data folder cannot be written/);
    expect(refused).not.toMatch(/\bat .+\.js:\d+/);

    disk.readOnly(false);
    expect(integrity(disk, 'events.db')).toBe('ok');
    server = await startStandaloneProcess({ dataDir: disk.path });
    cleanups.push(() => server.stop());
    expect((await addTransaction(server, user, 'after')).status).toBe(200);
    expect([...(await listedNotes(server, user))].sort()).toEqual(['after', 'before']);
  });
});

describe.skipIf(!failingAvailable)('a data folder whose disk fails while the server runs', PROCESS_TIMEOUT, () => {
  it('refuses commands with 503 storage_unavailable, keeps answering reads, and loses nothing acknowledged', async () => {
    const disk = mountFailingDisk(64);
    cleanups.push(() => disk.remove());
    let server = await startStandaloneProcess({ dataDir: disk.path });
    let stopped = false;
    cleanups.push(() => (stopped ? undefined : server.stop()));
    const user = await createTestUser(server.baseUrl, {}, server.outboxDir);

    const acknowledged: string[] = [];
    for (let i = 0; i < 25; i += 1) {
      const note = `before ${i}`;
      const response = await addTransaction(server, user, note);
      expect(response.status).toBe(200);
      acknowledged.push(note);
    }
    expect(await listedNotes(server, user)).toEqual(new Set(acknowledged));

    // The kernel turns the file system read-only, as it does when a disk reports errors.
    disk.fail();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        addTransaction(server, user, `after ${i}`).then(async (response) => ({
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body: await response.text(),
        })),
      ),
    );
    for (const answer of answers) {
      expect(answer.status, answer.body).toBe(503);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'storage_unavailable' } });
      expect(answer.retryAfter).toBe('30');
      expect(answer.body).not.toMatch(/EROFS|SQLITE|\bat .+\.js:\d+/);
    }
    // Reads still answer from what is stored, and the server stays up.
    expect(await listedNotes(server, user)).toEqual(new Set(acknowledged));
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();

    await server.kill();
    stopped = true;
    disk.mend();
    expect(integrity(disk, 'events.db')).toBe('ok');
    expect(integrity(disk, 'read.db')).toBe('ok');
    server = await startStandaloneProcess({ dataDir: disk.path });
    stopped = false;
    expect((await addTransaction(server, user, 'mended')).status).toBe(200);
    expect(await listedNotes(server, user)).toEqual(new Set([...acknowledged, 'mended']));
  });
});
