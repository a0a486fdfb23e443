import { randomUUID } from 'node:crypto';
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

  it('fails as a whole only when the store does', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    await store.close();
    await expect(
      store.appendMany([{ streamId: 'thing-late', events: [event()], expectedRevision: 'no_stream' }]),
    ).rejects.toThrow('closed');
  });
});
