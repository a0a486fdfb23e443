import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PartitionBatch } from '@plenty/platform/bus/kafka';
import type { DeadLetterSink } from '@plenty/platform/bus/port';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import type { KeyStore } from '@plenty/platform/crypto/port';
import { openEsdbEventStore } from '@plenty/platform/event-store/esdb';
import { FakeEsdb } from '@plenty/platform/event-store/esdb-fake';
import type { EventStore, RecordedEvent } from '@plenty/platform/event-store/port';
import { openMongoReadStore } from '@plenty/platform/read-store/mongo';
import { FakeMongoClient } from '@plenty/platform/read-store/mongo-fake';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { createPartitionProjector } from './partition-projector.js';
import { accountErasureProjection } from '@plenty/projections/account-erasure.projection';
import { tagsProjection } from '@plenty/projections/tags.projection';
import { transactionsProjection } from '@plenty/projections/transactions.projection';
import { QUARANTINE_ID, quarantineViewName } from '@plenty/projections/quarantine';
import { projectionsAt } from '@plenty/projections/testing/labels';
import { historyWriter } from '@plenty/projections/testing/history';
import { documents } from '@plenty/projections/testing/memory-read-store';
import { TALLY_ECHO_VIEW, TALLY_VIEW, tallyEchoProjection, tallyProjection } from '@plenty/projections/testing/poison';

const sink: DeadLetterSink = { send: async () => undefined, close: async () => undefined };
let keyStore: KeyStore;
let codec: EventCodec;
let eventStore: EventStore;
let readStore: ReadStore;

beforeEach(async () => {
  keyStore = await openSqliteKeyStore({ path: ':memory:', masterKey: randomBytes(32) });
  codec = new EventCodec(keyStore);
  eventStore = await openEsdbEventStore({ client: new FakeEsdb() });
  readStore = await openMongoReadStore({ client: new FakeMongoClient().asClient(), dbName: 'plenty' });
});

afterEach(async () => {
  await Promise.all([readStore.close(), eventStore.close(), keyStore.close()]);
});

const instance = (version: 1 | 2) =>
  createPartitionProjector({
    readStore,
    codec,
    projections: projectionsAt(version),
    deadLetters: sink,
    rebuildSource: eventStore,
    rebuildBatchSize: 3,
  });

/** The events as the relay publishes them: stored (encrypted), in order. */
async function published(after: number): Promise<RecordedEvent[]> {
  return (await eventStore.readAll({ maxCount: 1000 })).slice(after);
}
const batch = (events: readonly RecordedEvent[]): PartitionBatch => ({
  topic: 'plenty.events',
  partition: 0,
  messages: events.map((event, i) => ({ offset: String(i), event })),
});

async function add(count: number, note: string): Promise<void> {
  const writer = historyWriter(eventStore, codec);
  for (let i = 0; i < count; i += 1) await writer.addTransaction('alice', { note: `${note} ${i}` });
}
const labelsNow = async () =>
  ((await documents(readStore, 'labels', 'alice')) as { label: string }[]).map((d) => d.label).sort();

describe('partition projector with projection versions', () => {
  it('leaves a stale projection out of partition batches, rebuilds it from EventStoreDB and rejoins every instance', async () => {
    await add(6, 'lunch');
    const first = instance(1);
    await first.prepare();
    // A new deployment: nothing recorded, so everything is rebuilt from the event store once.
    expect(first.stale()).toEqual(['transactions', 'tags', 'labels']);
    await first.handle(batch((await published(0)).slice(0, 3)));
    expect(await documents(readStore, 'transactions', 'alice')).toEqual([]);
    await first.rebuildStale();
    expect(first.stale()).toEqual([]);
    await first.handle(batch((await published(3)).slice(0, 3)));
    expect(await labelsNow()).toHaveLength(6);

    // New code raises the labels' version; two instances start with it.
    const promoter = instance(2);
    const other = instance(2);
    await promoter.prepare();
    await other.prepare();
    expect(promoter.stale()).toEqual(['labels']);
    expect(other.status().find((s) => s.name === 'labels')?.state).toBe('rebuilding');
    await add(3, 'dinner');
    const dinner = await published(6);
    await other.handle(batch(dinner.slice(0, 2)));
    // The current projection moves on; the stale one keeps its old documents, all of them.
    expect(await documents(readStore, 'transactions', 'alice')).toHaveLength(8);
    expect(await labelsNow()).toEqual(['lunch 0', 'lunch 1', 'lunch 2', 'lunch 3', 'lunch 4', 'lunch 5']);

    await promoter.rebuildStale();
    expect(promoter.stale()).toEqual([]);
    const rebuilt = await labelsNow();
    expect(rebuilt).toHaveLength(9);
    expect(rebuilt).toContain('DINNER 2');

    // The other instance sees the switch at its next batch, replays what it left out and rejoins.
    await add(1, 'tea');
    await other.handle(batch([...dinner.slice(2), ...(await published(9))]));
    expect(other.stale()).toEqual([]);
    expect(await documents(readStore, 'transactions', 'alice')).toHaveLength(10);
    const all = await labelsNow();
    expect(all).toHaveLength(10);
    expect(all.every((label) => label === label.toUpperCase())).toBe(true);
    expect(await readStore.shadowTags()).toEqual([]);
  });

  it('releases a quarantined user when a new version of the projection applies her event', async () => {
    const tallyAt = (version: 1 | 2) =>
      createPartitionProjector({
        readStore,
        codec,
        projections: [
          transactionsProjection,
          tagsProjection,
          tallyProjection(version),
          tallyEchoProjection,
          accountErasureProjection,
        ],
        deadLetters: sink,
        rebuildSource: eventStore,
        rebuildBatchSize: 3,
      });
    const writer = historyWriter(eventStore, codec);
    const first = tallyAt(1);
    await first.prepare();
    await first.rebuildStale();
    await writer.addTransaction('alice');
    await writer.addTransaction('alice', { note: 'poison' });
    await writer.addTransaction('alice');
    await writer.addTransaction('bob');
    await first.handle(batch(await published(0)));
    expect(first.quarantinedUsers()).toBe(1);
    const count = async (view: string, userId: string) =>
      (await readStore.get<{ count: number }>(view, userId, 'count'))?.doc.count ?? null;
    expect(await count(TALLY_VIEW, 'alice')).toBe(1);

    const fixed = tallyAt(2);
    const other = tallyAt(2);
    await fixed.prepare();
    await other.prepare();
    expect(fixed.stale()).toEqual(['tally', 'tally-echo']);
    // Until the switch the old views serve, and the user stays quarantined in them.
    expect(fixed.quarantinedUsers()).toBe(1);
    await fixed.rebuildStale();
    expect(fixed.quarantinedUsers()).toBe(0);
    expect(await readStore.get(quarantineViewName('tally'), 'alice', QUARANTINE_ID)).toBeNull();
    expect(await count(TALLY_VIEW, 'alice')).toBe(3);
    expect(await count(TALLY_ECHO_VIEW, 'alice')).toBe(3);
    expect(await count(TALLY_VIEW, 'bob')).toBe(1);
    // Another instance sees the switch at its next batch, reads who is quarantined now, and counts her on.
    expect(other.quarantinedUsers()).toBe(1);
    await writer.addTransaction('alice');
    await other.handle(batch(await published(4)));
    expect(other.quarantinedUsers()).toBe(0);
    expect(await count(TALLY_VIEW, 'alice')).toBe(4);
  });
});
