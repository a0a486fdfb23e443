import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventIdFor } from '@plenty/contracts/ids';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import type { KeyStore } from '@plenty/platform/crypto/port';
import type { EventStore } from '@plenty/platform/event-store/port';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import type { Projection } from '@plenty/projections/projection';
import { allProjections } from '@plenty/projections/all';
import { createProjector } from './runtime.js';
import { documents } from '@plenty/projections/testing/memory-read-store';

let dir: string;
let eventStore: EventStore;
let keyStore: KeyStore;
let codec: EventCodec;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plenty-projector-'));
  eventStore = await openSqliteEventStore({ path: join(dir, 'events.db') });
  keyStore = await openSqliteKeyStore({ path: join(dir, 'keys.db'), masterKey: randomBytes(32) });
  codec = new EventCodec(keyStore);
});

afterEach(async () => {
  await eventStore.close();
  await keyStore.close();
  rmSync(dir, { recursive: true, force: true });
});

async function addTransactions(count: number, userId = 'alice'): Promise<string> {
  let position = '0';
  for (let i = 0; i < count; i += 1) {
    const commandId = randomUUID();
    const transactionId = randomUUID();
    const event = await codec.encode({
      id: eventIdFor(commandId, 0),
      type: 'TransactionAdded',
      data: {
        transactionId,
        type: 'expense',
        amount: { amount: 100 + i, currency: 'USD' },
        categoryId: 'builtin-food',
        date: '2026-11-02',
        note: `lunch ${i}`,
      },
      metadata: { userId, commandId, correlationId: commandId, occurredAt: new Date().toISOString(), schemaVersion: 1 },
    });
    position = (await eventStore.appendToStream(`transaction-${transactionId}`, [event], 'no_stream')).position;
  }
  return position;
}

describe('projector', () => {
  it('resumes after a crash between append and projection, equal to a fresh rebuild', async () => {
    const readPath = join(dir, 'read.db');
    let readStore = await openSqliteReadStore({ path: readPath });
    const first = createProjector({ eventStore, readStore, codec, projections: allProjections, batchSize: 7 });
    await addTransactions(20);
    await first.catchUp();
    // Appended, never projected: the process dies here without stopping anything.
    await addTransactions(15);
    await readStore.close();

    readStore = await openSqliteReadStore({ path: readPath });
    const restarted = createProjector({ eventStore, readStore, codec, projections: allProjections, batchSize: 7 });
    expect(await restarted.catchUp()).toBe(await eventStore.headPosition());

    const fresh = await openSqliteReadStore({ path: join(dir, 'fresh.db') });
    const rebuilt = await createProjector({
      eventStore,
      readStore: fresh,
      codec,
      projections: allProjections,
    }).rebuild();
    expect(rebuilt.events).toBe(35);
    const live = await documents(readStore, 'transactions', 'alice');
    expect(live).toHaveLength(35);
    expect(live).toEqual(await documents(fresh, 'transactions', 'alice'));
    await Promise.all([readStore.close(), fresh.close()]);
  });

  it('tails the store, waking on appends, and lets a reader wait for its own write', async () => {
    const readStore = await openSqliteReadStore({ path: join(dir, 'read.db') });
    const projector = createProjector({ eventStore, readStore, codec, projections: allProjections });
    await projector.start();
    const position = await addTransactions(3);
    expect(await projector.waitFor(position, 5000)).toBe(position);
    expect(await documents(readStore, 'transactions', 'alice')).toHaveLength(3);
    await projector.stop();
    await readStore.close();
  });

  it('answers a wait for a position it never reaches with the position it has, after the timeout', async () => {
    const readStore = await openSqliteReadStore({ path: join(dir, 'read.db') });
    const projector = createProjector({ eventStore, readStore, codec, projections: allProjections });
    const reached = await projector.waitFor('999999', 50);
    expect(reached).toBe('0');
    await readStore.close();
  });

  it('goes on past an event a projection cannot apply, quarantining its user there, and stays healthy', async () => {
    const readStore = await openSqliteReadStore({ path: join(dir, 'read.db') });
    const failing: Projection = {
      name: 'failing',
      views: [{ name: 'failing', fields: {}, indexes: [] }],
      handles: ['TransactionAdded'],
      async apply() {
        throw new Error('cannot apply');
      },
    };
    const projector = createProjector({ eventStore, readStore, codec, projections: [failing] });
    const position = await addTransactions(2);
    await projector.start();
    expect(await projector.waitFor(position, 5000)).toBe(position);
    expect(projector.isHealthy()).toBe(true);
    expect(projector.quarantinedUsers()).toBe(1);
    expect(await readStore.getCheckpoint('projector')).toBe(position);
    await projector.stop();
    await readStore.close();
  });
});
