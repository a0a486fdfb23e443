import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PartitionBatch, ReceivedMessage } from '@plenty/platform/bus/kafka';
import type { DeadLetterSink } from '@plenty/platform/bus/port';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import type { KeyStore } from '@plenty/platform/crypto/port';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { createPartitionProjector } from './partition-projector.js';
import { allProjections } from '@plenty/projections/all';
import { eventLog } from '@plenty/projections/testing/events';
import { tallyProjection } from '@plenty/projections/testing/poison';

let keyStore: KeyStore;
let readStore: ReadStore;
const sink: DeadLetterSink = { send: async () => undefined, close: async () => undefined };

const batchOf = (events: RecordedEvent[]): PartitionBatch => ({
  topic: 'plenty.events',
  partition: 0,
  messages: events.map((event, i): ReceivedMessage => ({ offset: String(i), event })),
});

beforeEach(async () => {
  keyStore = await openSqliteKeyStore({ path: ':memory:', masterKey: randomBytes(32) });
  readStore = await openSqliteReadStore({ path: ':memory:' });
});

afterEach(async () => {
  await readStore.close();
  await keyStore.close();
});

describe('partition projector work after each batch', () => {
  it('gets the applied events once they are written, not the ones set aside, and its failure stops nothing', async () => {
    const seen: string[] = [];
    let fail = true;
    const errors: object[] = [];
    const partitions = createPartitionProjector({
      readStore,
      codec: new EventCodec(keyStore),
      projections: [...allProjections, tallyProjection()],
      deadLetters: sink,
      logger: { info: () => undefined, error: (obj) => errors.push(obj) },
      afterBatch: async (events) => {
        for (const event of events) {
          const stored = await readStore.get('transactions', 'alice', String(event.data.transactionId));
          seen.push(stored === null ? 'not written' : String(event.data.transactionId));
        }
        if (fail) {
          fail = false;
          throw new Error('mail server down');
        }
      },
    });
    await partitions.prepare();
    const log = eventLog();
    const [t1, t2, t3, t4] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await partitions.handle(batchOf([log.transactionAdded('alice', t1), log.transactionAdded('alice', t2)]));
    expect(seen).toEqual([t1, t2]);
    expect(errors).toHaveLength(1);
    await partitions.handle(
      batchOf([log.transactionAdded('alice', t3, { note: 'poison' }), log.transactionAdded('alice', t4)]),
    );
    // The poison was set aside (and quarantined Alice in the tally); the event after it is handed on.
    expect(seen).toEqual([t1, t2, t4]);
    expect(partitions.quarantinedUsers()).toBe(1);
  });
});
