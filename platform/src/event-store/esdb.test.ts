import { randomUUID } from 'node:crypto';
import { ANY, BACKWARDS, END, NO_STREAM, START as ESDB_START, WrongExpectedVersionError } from '@eventstore/db-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DELETED_STREAMS_STREAM,
  STREAM_DELETED_EVENT_TYPE,
  deletedStreamOf,
  formatEsdbPosition,
  fromEsdbCurrentRevision,
  isSystemEvent,
  parseEsdbPosition,
  toEsdbExpectedRevision,
  toRecordedEvent,
  USER_STREAMS_PREFIX,
} from './esdb-mapping.js';
import { openEsdbEventStore } from './esdb.js';
import { START, WrongExpectedRevisionError, comparePositions, type EventStore, type NewEvent } from './port.js';
import { eventStoreContract } from './event-store.contract.js';
import { FakeEsdb, type DuplicateAnswer } from './esdb-fake.js';

function newEvent(type = 'Happened', data: Record<string, unknown> = { n: 1 }): NewEvent {
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

const opened: EventStore[] = [];
async function open(client: FakeEsdb): Promise<EventStore> {
  const store = await openEsdbEventStore({ client });
  opened.push(store);
  return store;
}

afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

describe('EventStoreDB mappings', () => {
  it('formats positions as commit/prepare and reads them back, START as the start of $all', () => {
    expect(formatEsdbPosition({ commit: 1234n, prepare: 1200n })).toBe('1234/1200');
    expect(formatEsdbPosition({ commit: 2n ** 63n, prepare: 5n })).toBe('9223372036854775808/5');
    expect(parseEsdbPosition('1234/1200')).toEqual({ commit: 1234n, prepare: 1200n });
    expect(parseEsdbPosition('77')).toEqual({ commit: 77n, prepare: 0n });
    expect(parseEsdbPosition(START)).toBe(ESDB_START);
    expect(parseEsdbPosition('0/0')).toBe(ESDB_START);
    expect(() => parseEsdbPosition('start')).toThrow(RangeError);
    expect(() => parseEsdbPosition('1/2/3')).toThrow(RangeError);
  });

  it('formats positions that comparePositions orders like EventStoreDB does', () => {
    const positions = [
      { commit: 9n, prepare: 9n },
      { commit: 10n, prepare: 3n },
      { commit: 10n, prepare: 10n },
      { commit: 100n, prepare: 0n },
    ].map(formatEsdbPosition);
    expect([...positions].reverse().sort(comparePositions)).toEqual(positions);
    expect(comparePositions(START, positions[0] ?? '')).toBe(-1);
  });

  it('maps expected revisions to the client and current revisions back', () => {
    expect(toEsdbExpectedRevision('no_stream')).toBe(NO_STREAM);
    expect(toEsdbExpectedRevision('any')).toBe(ANY);
    expect(toEsdbExpectedRevision(0)).toBe(0n);
    expect(toEsdbExpectedRevision(41)).toBe(41n);
    expect(() => toEsdbExpectedRevision(-1)).toThrow(RangeError);
    expect(() => toEsdbExpectedRevision(1.5)).toThrow(RangeError);
    expect(fromEsdbCurrentRevision(NO_STREAM)).toBe('no_stream');
    expect(fromEsdbCurrentRevision(7n)).toBe(7);
  });

  it('recognises system events and deletion markers', () => {
    expect(isSystemEvent({ streamId: 'a-1', type: '$metadata' })).toBe(true);
    expect(isSystemEvent({ streamId: '$$a-1', type: 'Anything' })).toBe(true);
    expect(isSystemEvent({ streamId: 'a-1', type: 'Happened' })).toBe(false);
    const marker = { streamId: DELETED_STREAMS_STREAM, type: STREAM_DELETED_EVENT_TYPE, data: { streamId: 'a-1' } };
    expect(deletedStreamOf(marker)).toBe('a-1');
    expect(deletedStreamOf({ ...marker, data: Buffer.from('{"streamId":"a-2"}') })).toBe('a-2');
    expect(deletedStreamOf({ ...marker, streamId: 'other' })).toBeNull();
    expect(deletedStreamOf({ ...marker, data: { streamId: 3 } })).toBeNull();
  });

  it('maps a recorded event: numbers for revisions, ISO recordedAt, JSON metadata, position', () => {
    const metadata = newEvent().metadata;
    const recorded = toRecordedEvent({
      streamId: 's-1',
      id: 'e-1',
      isJson: true,
      revision: 3n,
      type: 'Happened',
      created: new Date('2026-02-03T04:05:06.789Z'),
      data: { a: 1 },
      metadata: Buffer.from(JSON.stringify(metadata)),
      position: { commit: 500n, prepare: 450n },
    });
    expect(recorded).toEqual({
      id: 'e-1',
      type: 'Happened',
      data: { a: 1 },
      metadata,
      streamId: 's-1',
      revision: 3,
      position: '500/450',
      recordedAt: '2026-02-03T04:05:06.789Z',
    });
  });
});

describe('EventStoreDB event store over a fake client', () => {
  it('appends json events with the given ids and the mapped expected revision', async () => {
    const fake = new FakeEsdb();
    const store = await open(fake);
    const events = [newEvent('A', { text: 'ສະບາຍດີ' }), newEvent('B')];
    const result = await store.appendToStream('s-1', events, 'no_stream');
    const call = fake.appendCalls.at(-1);
    expect(call?.options.expectedRevision).toBe(NO_STREAM);
    expect(call?.events).toEqual(
      events.map((e) => ({
        id: e.id,
        contentType: 'application/json',
        type: e.type,
        data: e.data,
        metadata: e.metadata,
      })),
    );
    const last = fake.log.at(-1);
    expect(result).toEqual({ streamId: 's-1', revision: 1, position: last && formatEsdbPosition(last.position) });
    await store.appendToStream('s-1', [newEvent()], 1);
    expect(fake.appendCalls.at(-1)?.options.expectedRevision).toBe(1n);
    await store.appendToStream('s-1', [newEvent()], 'any');
    expect(fake.appendCalls.at(-1)?.options.expectedRevision).toBe(ANY);
    await expect(store.appendToStream('s-1', [], 'any')).rejects.toBeInstanceOf(RangeError);
  });

  it('turns a wrong expected version into WrongExpectedRevisionError with the actual revision', async () => {
    const fake = new FakeEsdb();
    const store = await open(fake);
    await store.appendToStream('s-1', [newEvent(), newEvent()], 'no_stream');
    const conflict = await store.appendToStream('s-1', [newEvent()], 0).catch((error: unknown) => error);
    expect(conflict).toBeInstanceOf(WrongExpectedRevisionError);
    expect(conflict).toMatchObject({ streamId: 's-1', expected: 0, actual: 1 });
    const missing = await store.appendToStream('s-2', [newEvent()], 4).catch((error: unknown) => error);
    expect(missing).toMatchObject({ streamId: 's-2', expected: 4, actual: 'no_stream' });
    const exists = await store.appendToStream('s-1', [newEvent()], 'no_stream').catch((error: unknown) => error);
    expect(exists).toMatchObject({ expected: 'no_stream', actual: 1 });
  });

  it('maps a conflict answered without throwing (throwOnAppendFailure: false) the same way', async () => {
    const fake = new FakeEsdb();
    const store = await open(fake);
    await store.appendToStream('s-1', [newEvent()], 'no_stream');
    const append = fake.appendToStream.bind(fake);
    fake.appendToStream = async (streamName, events, options) => {
      try {
        return await append(streamName, events, options);
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        const current = error.actualVersion === NO_STREAM ? -1n : error.actualVersion;
        return { success: false, nextExpectedRevision: current, position: undefined };
      }
    };
    await expect(store.appendToStream('s-1', [newEvent()], 'no_stream')).rejects.toMatchObject({ actual: 0 });
    await expect(store.appendToStream('s-2', [newEvent()], 3)).rejects.toMatchObject({ actual: 'no_stream' });
  });

  it('lets other client errors through unchanged', async () => {
    const fake = new FakeEsdb();
    const store = await open(fake);
    const failure = new Error('unavailable');
    fake.appendToStream = () => Promise.reject(failure);
    await expect(store.appendToStream('s-1', [newEvent()], 'any')).rejects.toBe(failure);
  });

  it('finds the streams a user opened through their index stream, which reads of all never show', async () => {
    const fake = new FakeEsdb();
    const store = await open(fake);
    await store.appendToStream('profile-u', [newEvent()], 'no_stream');
    await store.appendToStream('profile-u', [newEvent()], 0);
    await store.appendToStream('transaction-1', [newEvent()], 'no_stream');
    await store.appendToStream('transaction-2', [newEvent()], 'no_stream');
    await store.deleteStream('transaction-2');
    const listed = await store.streamIdsOfUser('user-1');
    expect(listed).toEqual(['profile-u', 'transaction-1', `${USER_STREAMS_PREFIX}user-1`]);
    const all = await store.readAll({ maxCount: 100 });
    expect(all.map((e) => e.streamId)).toEqual(['profile-u', 'profile-u', 'transaction-1']);
    for (const id of listed) await store.deleteStream(id);
    expect(await store.streamIdsOfUser('user-1')).toEqual([]);
  });

  it.each<DuplicateAnswer>(['original-position', 'no-position', 'wrong-expected-version'])(
    'answers a retried append with the original result and stores nothing (server answers %s)',
    async (answer) => {
      const fake = new FakeEsdb();
      fake.duplicateAnswer = answer;
      const store = await open(fake);
      const events = [newEvent(), newEvent()];
      const first = await store.appendToStream('s-1', events, 'no_stream');
      await store.appendToStream('s-1', [newEvent()], 1);
      const stored = () => fake.log.filter((e) => !e.streamId.startsWith(USER_STREAMS_PREFIX)).length;
      const size = stored();
      expect(await store.appendToStream('s-1', events, 'no_stream')).toEqual(first);
      const third = [newEvent()];
      const next = await store.appendToStream('s-1', third, 2);
      expect(await store.appendToStream('s-1', third, 2)).toEqual(next);
      expect(stored()).toBe(size + 1);
    },
  );

  it('refuses a retry whose ids do not match what is stored at the expected place', async () => {
    const fake = new FakeEsdb();
    fake.duplicateAnswer = 'wrong-expected-version';
    const store = await open(fake);
    const [a, b] = [newEvent(), newEvent()];
    await store.appendToStream('s-1', [a, b], 'no_stream');
    await expect(store.appendToStream('s-1', [b, a], 'no_stream')).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(store.appendToStream('s-1', [a, newEvent()], 'no_stream')).rejects.toMatchObject({ actual: 1 });
    // A retry of a prefix of the original append is answered where that prefix ends.
    const prefix = await store.appendToStream('s-1', [a], 'no_stream');
    expect(prefix.revision).toBe(0);
  });

  it('reads a stream with revisions as numbers, from a revision, at most maxCount', async () => {
    const fake = new FakeEsdb();
    const store = await open(fake);
    const events = [newEvent(), newEvent(), newEvent(), newEvent()];
    await store.appendToStream('s-1', events, 'no_stream');
    const part = await store.readStream('s-1', { fromRevision: 1, maxCount: 2 });
    expect(fake.readStreamCalls.at(-1)?.options).toMatchObject({ fromRevision: 1n, maxCount: 2 });
    expect(part.map((e) => [e.id, e.revision])).toEqual([
      [events[1]?.id, 1],
      [events[2]?.id, 2],
    ]);
    expect(part[0]?.recordedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(part[0]?.metadata).toEqual(events[1]?.metadata);
  });

  it('reads [] for a stream that does not exist or was deleted', async () => {
    const fake = new FakeEsdb();
    const store = await open(fake);
    expect(await store.readStream('nothing-here')).toEqual([]);
    fake.external('gone-1', 'Happened', { n: 1 });
    await fake.tombstoneStream('gone-1', {});
    expect(await store.readStream('gone-1')).toEqual([]);
  });

  it('reads all strictly after a position, skipping system events, each event once', async () => {
    const fake = new FakeEsdb();
    const store = await open(fake);
    const appended: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const events = [newEvent(), newEvent()];
      await store.appendToStream(`s-${i}`, events, 'no_stream');
      appended.push(...events.map((e) => e.id));
      fake.external(`$stats-${i}`, '$statsCollected', {});
    }
    const everything = await store.readAll({ maxCount: 100 });
    expect(everything.map((e) => e.id)).toEqual(appended);
    expect(fake.readAllCalls[0]?.fromPosition).toBe(ESDB_START);

    const seen: string[] = [];
    let after = START;
    for (;;) {
      const batch = await store.readAll({ after, maxCount: 3 });
      if (batch.length === 0) break;
      expect(batch.length).toBeLessThanOrEqual(3);
      seen.push(...batch.map((e) => e.id));
      after = batch.at(-1)?.position ?? after;
    }
    expect(seen).toEqual(appended);

    const third = everything[2];
    if (third === undefined) throw new Error('missing event');
    const calls = fake.readAllCalls.length;
    const afterThird = await store.readAll({ after: third.position, maxCount: 2 });
    expect(fake.readAllCalls[calls]?.fromPosition).toEqual(parseEsdbPosition(third.position));
    expect(afterThird.map((e) => e.id)).toEqual(appended.slice(3, 5));
    expect(afterThird.map((e) => e.streamId)).toEqual(['s-1', 's-2']);
    expect(afterThird.map((e) => e.revision)).toEqual([1, 0]);
  });

  it('reads past pages that the filters empty instead of answering [] early', async () => {
    const fake = new FakeEsdb();
    const store = await open(fake);
    const start = await store.headPosition();
    for (let i = 0; i < 20; i += 1) fake.external(`$noise-${i}`, '$noise', {});
    const event = newEvent();
    await store.appendToStream('s-1', [event], 'no_stream');
    expect((await store.readAll({ after: start, maxCount: 2 })).map((e) => e.id)).toEqual([event.id]);
  });

  it('forgets deleted streams and deletion markers in reads of all', async () => {
    const fake = new FakeEsdb();
    const store = await open(fake);
    const start = await store.headPosition();
    await store.appendToStream('doomed-1', [newEvent(), newEvent()], 'no_stream');
    const kept = await store.appendToStream('kept-1', [newEvent()], 'no_stream');
    await store.deleteStream('doomed-1');
    expect(fake.tombstoned.has('doomed-1')).toBe(true);
    expect(fake.log.filter((e) => e.streamId === 'doomed-1' && !e.type.startsWith('$'))).toHaveLength(2);
    expect(await store.readStream('doomed-1')).toEqual([]);
    expect((await store.readAll({ after: start, maxCount: 100 })).map((e) => e.position)).toEqual([kept.position]);
    expect(await store.headPosition()).toBe(kept.position);
  });

  it('learns of deletions made by other processes, from the bookkeeping stream', async () => {
    const fake = new FakeEsdb();
    const reader = await open(fake);
    const writer = await open(fake);
    await writer.appendToStream('doomed-2', [newEvent()], 'no_stream');
    const kept = await writer.appendToStream('kept-2', [newEvent()], 'no_stream');
    await writer.deleteStream('doomed-2');
    expect((await reader.readAll({ maxCount: 100 })).map((e) => e.position)).toEqual([kept.position]);
    const late = await open(fake);
    expect((await late.readAll({ maxCount: 100 })).map((e) => e.position)).toEqual([kept.position]);
    expect(await late.readStream('doomed-2')).toEqual([]);
  });

  it('records a deletion once per stream and deletes an already deleted stream without error', async () => {
    const fake = new FakeEsdb();
    const store = await open(fake);
    await store.appendToStream('doomed-3', [newEvent()], 'no_stream');
    await store.deleteStream('doomed-3');
    await store.deleteStream('doomed-3');
    const markers = fake.appendCalls.filter((c) => c.streamName === DELETED_STREAMS_STREAM);
    expect(markers).toHaveLength(2);
    expect(markers[0]?.events[0]?.id).toBe(markers[1]?.events[0]?.id);
    expect(markers[0]?.events[0]).toMatchObject({ type: STREAM_DELETED_EVENT_TYPE, data: { streamId: 'doomed-3' } });
    await expect(store.deleteStream(DELETED_STREAMS_STREAM)).rejects.toBeInstanceOf(RangeError);
  });

  it('answers START as head when only system events are stored, else the last visible event', async () => {
    const fake = new FakeEsdb();
    const store = await open(fake);
    expect(await store.headPosition()).toBe(START);
    const result = await store.appendToStream('s-1', [newEvent()], 'no_stream');
    for (let i = 0; i < 70; i += 1) fake.external(`$noise-${i}`, '$noise', {});
    expect(await store.headPosition()).toBe(result.position);
    expect(fake.readAllCalls.at(-1)?.direction).toBe(BACKWARDS);
  });

  it('subscribes lazily, wakes listeners on local and remote appends, and stops with the last listener', async () => {
    const fake = new FakeEsdb();
    const store = await open(fake);
    expect(fake.subscriptions).toHaveLength(0);
    const woken = vi.fn();
    const unsubscribe = store.onAppended(woken);
    const other = store.onAppended(() => undefined);
    expect(fake.subscriptions).toHaveLength(1);
    const subscription = fake.subscriptions[0];
    expect(subscription?.options.fromPosition).toBe(END);
    expect(subscription?.options.filter).toMatchObject({ filterOn: 'eventType', regex: '^[^$].*' });

    await store.appendToStream('s-1', [newEvent()], 'no_stream');
    const afterLocal = woken.mock.calls.length;
    expect(afterLocal).toBeGreaterThanOrEqual(1);
    fake.external('s-2', 'Happened', {});
    expect(woken.mock.calls.length).toBe(afterLocal + 1);
    fake.external('$stats-1', '$statsCollected', {});
    expect(woken.mock.calls.length).toBe(afterLocal + 1);

    unsubscribe();
    expect(subscription?.unsubscribed).toBe(false);
    other();
    expect(subscription?.unsubscribed).toBe(true);
    store.onAppended(() => undefined);
    expect(fake.subscriptions).toHaveLength(2);
  });

  it('opens the subscription again after it drops while listeners remain', async () => {
    vi.useFakeTimers();
    const fake = new FakeEsdb();
    const store = await open(fake);
    store.onAppended(() => undefined);
    fake.subscriptions[0]?.emit('error', new Error('connection lost'));
    fake.subscriptions[0]?.emit('close');
    expect(fake.subscriptions).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fake.subscriptions).toHaveLength(2);
  });

  it('on close, unsubscribes and leaves a client it did not create open', async () => {
    const fake = new FakeEsdb();
    const store = await openEsdbEventStore({ client: fake });
    store.onAppended(() => undefined);
    await store.close();
    expect(fake.subscriptions[0]?.unsubscribed).toBe(true);
    expect(fake.disposed).toBe(false);
    await expect(store.readAll({ maxCount: 1 })).rejects.toThrow('closed');
    await store.close();
  });
});

// The behaviour every adapter promises, over the fake server (EventStoreDB deduplicates event
// ids within a stream only).
eventStoreContract('EventStoreDB over a fake client', () => open(new FakeEsdb()), { globallyUniqueEventIds: false });
