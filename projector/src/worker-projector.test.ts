import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendOutOfRangeExpense } from '@plenty/platform/testing/out-of-range-event';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import type { KeyStore } from '@plenty/platform/crypto/port';
import { openSqliteEventStore, type SqliteEventStore } from '@plenty/platform/event-store/sqlite';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { allProjections } from '@plenty/projections/all';
import { createProjector } from './runtime.js';
import { readModelsReadiness } from './runtime-status.js';
import { historyWriter, writeHistory } from '@plenty/projections/testing/history';
import { documents } from '@plenty/projections/testing/memory-read-store';
import type { ProjectorLogger } from './runtime-api.js';
import { startWorkerProjector } from './worker-projector.js';

const masterKey = randomBytes(32);
let dir: string;
let eventStore: SqliteEventStore;
let keyStore: KeyStore;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plenty-worker-'));
  eventStore = await openSqliteEventStore({ path: join(dir, 'events.db') });
  keyStore = await openSqliteKeyStore({ path: join(dir, 'keys.db'), masterKey });
});

afterEach(async () => {
  await eventStore.close();
  await keyStore.close();
  rmSync(dir, { recursive: true, force: true });
});

function startWorker(logger?: ProjectorLogger) {
  return startWorkerProjector({
    eventStore,
    eventsPath: join(dir, 'events.db'),
    readPath: join(dir, 'read.db'),
    keysPath: join(dir, 'keys.db'),
    masterKey,
    ...(logger ? { logger } : {}),
  });
}

/** Opens the worker's read store from this thread, with every view in place. */
async function openReader(readPath: string) {
  const reader = await openSqliteReadStore({ path: readPath });
  await reader.ensureViews(allProjections.flatMap((p) => p.views));
  return reader;
}

describe('projector in a worker thread', () => {
  it('reports the views it rebuilds after a version change, then reports them current', async () => {
    const codec = new EventCodec(keyStore);
    await writeHistory(historyWriter(eventStore, codec), ['alice'], 6);
    const readPath = join(dir, 'read.db');
    const built = await openSqliteReadStore({ path: readPath });
    await createProjector({ eventStore, readStore: built, codec, projections: allProjections }).catchUp();
    const before = await documents(built, 'categories', 'alice');
    await built.close();
    // As if the code of the categories projection had raised its version.
    const raw = new Database(readPath);
    raw.prepare(`UPDATE checkpoints SET position = 'older' WHERE name = 'projection-version:categories'`).run();
    raw.close();

    const worker = await startWorker();
    try {
      const first = readModelsReadiness(worker.status(), worker.quarantinedUsers());
      expect(first.rebuilding.map((r) => r.projection)).toContain('categories');
      expect(first.rebuilding.find((r) => r.projection === 'categories')?.views).toEqual(['categories']);
      expect(first.current).not.toContain('categories');

      const deadline = Date.now() + 10_000;
      while (
        readModelsReadiness(worker.status(), worker.quarantinedUsers()).rebuilding.length > 0 &&
        Date.now() < deadline
      ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const settled = readModelsReadiness(worker.status(), worker.quarantinedUsers());
      expect(settled.rebuilding).toEqual([]);
      expect(settled.current).toContain('categories');
      const reopened = await openReader(readPath);
      expect(await documents(reopened, 'categories', 'alice')).toEqual(before);
      expect(await reopened.getCheckpoint('projection-version:categories')).not.toBe('older');
      await reopened.close();
    } finally {
      await worker.stop();
    }
  });

  it('goes on past a user’s event it cannot apply and reports the quarantined users', async () => {
    const codec = new EventCodec(keyStore);
    const writer = historyWriter(eventStore, codec);
    await writer.addTransaction('alice');
    await appendOutOfRangeExpense(eventStore, 'alice');
    const readPath = join(dir, 'read.db');
    const logged: object[] = [];
    const worker = await startWorker({ info: () => undefined, error: (obj) => logged.push(obj) });
    try {
      const { position } = await writer.addTransaction('bob');
      expect(await worker.waitFor(position, 10_000)).toBe(position);
      expect(worker.isHealthy()).toBe(true);
      await expect.poll(() => worker.quarantinedUsers(), { timeout: 5000 }).toBe(1);
      expect(readModelsReadiness(worker.status(), worker.quarantinedUsers()).quarantinedUsers).toBe(1);
      expect(logged).toEqual([
        expect.objectContaining({ userId: 'alice', eventType: 'TransactionAdded', projection: null }),
      ]);
      const reader = await openReader(readPath);
      expect(await documents(reader, 'transactions', 'alice')).toHaveLength(1);
      expect(await documents(reader, 'transactions', 'bob')).toHaveLength(1);
      await reader.close();
    } finally {
      await worker.stop();
    }
  });
});
