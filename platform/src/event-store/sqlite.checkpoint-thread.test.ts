import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { newEvent } from '../testing/new-event.js';
import { startCheckpointThread } from './sqlite-checkpointer.js';
import { openSqliteEventStore } from './sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'plenty-checkpoints-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fileSize = (path: string) => statSync(path).size;

/** Waits (without a wall-clock bound of its own: the test's timeout ends it) for `check` to hold. */
async function eventually(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** The checkpoint thread as built, which then throws or exits after a few checkpoints. */
const failingThread = (fail: 'throws' | 'exits') =>
  new URL(`./testing/checkpoint-worker-that-${fail}.mjs`, import.meta.url);

async function appendSome(store: Awaited<ReturnType<typeof openSqliteEventStore>>, count: number): Promise<void> {
  await Promise.all(
    Array.from({ length: count }, () =>
      store.appendToStream(`s-${randomUUID()}`, [newEvent('TestHappened', { text: 'x'.repeat(500) })], 'no_stream'),
    ),
  );
}

describe('the event log checkpointed from a thread of its own', () => {
  it('copies committed events into the database file while the writer never checkpoints', async () => {
    const path = join(dir, `${randomUUID()}.db`);
    const store = await openSqliteEventStore({ path, checkpoints: 'elsewhere', writer: 'thread' });
    await appendSome(store, 300);
    // Nothing checkpoints yet: the events are in the log only.
    const before = fileSize(path);
    const checkpoints = await startCheckpointThread(path, { intervalMs: 20 });
    try {
      await eventually(() => checkpoints.checkpoints > 0 && fileSize(path) > before);
      expect(fileSize(path)).toBeGreaterThan(before + 300 * 500);
    } finally {
      await checkpoints.stop();
      await store.close();
    }
  });

  it('is started and stopped with a store opened with checkpoints in a thread, which keeps every event', async () => {
    const path = join(dir, `${randomUUID()}.db`);
    const store = await openSqliteEventStore({ path, checkpoints: 'thread', writer: 'thread' });
    await appendSome(store, 50);
    await store.close();
    const reopened = await openSqliteEventStore({ path });
    try {
      expect(await reopened.countEvents()).toBe(50);
    } finally {
      await reopened.close();
    }
  });

  it('refuses to start on a file it cannot open', async () => {
    await expect(startCheckpointThread(join(dir, 'missing-folder', 'events.db'))).rejects.toThrow(/checkpoint/);
  });

  it('stops cleanly while a checkpoint is running: the thread ends by itself and nothing fails', async () => {
    const path = join(dir, `${randomUUID()}.db`);
    const store = await openSqliteEventStore({ path, checkpoints: 'elsewhere', writer: 'thread' });
    // A large log, so that the first checkpoint copies megabytes and is still running when asked to stop.
    for (let round = 0; round < 20; round += 1) await appendSome(store, 200);
    const errors: Error[] = [];
    const lost: string[] = [];
    const exitCode = process.exitCode;
    const checkpoints = await startCheckpointThread(path, {
      intervalMs: 1,
      onError: (error) => errors.push(error),
      onLost: (reason) => lost.push(reason),
    });
    try {
      await eventually(() => checkpoints.checkpointing);
      await checkpoints.stop();
      // Stopped once more (a second signal): answered at once, the same way.
      await checkpoints.stop();
      expect({ errors, lost, lostNow: checkpoints.lost, exitCode: process.exitCode }).toEqual({
        errors: [],
        lost: [],
        lostNow: null,
        exitCode,
      });
    } finally {
      await store.close();
    }
  });

  it.each(['throws', 'exits'] as const)(
    'notices a thread that ends on its own (it %s), says so once and checkpoints from the main connection instead',
    async (fail) => {
      const path = join(dir, `${randomUUID()}.db`);
      const said = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
      const store = await openSqliteEventStore({
        path,
        checkpoints: 'thread',
        writer: 'thread',
        checkpointIntervalMs: 20,
        checkpointThreadModule: failingThread(fail),
      });
      try {
        expect(store.checkpointStatus()).toEqual({ by: 'thread' });
        await eventually(() => store.checkpointStatus().by === 'main-connection');
        const lines = said.mock.calls
          .map(([line]) => String(line))
          .filter((line) => line.includes('checkpoint thread'));
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(
          fail === 'throws'
            ? /stopped \(it failed: the checkpoint thread crashed\)/
            : /stopped \(it exited with code 3\)/,
        );
        // The log keeps being copied into the file: the main connection's checkpoints do it now,
        // some of them while the events are still being appended (so the size is taken first).
        const before = fileSize(path);
        await appendSome(store, 300);
        await eventually(() => fileSize(path) > before + 300 * 500);
        expect(store.checkpointStatus()).toMatchObject({ by: 'main-connection' });
      } finally {
        said.mockRestore();
        await store.close();
      }
      const reopened = await openSqliteEventStore({ path });
      try {
        expect(await reopened.countEvents()).toBe(300);
      } finally {
        await reopened.close();
      }
    },
  );
});
