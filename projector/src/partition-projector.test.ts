import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PartitionBatch, ReceivedMessage } from '@plenty/platform/bus/kafka';
import type { DeadLetter, DeadLetterSink } from '@plenty/platform/bus/port';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import type { KeyStore } from '@plenty/platform/crypto/port';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { readUserProgress } from '@plenty/platform/user-progress';
import { createPartitionProjector, partitionCheckpoint, type PartitionProjector } from './partition-projector.js';
import type { Projection } from './projection.js';
import { allProjections } from './projections/all.js';
import { documents } from './testing/memory-read-store.js';
import { eventLog } from './testing/events.js';

/** Transaction ids, which the events' schema wants as UUIDs. */
const [t1, t2, t3] = [1, 2, 3].map((n) => `a0000000-0000-4000-8000-00000000000${n}`);

let keyStore: KeyStore;
let readStore: ReadStore;
let letters: DeadLetter[];
let failing: boolean;

const sink: DeadLetterSink = {
  async send(letter) {
    if (failing) throw new Error('broker unavailable');
    letters.push(letter);
  },
  close: async () => undefined,
};

/** A projection that cannot apply transactions whose note says so. */
const picky: Projection = {
  name: 'picky',
  views: [],
  handles: ['TransactionAdded'],
  async apply(event) {
    if ((event.data as { note?: string }).note === 'poison') throw new Error('cannot apply this one');
  },
};

function projector(projections: readonly Projection[] = allProjections): PartitionProjector {
  return createPartitionProjector({ readStore, codec: new EventCodec(keyStore), projections, deadLetters: sink });
}

const batchOf = (messages: ReceivedMessage[]): PartitionBatch => ({ topic: 'plenty.events', partition: 2, messages });
const valid = (event: RecordedEvent, offset: number): ReceivedMessage => ({ offset: String(offset), event });

beforeEach(async () => {
  keyStore = await openSqliteKeyStore({ path: ':memory:', masterKey: randomBytes(32) });
  readStore = await openSqliteReadStore({ path: ':memory:' });
  letters = [];
  failing = false;
});

afterEach(async () => {
  await readStore.close();
  await keyStore.close();
});

describe('partition projector', () => {
  it('applies a batch, records each user’s progress and the partition checkpoint together', async () => {
    const log = eventLog();
    const events = [
      log.transactionAdded('alice', t1),
      log.transactionAdded('bob', t2),
      log.transactionAdded('alice', t3),
    ];
    const p = projector();
    await p.prepare();
    await p.handle(batchOf(events.map(valid)));
    expect((await documents(readStore, 'transactions', 'alice')).map((d) => (d as { id: string }).id).sort()).toEqual([
      t1,
      t3,
    ]);
    expect(await readUserProgress(readStore, 'alice')).toBe('3');
    expect(await readUserProgress(readStore, 'bob')).toBe('2');
    expect(await readStore.getCheckpoint(partitionCheckpoint('plenty.events', 2))).toBe('3');
  });

  it('changes nothing when a batch is delivered again', async () => {
    const log = eventLog();
    const added = log.transactionAdded('alice', t1, { amount: { amount: 100, currency: 'USD' } });
    const edited = log.transactionEdited('alice', t1, { amount: { amount: 250, currency: 'USD' } });
    const p = projector();
    await p.prepare();
    await p.handle(batchOf([valid(added, 0), valid(edited, 1)]));
    const before = await documents(readStore, 'transactions', 'alice');
    await p.handle(batchOf([valid(added, 0)]));
    expect(await documents(readStore, 'transactions', 'alice')).toEqual(before);
    expect(await readUserProgress(readStore, 'alice')).toBe('2');
  });

  it('sets a poison event aside on the dead-letter topic with the reason and applies the rest', async () => {
    const log = eventLog();
    const events = [
      log.transactionAdded('alice', t1),
      log.transactionAdded('alice', t2, { note: 'poison' }),
      log.transactionAdded('alice', t3),
    ];
    const p = projector([...allProjections, picky]);
    await p.prepare();
    await p.handle(batchOf(events.map(valid)));
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({
      event: { id: events[1]?.id },
      projection: 'picky',
      source: { topic: 'plenty.events', partition: 2, offset: '1' },
    });
    expect(letters[0]?.reason).toContain('cannot apply this one');
    const ids = (await documents(readStore, 'transactions', 'alice')).map((d) => (d as { id: string }).id).sort();
    // The poison event's effects of other projections are not half-written: it is set aside whole.
    expect(ids).toEqual([t1, t3]);
    expect(await readUserProgress(readStore, 'alice')).toBe('3');
  });

  it('sets aside a message that is not an event and applies the others', async () => {
    const log = eventLog();
    const event = log.transactionAdded('alice', t1);
    const p = projector();
    await p.prepare();
    await p.handle(
      batchOf([
        { offset: '7', event: null, raw: '{"nope":1}', error: new Error('the message is not an event') },
        valid(event, 8),
      ]),
    );
    expect(letters).toEqual([
      expect.objectContaining({
        event: null,
        raw: '{"nope":1}',
        reason: 'the message is not an event',
        projection: null,
      }),
    ]);
    expect(await documents(readStore, 'transactions', 'alice')).toHaveLength(1);
  });

  it('throws when the dead-letter topic cannot take the event, so the batch is not committed', async () => {
    const log = eventLog();
    const p = projector([...allProjections, picky]);
    await p.prepare();
    failing = true;
    await expect(p.handle(batchOf([valid(log.transactionAdded('alice', t1, { note: 'poison' }), 0)]))).rejects.toThrow(
      'broker unavailable',
    );
    expect(await readStore.getCheckpoint(partitionCheckpoint('plenty.events', 2))).toBeNull();
  });
});
