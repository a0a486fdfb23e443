import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReceivedMessage } from '@plenty/platform/bus/kafka';
import { fromEventMessage, toEventMessage } from '@plenty/platform/bus/event-message';
import type { DeadLetterSink, EventPublisher } from '@plenty/platform/bus/port';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import type { KeyStore } from '@plenty/platform/crypto/port';
import type { EventStore } from '@plenty/platform/event-store/port';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { readUserProgress } from '@plenty/platform/user-progress';
import { createPartitionProjector } from './partition-projector.js';
import { allProjections } from '@plenty/projections/all';
import { createRelay } from './relay.js';
import { createProjector } from './runtime.js';
import { documents } from '@plenty/projections/testing/memory-read-store';
import { historyWriter, writeHistory } from '@plenty/projections/testing/history';

const PARTITIONS = 3;
let dir: string;
let eventStore: EventStore;
let keyStore: KeyStore;
const stores: ReadStore[] = [];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plenty-pipeline-'));
  eventStore = await openSqliteEventStore({ path: join(dir, 'events.db') });
  keyStore = await openSqliteKeyStore({ path: join(dir, 'keys.db'), masterKey: randomBytes(32) });
});

afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
  await eventStore.close();
  await keyStore.close();
  rmSync(dir, { recursive: true, force: true });
});

async function readStore(): Promise<ReadStore> {
  const store = await openSqliteReadStore({ path: ':memory:' });
  stores.push(store);
  return store;
}

/** A topic in memory: messages go to the partition their key hashes to, as Kafka's partitioner does. */
function memoryTopic() {
  const partitions: string[][] = Array.from({ length: PARTITIONS }, () => []);
  const publisher: EventPublisher = {
    async publish(events) {
      for (const event of events) {
        const message = toEventMessage(event);
        const partition = createHash('sha256').update(message.key).digest().readUInt32BE(0) % PARTITIONS;
        partitions[partition]?.push(message.value);
      }
    },
    close: async () => undefined,
  };
  return { partitions, publisher };
}

const noDeadLetters: DeadLetterSink = {
  send: async (letter) => {
    throw new Error(`unexpected dead letter: ${letter.reason}`);
  },
  close: async () => undefined,
};

describe('distributed pipeline (relay, partitioned topic, partition projectors)', () => {
  it('builds the same read models as the embedded projector, even when batches are delivered twice', async () => {
    const users = ['alice', 'bob', 'carol', 'dan', 'erin'];
    const codec = new EventCodec(keyStore);
    const head = await writeHistory(historyWriter(eventStore, codec), users, 300);

    const topic = memoryTopic();
    const checkpoints: string[] = [];
    const relay = createRelay({
      eventStore,
      publisher: topic.publisher,
      checkpoint: { load: async () => null, save: async (p) => void checkpoints.push(p) },
      batchSize: 64,
      pollIntervalMs: 10,
    });
    await relay.start();
    await vi.waitFor(() => expect(relay.position).toBe(head), { timeout: 60_000, interval: 10 });
    await relay.stop();
    expect(relay.position).toBe(head);

    const distributed = await readStore();
    const consumer = createPartitionProjector({
      readStore: distributed,
      codec,
      projections: allProjections,
      deadLetters: noDeadLetters,
    });
    await consumer.prepare();
    for (const [partition, values] of topic.partitions.entries()) {
      const messages: ReceivedMessage[] = values.map((value, offset) => ({
        offset: String(offset),
        event: fromEventMessage(value),
      }));
      for (let start = 0; start < messages.length; start += 25) {
        const batch = { topic: 'plenty.events', partition, messages: messages.slice(start, start + 25) };
        await consumer.handle(batch);
        // A rebalance before the commit: the same batch again, plus an older one.
        if (start % 50 === 0) await consumer.handle(batch);
        if (start >= 25) await consumer.handle({ ...batch, messages: messages.slice(start - 25, start) });
      }
    }

    const embedded = await readStore();
    const projector = createProjector({ eventStore, readStore: embedded, codec, projections: allProjections });
    await projector.catchUp();

    for (const user of users) {
      for (const view of allProjections.flatMap((p) => p.views)) {
        expect(await documents(distributed, view.name, user), `${view.name} of ${user}`).toEqual(
          await documents(embedded, view.name, user),
        );
      }
      const own = (await eventStore.readAll({ maxCount: 100_000 })).filter((e) => e.metadata.userId === user).at(-1);
      expect(await readUserProgress(distributed, user)).toBe(own?.position);
    }
    // 1,500 events through every projection three ways, some batches twice: about 20 s alone,
    // 50 s beside the rest of the suite and three busy loops on two cores; a bound for a hang.
  }, 300_000);
});
