import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestStores } from '@plenty/platform/testing/stores';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { allProjections } from '@plenty/projections/all';
import { transactionsProjection } from '@plenty/projections/transactions.projection';
import { createProjector } from './runtime.js';
import type { ProjectorOptions } from './runtime-api.js';
import { readModelsReadiness } from './runtime-status.js';
import { labelsView, projectionsAt } from '@plenty/projections/testing/labels';
import { historyWriter, writeHistory, type HistoryWriter } from '@plenty/projections/testing/history';
import { documents } from '@plenty/projections/testing/memory-read-store';
import { projectorOver } from './testing/projector.js';

const stores = useTestStores('versions');
let writer: HistoryWriter;
const readPath = () => join(stores.dir, 'read.db');

beforeEach(async () => {
  writer = historyWriter(stores.eventStore, stores.codec);
});

async function addTransactions(count: number, note: string): Promise<void> {
  for (let i = 0; i < count; i += 1) await writer.addTransaction('alice', { note: `${note} ${i}` });
}

const labelsOf = async (store: ReadStore) =>
  ((await documents(store, 'labels', 'alice')) as { label: string }[]).map((d) => d.label).sort();

/** A gate the rebuild waits at before its switch, and a promise that says it got there. */
function gate() {
  let open: () => void = () => undefined;
  let reached: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  return {
    open,
    arrived,
    beforePromote: async () => {
      reached();
      await opened;
    },
  };
}

async function buildAtVersion1(): Promise<void> {
  const readStore = await openSqliteReadStore({ path: readPath() });
  await projectorOver(stores, {
    readStore,
    projections: projectionsAt(1),
  }).catchUp();
  await readStore.close();
}

describe('projection versions', () => {
  it('rebuilds a projection whose version changed without ever serving an empty view, and loses no live event', async () => {
    await addTransactions(30, 'lunch');
    await buildAtVersion1();

    // The query side: its own connection to the read models, as the main thread has.
    const queries = await openSqliteReadStore({ path: readPath() });
    await queries.ensureViews([labelsView, ...transactionsProjection.views]);
    const before = await labelsOf(queries);
    expect(before).toHaveLength(30);
    expect(before[0]).toMatch(/^lunch/);

    const readStore = await openSqliteReadStore({ path: readPath() });
    const held = gate();
    const options: ProjectorOptions = {
      eventStore: stores.eventStore,
      readStore,
      codec: stores.codec,
      projections: projectionsAt(2),
      batchSize: 7,
      pollIntervalMs: 20,
      beforePromote: held.beforePromote,
    };
    const projector = createProjector(options);
    await projector.start();
    await held.arrived;

    // Rebuilt in the shadow, not switched yet: the old labels serve, complete.
    expect(await labelsOf(queries)).toEqual(before);
    const rebuilding = projector.status().find((s) => s.name === 'labels');
    expect(rebuilding).toMatchObject({ state: 'rebuilding', version: 2, views: ['labels'], applied: 30, total: 30 });
    expect(rebuilding?.percent).toBe(100);
    expect(projector.status().find((s) => s.name === 'transactions')?.state).toBe('current');
    expect(readModelsReadiness(projector.status(), projector.quarantinedUsers())).toEqual({
      current: ['transactions', 'tags', 'tag_links'],
      rebuilding: [
        {
          projection: 'labels',
          version: 2,
          views: ['labels'],
          applied: 30,
          total: 30,
          percent: 100,
          position: rebuilding?.position,
        },
      ],
      quarantinedUsers: 0,
    });

    // Live events meanwhile reach the current projections; the rebuilding view stays as it was.
    await addTransactions(5, 'dinner');
    const head = await stores.eventStore.headPosition();
    expect(await projector.waitFor(head, 5000)).toBe(head);
    expect(await documents(queries, 'transactions', 'alice')).toHaveLength(35);
    expect(await labelsOf(queries)).toEqual(before);

    held.open();
    await projector.whenRebuilt();
    const after = await labelsOf(queries);
    expect(after).toHaveLength(35);
    expect(after.every((label) => label === label.toUpperCase() && /^(LUNCH|DINNER)/.test(label))).toBe(true);
    expect(projector.status().every((s) => s.state === 'current')).toBe(true);

    // Live again: the next event reaches the rebuilt view.
    await addTransactions(1, 'breakfast');
    const latest = await stores.eventStore.headPosition();
    expect(await projector.waitFor(latest, 5000)).toBe(latest);
    expect(await labelsOf(queries)).toContain('BREAKFAST 0');
    await projector.stop();

    // Restarted with the same code: nothing to rebuild, no shadow left.
    const again = createProjector({ ...options, beforePromote: async () => expect.fail('nothing to rebuild') });
    await again.catchUp();
    expect(again.status().every((s) => s.state === 'current')).toBe(true);
    expect(await readStore.shadowTags()).toEqual([]);
    await Promise.all([readStore.close(), queries.close()]);
  });

  it('never switches in a rebuild stopped halfway, and finishes it after a restart', async () => {
    await addTransactions(20, 'lunch');
    await buildAtVersion1();
    const readStore = await openSqliteReadStore({ path: readPath() });
    const held = gate();
    const projector = projectorOver(stores, {
      readStore,
      projections: projectionsAt(2),
      beforePromote: held.beforePromote,
    });
    await projector.start();
    await held.arrived;
    await addTransactions(3, 'tea');
    const stopped = projector.stop();
    held.open();
    await stopped;
    expect(await labelsOf(readStore)).toEqual(expect.arrayContaining(['lunch 0']));
    expect(await readStore.shadowTags()).toHaveLength(1);

    const restarted = projectorOver(stores, {
      readStore,
      projections: projectionsAt(2),
    });
    await restarted.catchUp();
    const labelsNow = await labelsOf(readStore);
    expect(labelsNow).toHaveLength(23);
    expect(labelsNow).toContain('TEA 2');
    expect(labelsNow).not.toContain('lunch 0');
    expect(await readStore.shadowTags()).toEqual([]);
    await readStore.close();
  });

  it('treats read models built before projections had version records as stale, and rebuilds them equal to a fresh build', async () => {
    await writeHistory(writer, ['alice', 'bob'], 8);
    const readStore = await openSqliteReadStore({ path: readPath() });
    await projectorOver(stores, {
      readStore,
    }).catchUp();
    await readStore.close();
    // Read models of the older code: a checkpoint, and no version record.
    const raw = new Database(readPath());
    raw.prepare(`DELETE FROM checkpoints WHERE name LIKE 'projection-version:%'`).run();
    raw.close();

    const reopened = await openSqliteReadStore({ path: readPath() });
    const held = gate();
    const projector = projectorOver(stores, {
      readStore: reopened,
      beforePromote: held.beforePromote,
    });
    const done = projector.catchUp();
    await held.arrived;
    expect(projector.status().filter((s) => s.views.length > 0 && s.state !== 'rebuilding')).toEqual([]);
    // The old views still serve meanwhile.
    expect(await documents(reopened, 'transactions', 'alice')).not.toHaveLength(0);
    held.open();
    await done;

    const fresh = await openSqliteReadStore({ path: join(stores.dir, 'fresh.db') });
    await projectorOver(stores, {
      readStore: fresh,
    }).catchUp();
    for (const view of allProjections.flatMap((p) => p.views)) {
      for (const userId of ['alice', 'bob']) {
        expect(await documents(reopened, view.name, userId)).toEqual(await documents(fresh, view.name, userId));
      }
    }
    await Promise.all([reopened.close(), fresh.close()]);
  });
});
