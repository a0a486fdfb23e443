import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { useTestStores } from '@plenty/platform/testing/stores';
import { openEsdbEventStore } from '@plenty/platform/event-store/esdb';
import { FakeEsdb } from '@plenty/platform/event-store/esdb-fake';
import type { EventStore } from '@plenty/platform/event-store/port';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import { openMongoReadStore } from '@plenty/platform/read-store/mongo';
import { FakeMongoClient } from '@plenty/platform/read-store/mongo-fake';
import type { ReadStore, ViewDefinition } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import type { Projection } from '@plenty/projections/projection';
import { accountErasureProjection } from '@plenty/projections/account-erasure.projection';
import { tagsProjection } from '@plenty/projections/tags.projection';
import { transactionsProjection } from '@plenty/projections/transactions.projection';
import { createProjector } from '@plenty/projector/runtime';
import { historyWriter } from '@plenty/projections/testing/history';
import { tallyProjection } from '@plenty/projections/testing/poison';
import { documents } from '@plenty/projections/testing/memory-read-store';
import { compareView, differingFields } from './rebuild-check.js';
import {
  parseRebuildArgs,
  projectionsFor,
  runRebuildCommand,
  UsageError,
  type RebuildArgs,
} from './rebuild-command.js';

const labelsView: ViewDefinition = { name: 'labels', fields: {}, indexes: [] };
const labels: Projection = {
  name: 'labels',
  views: [labelsView],
  handles: ['TransactionAdded'],
  async apply(event, uow) {
    uow.put(
      'labels',
      event.metadata.userId,
      String(event.data.transactionId),
      { label: String(event.data.note) },
      event.position,
    );
  },
};
const projections = [transactionsProjection, tagsProjection, labels, accountErasureProjection];

describe('rebuild command line', () => {
  it('reads --view, --check, --limit and --strict, and refuses anything else', () => {
    expect(parseRebuildArgs([])).toEqual({ check: false, limit: 20, strict: false });
    expect(parseRebuildArgs(['--view', 'transactions'])).toEqual({
      view: 'transactions',
      check: false,
      limit: 20,
      strict: false,
    });
    expect(parseRebuildArgs(['--view=labels', '--check', '--limit', '3', '--strict'])).toEqual({
      view: 'labels',
      check: true,
      limit: 3,
      strict: true,
    });
    expect(() => parseRebuildArgs(['--strict=yes'])).toThrow('unknown argument: --strict=yes');
    expect(() => parseRebuildArgs(['--view'])).toThrow(UsageError);
    expect(() => parseRebuildArgs(['--views', 'x'])).toThrow('unknown argument: --views');
    expect(() => parseRebuildArgs(['--limit', 'lots'])).toThrow(UsageError);
    expect(() => parseRebuildArgs(['--view', 'Robert; DROP'])).toThrow(UsageError);
  });

  it('names the views there are when asked for one that does not exist', () => {
    expect(() => projectionsFor(projections, 'nope')).toThrow(
      'there is no view named nope; the views are: labels, tag_links, tags, transactions',
    );
    expect(projectionsFor(projections, 'labels').map((p) => p.name)).toEqual(['labels']);
    expect(projectionsFor(projections, undefined).map((p) => p.name)).toEqual(['transactions', 'tags', 'labels']);
  });

  it('lists the fields in which two documents differ', () => {
    expect(differingFields({ a: 1, b: { c: [1, 2] } }, { a: 1, b: { c: [1, 3] } })).toEqual(['b.c.1']);
    expect(differingFields({ a: 1 }, { a: 1, extra: true })).toEqual(['extra']);
    expect(differingFields({ a: 1 }, { a: 1 })).toEqual([]);
  });
});

const stores = useTestStores('rebuild');

async function run(
  deployment: 'embedded' | 'distributed',
  eventStore: EventStore,
  readStore: ReadStore,
  args: Partial<RebuildArgs>,
  projected: readonly Projection[] = projections,
): Promise<{ code: number; output: string }> {
  let output = '';
  const code = await runRebuildCommand({
    args: { check: false, limit: 20, strict: false, ...args },
    deployment,
    eventStore,
    readStore,
    codec: stores.codec,
    projections: projected,
    write: (text) => (output += text),
    interactive: false,
    batchSize: 4,
  });
  return { code, output };
}

