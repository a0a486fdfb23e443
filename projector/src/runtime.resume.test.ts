import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import type { KeyStore } from '@plenty/platform/crypto/port';
import { START, comparePositions, type EventStore } from '@plenty/platform/event-store/port';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { allProjections } from '@plenty/projections/all';
import { categoriesProjection } from '@plenty/projections/categories.projection';
import { createProjector } from './runtime.js';
import { historyWriter, writeHistory } from '@plenty/projections/testing/history';
import { documents } from '@plenty/projections/testing/memory-read-store';

const users = ['alice', 'bob'];
const masterKey = randomBytes(32);
let dir: string;
let eventStore: EventStore;
let keyStore: KeyStore;
let codec: EventCodec;
const eventsPath = () => join(dir, 'events.db');
const readPath = () => join(dir, 'read.db');

async function openStores(): Promise<void> {
  eventStore = await openSqliteEventStore({ path: eventsPath() });
  keyStore = await openSqliteKeyStore({ path: join(dir, 'keys.db'), masterKey });
  codec = new EventCodec(keyStore);
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plenty-projector-'));
  await openStores();
});

afterEach(async () => {
  await eventStore.close();
  await keyStore.close();
  rmSync(dir, { recursive: true, force: true });
});

async function views(readStore: ReadStore): Promise<unknown> {
  const result: Record<string, unknown> = {};
  for (const userId of users) {
    for (const view of allProjections.flatMap((p) => p.views)) {
      result[`${userId}/${view.name}`] = await documents(readStore, view.name, userId);
    }
  }
  return result;
}

/** The read store of a process that dies while writing its nth batch of events: that batch is never written. */
function dyingOn(store: ReadStore, nth: number): ReadStore {
  let batches = 0;
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property !== 'applyBatch') return Reflect.get(target, property, receiver) as unknown;
      const applyBatch: ReadStore['applyBatch'] = async (name, position, work) => {
        if (name === 'projector' && (batches += 1) === nth) throw new Error('the process died here');
        return target.applyBatch(name, position, work);
      };
      return applyBatch;
    },
  });
}

// Whole histories projected, stopped and rebuilt: 26 s beside a loaded suite, so a bound for a hang.
describe('projector after a crash', { timeout: 120_000 }, () => {
  it('resumes from its checkpoint to a read model equal to a fresh rebuild, nothing lost or doubled', async () => {
    await writeHistory(historyWriter(eventStore, codec), users, 30);
    let readStore = await openSqliteReadStore({ path: readPath() });
    const crashing = createProjector({
      eventStore,
      readStore: dyingOn(readStore, 6),
      codec,
      projections: allProjections,
      batchSize: 7,
    });
    await expect(crashing.catchUp()).rejects.toThrow(/the process died here/);
    const checkpoint = (await readStore.getCheckpoint('projector')) ?? START;
    expect(comparePositions(checkpoint, START)).toBeGreaterThan(0);
    expect(comparePositions(checkpoint, await eventStore.headPosition())).toBeLessThan(0);

    // More commands arrive while the projector is down; then both stores come back from their files.
    await writeHistory(historyWriter(eventStore, codec), users, 5);
    await Promise.all([readStore.close(), eventStore.close(), keyStore.close()]);
    await openStores();
    readStore = await openSqliteReadStore({ path: readPath() });
    const restarted = createProjector({ eventStore, readStore, codec, projections: allProjections, batchSize: 7 });
    await restarted.start();
    const head = await eventStore.headPosition();
    expect(await restarted.waitFor(head, 10_000)).toBe(head);
    await restarted.stop();

    const fresh = await openSqliteReadStore({ path: join(dir, 'fresh.db') });
    await createProjector({ eventStore, readStore: fresh, codec, projections: allProjections }).rebuild();
    const live = await views(readStore);
    expect(live).toEqual(await views(fresh));
    // 30 added, 6 deleted; then 5 added, 1 deleted.
    expect((live as Record<string, unknown[]>)['alice/transactions']).toHaveLength(28);
    await Promise.all([readStore.close(), fresh.close()]);
  });

  it('rebuilds from zero to the same read model it built incrementally, reporting its progress', async () => {
    const writer = historyWriter(eventStore, codec);
    const readStore = await openSqliteReadStore({ path: readPath() });
    const projector = createProjector({ eventStore, readStore, codec, projections: allProjections, batchSize: 10 });
    await writeHistory(writer, users, 12);
    await projector.catchUp();
    await writeHistory(writer, users, 12);
    const head = await projector.catchUp();
    const incremental = await views(readStore);

    const progress: { applied: number; position: string }[] = [];
    const rebuilt = await projector.rebuild({
      onProgress: ({ applied, position }) => progress.push({ applied, position }),
    });
    expect(await views(readStore)).toEqual(incremental);
    expect(progress.at(-1)).toEqual({ applied: rebuilt.events, position: head });
    expect(progress.map((p) => p.applied)).toEqual([...progress.map((p) => p.applied)].sort((a, b) => a - b));
    expect(await projector.current()).toBe(head);
    await readStore.close();
  });

  it('rebuilds read models built before a view was added, so the new view holds the whole history', async () => {
    await writeHistory(historyWriter(eventStore, codec), users, 10);
    const readStore = await openSqliteReadStore({ path: readPath() });
    const older = createProjector({ eventStore, readStore, codec, projections: [categoriesProjection] });
    await older.catchUp();

    const newer = createProjector({ eventStore, readStore, codec, projections: allProjections });
    const head = await newer.catchUp();
    expect(head).toBe(await eventStore.headPosition());
    const fresh = await openSqliteReadStore({ path: join(dir, 'fresh.db') });
    await createProjector({ eventStore, readStore: fresh, codec, projections: allProjections }).rebuild();
    expect(await views(readStore)).toEqual(await views(fresh));
    expect(((await views(readStore)) as Record<string, unknown[]>)['alice/transactions']?.length).toBeGreaterThan(0);

    // The same projections again: nothing to rebuild, the checkpoint stays.
    const again = createProjector({ eventStore, readStore, codec, projections: allProjections });
    expect(await again.current()).toBe(head);
    await Promise.all([readStore.close(), fresh.close()]);
  });
});
