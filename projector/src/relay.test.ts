import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventPublisher } from '@plenty/platform/bus/port';
import { START, type EventStore, type Position, type RecordedEvent } from '@plenty/platform/event-store/port';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import { backoffDelay, createRelay, type Relay, type RelayCheckpoint } from './relay.js';

let dir: string;
let eventStore: EventStore;
let relay: Relay | null;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plenty-relay-'));
  eventStore = await openSqliteEventStore({ path: join(dir, 'events.db') });
  relay = null;
});

afterEach(async () => {
  await relay?.stop();
  await eventStore.close();
  rmSync(dir, { recursive: true, force: true });
});

async function append(count: number, userId = 'alice'): Promise<Position> {
  let position = START;
  for (let i = 0; i < count; i += 1) {
    const commandId = randomUUID();
    const result = await eventStore.appendToStream(
      `transaction-${randomUUID()}`,
      [
        {
          id: randomUUID(),
          type: 'TransactionAdded',
          data: { n: i },
          metadata: {
            userId,
            commandId,
            correlationId: commandId,
            occurredAt: new Date().toISOString(),
            schemaVersion: 1,
          },
        },
      ],
      'no_stream',
    );
    position = result.position;
  }
  return position;
}

/** A bus that records what it acknowledged, and fails the next `failures` publishes. */
function fakeBus() {
  const acknowledged: RecordedEvent[] = [];
  let failures = 0;
  const publisher: EventPublisher = {
    async publish(events) {
      if (failures > 0) {
        failures -= 1;
        throw new Error('not enough in-sync replicas');
      }
      acknowledged.push(...events);
    },
    close: async () => undefined,
  };
  return { publisher, acknowledged, failNext: (n: number) => (failures = n) };
}

function memoryCheckpoint(initial: Position | null = null): RelayCheckpoint & { saved: Position[] } {
  const saved: Position[] = initial === null ? [] : [initial];
  return {
    saved,
    load: async () => saved.at(-1) ?? null,
    save: async (position) => {
      saved.push(position);
    },
  };
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 400 && !condition(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(condition()).toBe(true);
};

describe('relay', () => {
  it('publishes every stored event in order, keyed batches of at most the batch size', async () => {
    const head = await append(12);
    const bus = fakeBus();
    const checkpoint = memoryCheckpoint();
    relay = createRelay({ eventStore, publisher: bus.publisher, checkpoint, batchSize: 5, pollIntervalMs: 20 });
    await relay.start();
    await until(() => relay?.position === head);
    expect(bus.acknowledged.map((e) => e.data)).toEqual(Array.from({ length: 12 }, (_, n) => ({ n })));
    expect(checkpoint.saved).toHaveLength(3);
  });

  it('moves its checkpoint only after the bus acknowledged, retrying with back-off', async () => {
    const head = await append(3);
    const bus = fakeBus();
    bus.failNext(2);
    const checkpoint = memoryCheckpoint();
    relay = createRelay({
      eventStore,
      publisher: bus.publisher,
      checkpoint,
      pollIntervalMs: 20,
      backoff: { initialMs: 5, maxMs: 20 },
    });
    await relay.start();
    await until(() => relay?.position === head);
    expect(checkpoint.saved).toEqual([head]);
    expect(bus.acknowledged).toHaveLength(3);
  });

  it('resumes from its stored checkpoint and wakes up on new appends', async () => {
    const first = await append(4);
    const bus = fakeBus();
    relay = createRelay({
      eventStore,
      publisher: bus.publisher,
      checkpoint: memoryCheckpoint(first),
      pollIntervalMs: 60_000,
    });
    await relay.start();
    const head = await append(2, 'bob');
    await until(() => relay?.position === head);
    expect(bus.acknowledged.map((e) => e.metadata.userId)).toEqual(['bob', 'bob']);
  });

  it('after a crash between publishing and checkpointing, publishes the batch again rather than lose it', async () => {
    const head = await append(3);
    const bus = fakeBus();
    let crash = true;
    const checkpoint = memoryCheckpoint();
    relay = createRelay({
      eventStore,
      publisher: bus.publisher,
      checkpoint: {
        load: checkpoint.load,
        save: async (position) => {
          if (crash) throw new Error('checkpoint store down');
          await checkpoint.save(position);
        },
      },
      pollIntervalMs: 20,
      backoff: { initialMs: 5, maxMs: 5 },
    });
    await relay.start();
    await until(() => bus.acknowledged.length === 3);
    await relay.stop();
    crash = false;
    relay = createRelay({ eventStore, publisher: bus.publisher, checkpoint, pollIntervalMs: 20 });
    await relay.start();
    await until(() => relay?.position === head);
    expect(bus.acknowledged).toHaveLength(6);
    expect(new Set(bus.acknowledged.map((e) => e.id)).size).toBe(3);
  });

  it('doubles its back-off up to the cap', () => {
    const backoff = { initialMs: 100, maxMs: 1000 };
    expect([0, 1, 2, 3, 4, 60].map((attempt) => backoffDelay(attempt, backoff))).toEqual([
      100, 200, 400, 800, 1000, 1000,
    ]);
  });
});