async function addTransactions(eventStore: EventStore, count: number): Promise<string[]> {
  const writer = historyWriter(eventStore, stores.codec);
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1)
    ids.push((await writer.addTransaction('alice', { note: `lunch ${i}` })).transactionId);
  return ids;
}

describe('rebuild command, embedded', () => {
  it('checks the live views against a fresh replay, rebuilds one group, and leaves no throwaway table', async () => {
    const eventStore = await openSqliteEventStore({ path: join(stores.dir, 'events.db') });
    const readStore = await openSqliteReadStore({ path: join(stores.dir, 'read.db') });
    const ids = await addTransactions(eventStore, 9);
    await createProjector({ eventStore, readStore, codec: stores.codec, projections }).catchUp();

    // A check killed halfway left its throwaway views behind: the next one clears them.
    const killed = readStore.shadow('cdeadbeef0');
    await killed.ensureViews([labelsView]);
    const identical = await run('embedded', eventStore, readStore, { check: true });
    expect(identical.code).toBe(0);
    expect(identical.output).toMatch(/events\/s/);
    // The two views and their quarantine views, empty here.
    expect(identical.output).toContain('Identical: 18 documents in 7 views equal a fresh rebuild of 9 events');
    expect(await readStore.shadowTags()).toEqual([]);

    // Read models gone wrong: one label changed, one transaction lost.
    const raw = new Database(join(stores.dir, 'read.db'));
    raw.prepare(`UPDATE view_labels SET doc = '{"label":"wrong"}' WHERE id = ?`).run(ids[2]);
    raw.prepare(`DELETE FROM view_transactions WHERE id = ?`).run(ids[4]);
    raw.close();
    const differs = await run('embedded', eventStore, readStore, { check: true });
    expect(differs.code).toBe(1);
    expect(differs.output).toContain(`labels user=alice id=${ids[2]} field=label: live "wrong", rebuilt "lunch 2"`);
    expect(differs.output).toContain(`transactions user=alice id=${ids[4]} field=(only in the rebuild)`);
    expect(differs.output).toContain('2 differences in 2 of 7 views');
    expect(await readStore.shadowTags()).toEqual([]);

    // Only the labels' group is rebuilt: the lost transaction stays lost until its own rebuild.
    const rebuilt = await run('embedded', eventStore, readStore, { view: 'labels' });
    expect(rebuilt.code).toBe(0);
    expect(rebuilt.output).toContain('Rebuilding labels from the first event');
    expect(rebuilt.output).toMatch(/Rebuilt 9 events in/);
    expect((await run('embedded', eventStore, readStore, { check: true, view: 'labels' })).code).toBe(0);
    expect((await run('embedded', eventStore, readStore, { check: true })).code).toBe(1);
    expect((await run('embedded', eventStore, readStore, {})).code).toBe(0);
    expect((await run('embedded', eventStore, readStore, { check: true })).code).toBe(0);
    expect(await documents(readStore, 'transactions', 'alice')).toHaveLength(9);
    expect(await readStore.shadowTags()).toEqual([]);
    await Promise.all([readStore.close(), eventStore.close()]);
    // Five runs, each starting the read store's writer thread for its replay.
  }, 60_000);
});

