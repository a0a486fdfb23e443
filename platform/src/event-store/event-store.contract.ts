import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newEvent } from '../testing/new-event.js';
import {
  comparePositions,
  readStreamsOf,
  readStreamsWithoutDataOf,
  START,
  WrongExpectedRevisionError,
  type EventStore,
  type NewEvent,
} from './port.js';

const stream = () => `test-${randomUUID()}`;

export interface EventStoreContractOptions {
  /**
   * Whether the store refuses an event id that is already stored in another stream. Stores that
   * deduplicate by event id only within a stream (EventStoreDB) pass false. Default true.
   */
  readonly globallyUniqueEventIds?: boolean;
}

/**
 * The behaviour every event store adapter promises. Positions are opaque: they are only
 * compared with comparePositions.
 */
export function eventStoreContract(
  name: string,
  open: () => Promise<EventStore>,
  options: EventStoreContractOptions = {},
): void {
  const globallyUniqueEventIds = options.globallyUniqueEventIds ?? true;
  describe(`event store contract: ${name}`, () => {
    let store: EventStore;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('numbers a stream from revision 0 and round-trips data and metadata exactly', async () => {
      const id = stream();
      const events = [newEvent('A', { text: 'ສະບາຍດີ', amount: 2 ** 51, nested: { list: [1, null] } }), newEvent('B')];
      const result = await store.appendToStream(id, events, 'no_stream');
      expect(result.revision).toBe(1);
      const read = await store.readStream(id);
      expect(read.map((e) => e.revision)).toEqual([0, 1]);
      expect(read.map(({ id: eventId, type, data, metadata }) => ({ id: eventId, type, data, metadata }))).toEqual(
        events,
      );
      expect(read.every((e) => e.streamId === id && typeof e.recordedAt === 'string')).toBe(true);
      expect(read[1]?.position).toBe(result.position);
    });

    it('gives increasing global positions across streams', async () => {
      const first = await store.appendToStream(stream(), [newEvent()], 'no_stream');
      const second = await store.appendToStream(stream(), [newEvent(), newEvent()], 'no_stream');
      expect(comparePositions(first.position, second.position)).toBe(-1);
      expect(comparePositions(START, first.position)).toBe(-1);
      expect(await store.headPosition()).toBe(second.position);
    });

    it('refuses no_stream on an existing stream and a stale exact revision, appending nothing', async () => {
      const id = stream();
      await store.appendToStream(id, [newEvent(), newEvent()], 'no_stream');
      await expect(store.appendToStream(id, [newEvent()], 'no_stream')).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      await expect(store.appendToStream(id, [newEvent()], 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(store.appendToStream(stream(), [newEvent()], 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(id)).toHaveLength(2);
      const next = await store.appendToStream(id, [newEvent()], 1);
      expect(next.revision).toBe(2);
    });

    it("appends whatever the stream's revision with 'any'", async () => {
      const id = stream();
      await store.appendToStream(id, [newEvent()], 'any');
      const result = await store.appendToStream(id, [newEvent()], 'any');
      expect(result.revision).toBe(1);
    });

    it('answers a retried append of the same events with the original result and stores nothing new', async () => {
      const id = stream();
      const events = [newEvent(), newEvent()];
      const first = await store.appendToStream(id, events, 'no_stream');
      const retry = await store.appendToStream(id, events, 'no_stream');
      expect(retry).toEqual(first);
      expect(await store.readStream(id)).toHaveLength(2);
      expect(await store.headPosition()).toBe(first.position);
    });

    it('answers a retried append of one event that opened its stream with the original result, and stores nothing new', async () => {
      const id = stream();
      const event = newEvent();
      const first = await store.appendToStream(id, [event], 'no_stream');
      const [retry, again] = await Promise.all([
        store.appendToStream(id, [event], 'no_stream'),
        store.appendToStream(id, [event], 'no_stream'),
      ]);
      expect(retry).toEqual(first);
      expect(again).toEqual(first);
      expect((await store.readStream(id)).map((e) => e.id)).toEqual([event.id]);
      expect(await store.headPosition()).toBe(first.position);
    });

    it.skipIf(!globallyUniqueEventIds)('refuses an event id that is already stored in another stream', async () => {
      const event = newEvent();
      await store.appendToStream(stream(), [event], 'no_stream');
      const other = stream();
      await expect(store.appendToStream(other, [event], 'no_stream')).rejects.toBeInstanceOf(Error);
      expect(await store.readStream(other)).toEqual([]);
    });

    it('lets exactly one of two concurrent appends with the same expected revision win', async () => {
      const id = stream();
      await store.appendToStream(id, [newEvent()], 'no_stream');
      const outcomes = await Promise.allSettled([
        store.appendToStream(id, [newEvent('Left')], 0),
        store.appendToStream(id, [newEvent('Right')], 0),
      ]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const rejected = outcomes.find((o) => o.status === 'rejected');
      expect(rejected?.status === 'rejected' && rejected.reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(id)).toHaveLength(2);
    });

    it('keeps many concurrent appends to different streams all acknowledged and stored', async () => {
      const ids = Array.from({ length: 200 }, stream);
      const results = await Promise.all(ids.map((id) => store.appendToStream(id, [newEvent()], 'no_stream')));
      expect(new Set(results.map((r) => r.position)).size).toBe(200);
      for (const id of ids.slice(0, 20)) expect(await store.readStream(id)).toHaveLength(1);
    });

    it('reads a stream from a revision with a maximum count, and [] when it does not exist', async () => {
      const id = stream();
      await store.appendToStream(id, [newEvent(), newEvent(), newEvent(), newEvent()], 'no_stream');
      const part = await store.readStream(id, { fromRevision: 1, maxCount: 2 });
      expect(part.map((e) => e.revision)).toEqual([1, 2]);
      expect(await store.readStream(stream())).toEqual([]);
    });

    it('reads many streams at once as it reads each one, in the order asked, [] for a missing or deleted one', async () => {
      const [first, second, deleted, missing] = [stream(), stream(), stream(), stream()];
      // Interleaved appends: each stream's events are still given in revision order.
      await store.appendToStream(second, [newEvent('S0')], 'no_stream');
      await store.appendToStream(first, [newEvent('F0'), newEvent('F1')], 'no_stream');
      await store.appendToStream(second, [newEvent('S1')], 0);
      await store.appendToStream(deleted, [newEvent()], 'no_stream');
      await store.deleteStream(deleted);
      const ids = [first, missing, second, deleted, first];
      const read = await readStreamsOf(store, ids);
      const one = await Promise.all(ids.map((id) => store.readStream(id)));
      expect(read).toEqual(one);
      expect(read.map((events) => events.map((event) => event.type))).toEqual([
        ['F0', 'F1'],
        [],
        ['S0', 'S1'],
        [],
        ['F0', 'F1'],
      ]);
      expect(await readStreamsOf(store, [])).toEqual([]);
    });

    it('reads many streams without their data as readStreams reads them, the data left out', async () => {
      const [first, second, deleted, missing] = [stream(), stream(), stream(), stream()];
      await store.appendToStream(second, [newEvent('S0', { note: 'sealed' }, 'user-b')], 'no_stream');
      await store.appendToStream(first, [newEvent('F0', { n: 1 }), newEvent('F1', { n: 2 }, 'user-b')], 'no_stream');
      await store.appendToStream(second, [newEvent('S1')], 0);
      await store.appendToStream(deleted, [newEvent()], 'no_stream');
      await store.deleteStream(deleted);
      const ids = [first, missing, second, deleted, first];
      const whole = await readStreamsOf(store, ids);
      const expected = whole.map((events) => events.map(({ data: _data, ...rest }) => rest));
      const read = await readStreamsWithoutDataOf(store, ids);
      expect(read).toEqual(expected);
      expect(read.map((events) => events.map((event) => [event.type, event.metadata.userId]))).toEqual([
        [
          ['F0', 'user-1'],
          ['F1', 'user-b'],
        ],
        [],
        [
          ['S0', 'user-b'],
          ['S1', 'user-1'],
        ],
        [],
        [
          ['F0', 'user-1'],
          ['F1', 'user-b'],
        ],
      ]);
      expect(read.flat().some((event) => 'data' in event)).toBe(false);
      expect(await readStreamsWithoutDataOf(store, [])).toEqual([]);
      // A store without it: its streams read whole, the data dropped.
      const plain = { readStream: store.readStream.bind(store) };
      expect(await readStreamsWithoutDataOf(plain, ids)).toEqual(expected);
    });

    it('reads all events after a position in batches, each exactly once and in order', async () => {
      const start = await store.headPosition();
      const appended: string[] = [];
      for (let i = 0; i < 7; i += 1) {
        const events = [newEvent(), newEvent()];
        await store.appendToStream(stream(), events, 'no_stream');
        appended.push(...events.map((e) => e.id));
      }
      const seen: string[] = [];
      let after = start;
      for (;;) {
        const batch = await store.readAll({ after, maxCount: 3 });
        if (batch.length === 0) break;
        expect(batch.length).toBeLessThanOrEqual(3);
        seen.push(...batch.map((e) => e.id));
        const last = batch.at(-1);
        if (last === undefined) break;
        after = last.position;
      }
      expect(seen).toEqual(appended);
    });

    it('wakes a tailing reader after an append', async () => {
      const woken = new Promise<void>((resolve) => {
        const unsubscribe = store.onAppended(() => {
          unsubscribe();
          resolve();
        });
      });
      await store.appendToStream(stream(), [newEvent()], 'no_stream');
      await expect(woken).resolves.toBeUndefined();
    });

    it('forgets a deleted stream in stream reads and in reads of all', async () => {
      const id = stream();
      const start = await store.headPosition();
      await store.appendToStream(id, [newEvent(), newEvent()], 'no_stream');
      const kept = await store.appendToStream(stream(), [newEvent()], 'no_stream');
      await store.deleteStream(id);
      expect(await store.readStream(id)).toEqual([]);
      const all = await store.readAll({ after: start, maxCount: 100 });
      expect(all.map((e) => e.position)).toEqual([kept.position]);
    });

    it("reads a user's events across streams in position order, never another user's or a deleted stream's", async () => {
      const reader = `reader-${randomUUID()}`;
      const other = `other-${randomUUID()}`;
      const at = (iso: string, event: NewEvent): NewEvent => ({
        ...event,
        metadata: { ...event.metadata, occurredAt: iso },
      });
      const profile = stream();
      const first = stream();
      const gone = stream();
      const a = at('2026-10-10T05:00:00.000Z', newEvent('A', {}, reader));
      const b = at('2026-10-10T06:00:00.000Z', newEvent('B', {}, reader));
      const c = at('2026-10-20T06:00:00.000Z', newEvent('C', {}, reader));
      const d = at('2026-11-05T06:00:00.000Z', newEvent('D', {}, reader));
      await store.appendToStream(profile, [a], 'no_stream');
      await store.appendToStream(first, [b], 'no_stream');
      await store.appendToStream(stream(), [newEvent('X', {}, other)], 'no_stream');
      await store.appendToStream(profile, [c], 0);
      await store.appendToStream(gone, [newEvent('G', {}, reader)], 'no_stream');
      await store.appendToStream(first, [d], 0);
      await store.deleteStream(gone);
      const all = await store.readUserEvents(reader);
      expect(all.map((e) => e.id)).toEqual([a.id, b.id, c.id, d.id]);
      expect(all.map((e) => e.streamId)).toEqual([profile, first, profile, first]);
      const positions = all.map((e) => e.position);
      expect([...positions].sort(comparePositions)).toEqual(positions);
      const before = await store.readUserEvents(reader, { occurredBefore: '2026-10-20T06:00:00.000Z' });
      expect(before.map((e) => e.id)).toEqual([a.id, b.id]);
      const firstPage = await store.readUserEvents(reader, { maxCount: 3 });
      expect(firstPage.map((e) => e.id)).toEqual([a.id, b.id, c.id]);
      const nextPage = await store.readUserEvents(reader, { after: firstPage[1]?.position, maxCount: 3 });
      expect(nextPage.map((e) => e.id)).toEqual([c.id, d.id]);
      expect(await store.readUserEvents(reader, { after: all.at(-1)?.position })).toEqual([]);
      expect(await store.readUserEvents(`nobody-${randomUUID()}`)).toEqual([]);
    });

    it("lists the streams of a user, and not another user's or deleted ones", async () => {
      const leaving = `leaving-${randomUUID()}`;
      const profile = stream();
      const transaction = stream();
      const deleted = stream();
      await store.appendToStream(profile, [newEvent('A', {}, leaving)], 'no_stream');
      await store.appendToStream(profile, [newEvent('B', {}, leaving)], 0);
      await store.appendToStream(transaction, [newEvent('A', {}, leaving)], 'no_stream');
      await store.appendToStream(deleted, [newEvent('A', {}, leaving)], 'no_stream');
      await store.appendToStream(stream(), [newEvent('A', {}, `staying-${randomUUID()}`)], 'no_stream');
      await store.deleteStream(deleted);
      const listed = await store.streamIdsOfUser(leaving);
      expect(listed).toEqual(expect.arrayContaining([profile, transaction]));
      expect(listed.filter((id) => id.startsWith('test-'))).toHaveLength(2);
      expect(await store.streamIdsOfUser(`nobody-${randomUUID()}`)).toEqual([]);
      for (const id of listed) await store.deleteStream(id);
      expect(await store.streamIdsOfUser(leaving)).toEqual([]);
    });
  });
}
