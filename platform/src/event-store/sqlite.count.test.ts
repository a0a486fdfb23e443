import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSqliteEventStore } from './sqlite.js';

describe('SQLite event store counts', () => {
  it('counts the events readAll gives between two positions, for progress bars', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    const positions: string[] = [];
    const streams: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const id = randomUUID();
      streams.push(`thing-${id}`);
      const result = await store.appendToStream(
        `thing-${id}`,
        [
          {
            id,
            type: 'Happened',
            data: { i },
            metadata: {
              userId: 'u',
              commandId: id,
              correlationId: id,
              occurredAt: new Date().toISOString(),
              schemaVersion: 1,
            },
          },
        ],
        'no_stream',
      );
      positions.push(result.position);
    }
    expect(await store.countEvents()).toBe(5);
    expect(await store.countEvents({ after: positions[1] })).toBe(3);
    expect(await store.countEvents({ after: positions[0], until: positions[3] })).toBe(3);
    expect(await store.countEvents({ until: positions[0] })).toBe(1);
    // An erased stream's events are gone from readAll, and from the count.
    await store.deleteStream(streams[2] ?? '');
    expect(await store.countEvents()).toBe(4);
    await store.close();
  });
});
