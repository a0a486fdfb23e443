import { randomBytes, randomUUID } from 'node:crypto';
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
import { createPartitionProjector, partitionCheckpoint } from './partition-projector.js';
import type { PartitionProjector } from './partition-projector-api.js';
import type { Projection } from '@plenty/projections/projection';
import { allProjections } from '@plenty/projections/all';
import { documents } from '@plenty/projections/testing/memory-read-store';
import { eventLog } from '@plenty/projections/testing/events';
import { TALLY_VIEW, tallyEchoProjection, tallyProjection } from '@plenty/projections/testing/poison';
import { QUARANTINE_ID, quarantineViewName } from '@plenty/projections/quarantine';

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

const withTally: readonly Projection[] = [...allProjections, tallyProjection(), tallyEchoProjection];

function projector(
  projections: readonly Projection[] = allProjections,
  quarantineRefreshMs?: number,
): PartitionProjector {
  return createPartitionProjector({
    readStore,
    codec: new EventCodec(keyStore),
    projections,
    deadLetters: sink,
    ...(quarantineRefreshMs === undefined ? {} : { quarantineRefreshMs }),
  });
}

const idsOf = async (userId: string) =>
  ((await documents(readStore, 'transactions', userId)) as { id: string }[]).map((d) => d.id).sort();
const tallyOf = async (userId: string) =>
  (await readStore.get<{ count: number }>(TALLY_VIEW, userId, 'count'))?.doc.count ?? null;

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
    const [t1, t2, t3] = [randomUUID(), randomUUID(), randomUUID()];
    const events = [
      log.transactionAdded('alice', t1),
      log.transactionAdded('bob', t2),
      log.transactionAdded('alice', t3),
    ];
    const p = projector();
    await p.prepare();
    await p.handle(batchOf(events.map(valid)));
    expect(await idsOf('alice')).toEqual([t1, t3].sort());
    expect(await readUserProgress(readStore, 'alice')).toBe('3');
    expect(await readUserProgress(readStore, 'bob')).toBe('2');
    expect(await readStore.getCheckpoint(partitionCheckpoint('plenty.events', 2))).toBe('3');
  });

  it('changes nothing when a batch is delivered again', async () => {
    const log = eventLog();
    const t1 = randomUUID();
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

  it('sets a poison event aside with the reason, quarantines its user there, and the partition goes on', async () => {
    const log = eventLog();
    const [t1, t2, t3, t4, t5] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const events = [
      log.transactionAdded('alice', t1),
      log.transactionAdded('alice', t2, { note: 'poison' }),
      log.transactionAdded('alice', t3),
      log.transactionAdded('bob', t4),
    ];
    const p = projector(withTally);
    await p.prepare();
    await p.handle(batchOf(events.map(valid)));
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({
      event: { id: events[1]?.id },
      projection: 'tally',
      quarantined: ['tally', 'tally-echo'],
      reason: 'tally cannot count this one',
      source: { topic: 'plenty.events', partition: 2, offset: '1' },
    });
    // Alice's tally stops before the poison and skips what follows; the rest of her views and Bob's go on.
    expect(await tallyOf('alice')).toBe(1);
    expect(await tallyOf('bob')).toBe(1);
    expect(await idsOf('alice')).toEqual([t1, t2, t3].sort());
    expect(await readUserProgress(readStore, 'alice')).toBe('3');
    expect(await readStore.get(quarantineViewName('tally'), 'alice', QUARANTINE_ID)).toMatchObject({
      doc: { eventId: events[1]?.id, failed: 'tally' },
    });
    expect(p.quarantinedUsers()).toBe(1);

    // The next batch skips her for those projections too, without another letter.
    await p.handle(batchOf([valid(log.transactionAdded('alice', t5), 4)]));
    expect(await tallyOf('alice')).toBe(1);
    expect(letters).toHaveLength(1);
  });

  it('skips the users another instance quarantined once it reads the records again', async () => {
    const log = eventLog();
    const first = projector(withTally, 0);
    const second = projector(withTally, 0);
    await first.prepare();
    await second.prepare();
    await first.handle(batchOf([valid(log.transactionAdded('alice', randomUUID(), { note: 'poison' }), 0)]));
    // The partition moves to the second instance.
    await second.handle(batchOf([valid(log.transactionAdded('alice', randomUUID()), 1)]));
    expect(second.quarantinedUsers()).toBe(1);
    expect(await tallyOf('alice')).toBeNull();
  });

  it('sets aside a message that is not an event and applies the others', async () => {
    const log = eventLog();
    const event = log.transactionAdded('alice', randomUUID());
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

  it('throws when the dead-letter topic cannot take the event, so the batch is not committed and comes again', async () => {
    const log = eventLog();
    const p = projector(withTally);
    await p.prepare();
    failing = true;
    const poison = batchOf([valid(log.transactionAdded('alice', randomUUID(), { note: 'poison' }), 0)]);
    await expect(p.handle(poison)).rejects.toThrow('broker unavailable');
    expect(await readStore.getCheckpoint(partitionCheckpoint('plenty.events', 2))).toBeNull();
    expect(p.quarantinedUsers()).toBe(0);
    expect(await readStore.get(quarantineViewName('tally'), 'alice', QUARANTINE_ID)).toBeNull();

    failing = false;
    await p.handle(poison);
    expect(letters).toHaveLength(1);
    expect(p.quarantinedUsers()).toBe(1);
    expect(await readStore.getCheckpoint(partitionCheckpoint('plenty.events', 2))).toBe(
      poison.messages[0]?.event?.position,
    );
  });
});
