import { ANY, NO_STREAM, START as ESDB_START, WrongExpectedVersionError } from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
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
import { FakeEsdb, type DuplicateAnswer } from './esdb-fake.js';
import { newEvent, useEsdbOverFake } from './esdb.fixture.js';
import { eventStoreContract } from './event-store.contract.js';
import { START, WrongExpectedRevisionError, comparePositions } from './port.js';

const open = useEsdbOverFake();

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
});

eventStoreContract('EventStoreDB over a fake client', () => open(new FakeEsdb()), { globallyUniqueEventIds: false });