describe('rebuild command over an event a projection cannot apply', () => {
  it('finishes, lists the quarantined user with the event, and exits non-zero only with --strict', async () => {
    const eventStore = await openSqliteEventStore({ path: join(stores.dir, 'events.db') });
    const readStore = await openSqliteReadStore({ path: join(stores.dir, 'read.db') });
    const writer = historyWriter(eventStore, stores.codec);
    await writer.addTransaction('alice');
    const poison = await writer.addTransaction('alice', { note: 'poison' });
    await writer.addTransaction('bob');
    const [event] = await eventStore.readAll({ after: '1', maxCount: 1 });
    const poisoned = [transactionsProjection, tagsProjection, tallyProjection(), accountErasureProjection];

    const rebuilt = await run('embedded', eventStore, readStore, {}, poisoned);
    expect(rebuilt.code).toBe(0);
    expect(rebuilt.output).toMatch(/Rebuilt 3 events in/);
    expect(rebuilt.output).toContain(
      `Quarantined: user=alice projection=tally (tally) event=${event?.id} (TransactionAdded) ` +
        `position=${poison.position}: tally failed: tally cannot count this one`,
    );
    expect(rebuilt.output).toContain('1 user quarantined (1 record)');
    expect(await documents(readStore, 'transactions', 'alice')).toHaveLength(2);
    expect(await documents(readStore, 'tally', 'bob')).toEqual([{ count: 1 }]);

    expect((await run('embedded', eventStore, readStore, { strict: true }, poisoned)).code).toBe(1);
    const checked = await run('embedded', eventStore, readStore, { check: true }, poisoned);
    expect(checked.code).toBe(0);
    expect(checked.output).toContain('Identical');
    expect(checked.output).toContain('Quarantined: user=alice projection=tally');
    expect((await run('embedded', eventStore, readStore, { check: true, strict: true }, poisoned)).code).toBe(1);
    // Code that can apply the event rebuilds the user's views whole, and lists nobody.
    const fixed = [transactionsProjection, tagsProjection, tallyProjection(2), accountErasureProjection];
    const released = await run('embedded', eventStore, readStore, { strict: true }, fixed);
    expect(released.code).toBe(0);
    expect(released.output).not.toContain('Quarantined');
    expect(await documents(readStore, 'tally', 'alice')).toEqual([{ count: 2 }]);
    await Promise.all([readStore.close(), eventStore.close()]);
  });
});

describe('rebuild command, distributed (EventStoreDB into MongoDB)', () => {
  it('replays EventStoreDB into shadow collections, compares them and switches them in', async () => {
    const eventStore = await openEsdbEventStore({ client: new FakeEsdb() });
    const mongo = new FakeMongoClient();
    const readStore = await openMongoReadStore({ client: mongo.asClient(), dbName: 'plenty' });
    const ids = await addTransactions(eventStore, 7);
    // The live views, as the partition projectors leave them once caught up.
    await createProjector({
      eventStore,
      readStore,
      codec: stores.codec,
      projections,
      checkpointName: 'live',
    }).catchUp();
    expect((await run('distributed', eventStore, readStore, { check: true })).code).toBe(0);

    await readStore.applyBatch('tamper', '0', async (uow) =>
      uow.put('labels', 'alice', String(ids[0]), { label: 'wrong' }, '999999/999999'),
    );
    const differs = await run('distributed', eventStore, readStore, { check: true, view: 'labels' });
    expect(differs.code).toBe(1);
    expect(differs.output).toContain(`labels user=alice id=${ids[0]} field=label`);

    const rebuilt = await run('distributed', eventStore, readStore, { view: 'labels' });
    expect(rebuilt.code).toBe(0);
    expect(mongo.log.some((line) => line.startsWith('renameCollection view_labels__'))).toBe(true);
    expect((await run('distributed', eventStore, readStore, { check: true })).code).toBe(0);
    expect(await readStore.shadowTags()).toEqual([]);
    expect(await readStore.getCheckpoint('projection-version:labels')).not.toBeNull();
    await Promise.all([readStore.close(), eventStore.close()]);
  });
});

describe('comparing views', () => {
  it('reports documents missing on either side and differing fields, in key order', async () => {
    const live = await openSqliteReadStore({ path: ':memory:' });
    const rebuilt = await openSqliteReadStore({ path: ':memory:' });
    for (const store of [live, rebuilt]) await store.ensureViews([labelsView]);
    await live.applyBatch('x', '1', async (uow) => {
      uow.put('labels', 'a', '1', { label: 'same' }, '1');
      uow.put('labels', 'a', '2', { label: 'old' }, '1');
      uow.put('labels', 'b', '9', { label: 'gone' }, '1');
    });
    await rebuilt.applyBatch('x', '1', async (uow) => {
      uow.put('labels', 'a', '1', { label: 'same' }, '1');
      uow.put('labels', 'a', '2', { label: 'new' }, '1');
      uow.put('labels', 'a', '3', { label: 'added' }, '1');
    });
    const found: string[] = [];
    const compared = await compareView(live, rebuilt, 'labels', (d) => found.push(`${d.userId}/${d.id} ${d.field}`));
    expect(found).toEqual(['a/2 label', 'a/3 (only in the rebuild)', 'b/9 (only in the live view)']);
    expect(compared).toBe(4);
    await Promise.all([live.close(), rebuilt.close()]);
  });
});
