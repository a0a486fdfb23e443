import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStandaloneProcess, type StandaloneProcess } from '../support/standalone-process.js';
import { createTestUser, type TestUser } from '../support/users.js';
import { addTransaction } from './add-transaction.js';

/**
 * Files of the data folder lost or damaged while the server was stopped. The read models
 * hold nothing the events do not, so they come back by themselves; the events and the keys
 * cannot, so a damaged one stops the start with one sentence and is left as it was.
 */
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The user's notes once the projections have applied every stored event. */
async function notes(server: StandaloneProcess, user: TestUser): Promise<string[]> {
  const ready = (await fetch(`${server.baseUrl}/readyz`).then((r) => r.json())) as { projections: { head: string } };
  const response = await fetch(`${server.baseUrl}/api/queries/transactions?limit=200`, {
    headers: { authorization: user.authorization, 'x-min-position': ready.projections.head },
  });
  expect(response.status).toBe(200);
  const page = (await response.json()) as { items: { note?: string }[] };
  return page.items.map((item) => item.note ?? '').sort();
}

async function removeFiles(dataDir: string, prefix: string) {
  for (const file of await readdir(dataDir)) if (file.startsWith(prefix)) await rm(join(dataDir, file));
}

describe('a data folder whose files were lost or damaged while the server was stopped', () => {
  let dataDir: string;
  let user: TestUser;
  let written: string[];

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'plenty-damage-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const server = await startStandaloneProcess({ dataDir });
    written = [];
    try {
      user = await createTestUser(server.baseUrl, {}, server.outboxDir);
      for (let i = 0; i < 12; i += 1) {
        expect((await addTransaction(server, user, `note ${i}`)).status).toBe(200);
        written.push(`note ${i}`);
      }
      written.sort();
      expect(await notes(server, user)).toEqual(written);
    } finally {
      await server.stop();
    }
  });

  it('rebuilds read models that were deleted from the events, on start', async () => {
    await removeFiles(dataDir, 'read.db');
    const server = await startStandaloneProcess({ dataDir });
    cleanups.push(() => server.stop());
    expect(await notes(server, user)).toEqual(written);
  });

  it('sets a damaged read.db aside, says so, and rebuilds the read models from the events', async () => {
    await removeFiles(dataDir, 'read.db');
    await writeFile(join(dataDir, 'read.db'), Buffer.alloc(16_384, 0x5a));
    const server = await startStandaloneProcess({ dataDir });
    cleanups.push(() => server.stop());
    expect(await notes(server, user)).toEqual(written);
    expect(server.output()).toMatch(/read\.db was damaged: it was set aside/);
    const aside = (await readdir(dataDir)).filter((file) => file.startsWith('read.db.damaged-'));
    expect(aside).toHaveLength(1);
    expect(await readFile(join(dataDir, aside[0] ?? ''))).toEqual(Buffer.alloc(16_384, 0x5a));
    // And the server goes on writing as usual.
    expect((await addTransaction(server, user, 'after')).status).toBe(200);
    expect(await notes(server, user)).toEqual([...written, 'after'].sort());
  });

  it.each(['events.db', 'keys.db'])(
    'refuses to start on a damaged %s with one sentence that names it, and leaves it as it was',
    async (file) => {
      await removeFiles(dataDir, `${file}-`);
      const damaged = Buffer.alloc(16_384, 0x33);
      await writeFile(join(dataDir, file), damaged);
      const refused = await startStandaloneProcess({ dataDir }).then(
        async (server) => {
          await server.stop();
          return null;
        },
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
      expect(refused).toMatch(new RegExp(`could not start\\.\\n.*${file.replace('.', '\\.')} is damaged`));
      expect(refused).toMatch(/restore it from a backup/);
      expect(refused).not.toMatch(/\bat .+\.js:\d+/);
      expect(await readFile(join(dataDir, file))).toEqual(damaged);
    },
  );
});
