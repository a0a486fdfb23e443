import { randomUUID } from 'node:crypto';
import { afterEach, vi } from 'vitest';
import { openEsdbEventStore } from './esdb.js';
import type { FakeEsdb } from './esdb-fake.js';
import type { EventStore, NewEvent } from './port.js';

/** An event of `type` with `data`, a new id and a new command of user-1 on 1 January 2026. */
export function newEvent(type = 'Happened', data: Record<string, unknown> = { n: 1 }): NewEvent {
  const commandId = randomUUID();
  return {
    id: randomUUID(),
    type,
    data,
    metadata: {
      userId: 'user-1',
      commandId,
      correlationId: commandId,
      occurredAt: '2026-01-01T00:00:00.000Z',
      schemaVersion: 1,
    },
  };
}

/**
 * `open(client)` opens the EventStoreDB event store over a fake client; after each test every
 * store opened is closed and real timers are back.
 */
export function useEsdbOverFake(): (client: FakeEsdb) => Promise<EventStore> {
  const opened: EventStore[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });
  return async (client) => {
    const store = await openEsdbEventStore({ client });
    opened.push(store);
    return store;
  };
}
