import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import type { KeyStore } from '@plenty/platform/crypto/port';
import type { EventStore } from '@plenty/platform/event-store/port';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { allProjections } from '@plenty/projections/all';
import { createProjector } from './runtime.js';
import { historyWriter } from '@plenty/projections/testing/history';

let dir: string;
let eventStore: EventStore;
let keyStore: KeyStore;
let readStore: ReadStore;
let codec: EventCodec;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plenty-after-batch-'));
  eventStore = await openSqliteEventStore({ path: join(dir, 'events.db') });
  keyStore = await openSqliteKeyStore({ path: join(dir, 'keys.db'), masterKey: randomBytes(32) });
  readStore = await openSqliteReadStore({ path: join(dir, 'read.db') });
  codec = new EventCodec(keyStore);
});

afterEach(async () => {
  await readStore.close();
  await eventStore.close();
  await keyStore.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('work after each projected batch', () => {
  it('gets each live batch once its read models are written, never a rebuild, and its failure stops nothing', async () => {
    const writer = historyWriter(eventStore, codec);
    await writer.addTransaction('alice');
    await writer.addTransaction('alice');
    const seen: string[] = [];
    const errors: object[] = [];
    let fail = true;
    const projector = createProjector({
      eventStore,
      readStore,
      codec,
      projections: allProjections,
      batchSize: 1,
      logger: { info: () => undefined, error: (obj) => errors.push(obj) },
      afterBatch: async (events) => {
        for (const event of events) {
          const stored = await readStore.get('transactions', 'alice', String(event.data.transactionId));
          seen.push(stored === null ? 'not projected yet' : event.type);
        }
        if (fail) {
          fail = false;
          throw new Error('mail server down');
        }
      },
    });
    await projector.catchUp();
    expect(seen).toEqual(['TransactionAdded', 'TransactionAdded']);
    expect(errors).toHaveLength(1);
    expect(projector.isHealthy()).toBe(true);

    await projector.rebuild();
    expect(seen).toHaveLength(2);
    const { transactionId } = await writer.addTransaction('alice');
    await projector.catchUp();
    expect(seen).toHaveLength(3);
    expect(await readStore.get('transactions', 'alice', transactionId)).not.toBeNull();
  });
});
