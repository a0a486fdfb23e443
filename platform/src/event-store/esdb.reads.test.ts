import { BACKWARDS, END, START as ESDB_START } from '@eventstore/db-client';
import { describe, expect, it, vi } from 'vitest';
import { DELETED_STREAMS_STREAM, STREAM_DELETED_EVENT_TYPE, parseEsdbPosition } from './esdb-mapping.js';
import { openEsdbEventStore } from './esdb.js';
import { FakeEsdb } from './esdb-fake.js';
import { newEvent, useEsdbOverFake } from './esdb.fixture.js';
import { START } from './port.js';

const open = useEsdbOverFake();

describe('EventStoreDB event store over a fake client: reads, deletions and subscriptions', () => {
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

  it('reads many streams with one read of each, in the order asked, [] for a missing or deleted one', async () => {
    const fake = new FakeEsdb();
    const store = await open(fake);
    const first = [newEvent(), newEvent()];
    const second = [newEvent()];
    await store.appendToStream('s-1', first, 'no_stream');
    await store.appendToStream('s-2', second, 'no_stream');
    fake.external('gone-1', 'Happened', { n: 1 });
    await fake.tombstoneStream('gone-1', {});
    const reads = fake.readStreamCalls.length;
    const read = await store.readStreams?.(['s-2', 'nothing-here', 'gone-1', 's-1']);
    expect(read?.map((events) => events.map((e) => e.id))).toEqual([
      second.map((e) => e.id),
      [],
      [],
      first.map((e) => e.id),
    ]);
    expect(fake.readStreamCalls.length - reads).toBeLessThanOrEqual(4);
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
