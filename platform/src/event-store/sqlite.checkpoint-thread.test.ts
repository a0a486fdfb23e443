import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
});
