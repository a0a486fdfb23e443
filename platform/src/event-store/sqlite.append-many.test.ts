import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WrongExpectedRevisionError, type NewEvent } from './port.js';
import { openSqliteEventStore } from './sqlite.js';

const event = (id = randomUUID()): NewEvent => ({
  id,
  type: 'Happened',
  data: {},
  metadata: { userId: 'u', commandId: id, correlationId: id, occurredAt: new Date().toISOString(), schemaVersion: 1 },
});

describe('SQLite event store: many appends at once', () => {
  it('writes each append on its own terms in one go: new, retried and refused side by side', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    const taken = event();
    await store.appendToStream('thing-taken', [taken], 'no_stream');
    const retried = event();
    const first = await store.appendToStream('thing-retried', [retried], 'no_stream');
    let notices = 0;
    store.onAppended(() => (notices += 1));
    const fresh = [event(), event()];
    const outcomes = await store.appendMany([
      { streamId: 'thing-new', events: fresh, expectedRevision: 'no_stream' },
      { streamId: 'thing-taken', events: [event()], expectedRevision: 'no_stream' },
      { streamId: 'thing-retried', events: [retried], expectedRevision: 'no_stream' },
      { streamId: 'thing-other', events: [event()], expectedRevision: 'no_stream' },
    ]);
    expect(outcomes.map((outcome) => (outcome.ok ? outcome.appended : outcome.error.name))).toEqual([
      true,
      'WrongExpectedRevisionError',
      false,
      true,
    ]);
    const [added, refused, retry, other] = outcomes;
    expect(added?.ok && added.result.revision).toBe(1);
    expect(refused?.ok === false && refused.error).toBeInstanceOf(WrongExpectedRevisionError);
    expect(retry?.ok && retry.result).toEqual(first);
    expect(other?.ok && Number(other.result.position)).toBe(Number(first.position) + 3);
    expect((await store.readStream('thing-new')).map((e) => e.id)).toEqual(fresh.map((e) => e.id));
    expect((await store.readStream('thing-taken')).map((e) => e.id)).toEqual([taken.id]);
    expect(notices).toBe(1);
    await store.close();
  });

  it.each(['inline', 'thread'] as const)(
    'refuses an append whose data is not JSON on its own, and writes the others queued with it (%s writer)',
    async (writer) => {
      const dir = await mkdtemp(join(tmpdir(), 'plenty-append-json-'));
      const store = await openSqliteEventStore({ path: join(dir, 'events.db'), writer });
      try {
        const kept = event();
        const [bad, good] = await Promise.allSettled([
          store.appendToStream('thing-bad', [{ ...event(), data: { amount: 1n } }], 'no_stream'),
          store.appendToStream('thing-good', [kept], 'no_stream'),
        ]);
        expect(bad?.status === 'rejected' && bad.reason).toBeInstanceOf(TypeError);
        expect(good?.status).toBe('fulfilled');
        expect((await store.readStream('thing-good')).map((e) => [e.id, e.data, e.metadata])).toEqual([
          [kept.id, kept.data, kept.metadata],
        ]);
        expect(await store.readStream('thing-bad')).toEqual([]);
      } finally {
        await store.close();
        await rm(dir, { recursive: true, force: true });
      }
    },
  );

  it('fails as a whole only when the store does', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    await store.close();
    await expect(
      store.appendMany([{ streamId: 'thing-late', events: [event()], expectedRevision: 'no_stream' }]),
    ).rejects.toThrow('closed');
  });
});
