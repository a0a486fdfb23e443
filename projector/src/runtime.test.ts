import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { metadataOf } from '@plenty/platform/testing/new-event';
import { useTestStores } from '@plenty/platform/testing/stores';
import { eventIdFor } from '@plenty/contracts/ids';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import type { Projection } from '@plenty/projections/projection';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { allProjections } from '@plenty/projections/all';
import { documents } from '@plenty/projections/testing/memory-read-store';
import { projectorOver } from './testing/projector.js';

const stores = useTestStores('projector');

async function addTransactions(count: number, userId = 'alice'): Promise<string> {
  let position = '0';
  for (let i = 0; i < count; i += 1) {
    const commandId = randomUUID();
    const transactionId = randomUUID();
    const event = await stores.codec.encode({
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
      metadata: metadataOf(userId, commandId),
    });
    position = (await stores.eventStore.appendToStream(`transaction-${transactionId}`, [event], 'no_stream')).position;
  }
  return position;
}

/** A projector over the test event store writing into `readStore`. */
function projectorOn(readStore: ReadStore, options: { projections?: readonly Projection[]; batchSize?: number } = {}) {
  return projectorOver(stores, {
    readStore,
    projections: options.projections ?? allProjections,
    ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
  });
}

describe('projector', () => {
  it('resumes after a crash between append and projection, equal to a fresh rebuild', async () => {
    const readPath = join(stores.dir, 'read.db');
    let readStore = await openSqliteReadStore({ path: readPath });
    const first = projectorOn(readStore, { batchSize: 7 });
    await addTransactions(20);
    await first.catchUp();
    // Appended, never projected: the process dies here without stopping anything.
    await addTransactions(15);
    await readStore.close();

    readStore = await openSqliteReadStore({ path: readPath });
    const restarted = projectorOn(readStore, { batchSize: 7 });
    expect(await restarted.catchUp()).toBe(await stores.eventStore.headPosition());

    const fresh = await openSqliteReadStore({ path: join(stores.dir, 'fresh.db') });
    const rebuilt = await projectorOn(fresh).rebuild();
    expect(rebuilt.events).toBe(35);
    const live = await documents(readStore, 'transactions', 'alice');
    expect(live).toHaveLength(35);
    expect(live).toEqual(await documents(fresh, 'transactions', 'alice'));
    await Promise.all([readStore.close(), fresh.close()]);
  });

  it('tails the store, waking on appends, and lets a reader wait for its own write', async () => {
    const readStore = await openSqliteReadStore({ path: join(stores.dir, 'read.db') });
    const projector = projectorOn(readStore);
    await projector.start();
    const position = await addTransactions(3);
    expect(await projector.waitFor(position, 5000)).toBe(position);
    expect(await documents(readStore, 'transactions', 'alice')).toHaveLength(3);
    await projector.stop();
    await readStore.close();
  });

  it('answers a wait for a position it never reaches with the position it has, after the timeout', async () => {
    const readStore = await openSqliteReadStore({ path: join(stores.dir, 'read.db') });
    const projector = projectorOn(readStore);
    const reached = await projector.waitFor('999999', 50);
    expect(reached).toBe('0');
    await readStore.close();
  });

  it('goes on past an event a projection cannot apply, quarantining its user there, and stays healthy', async () => {
    const readStore = await openSqliteReadStore({ path: join(stores.dir, 'read.db') });
    const failing: Projection = {
      name: 'failing',
      views: [{ name: 'failing', fields: {}, indexes: [] }],
      handles: ['TransactionAdded'],
      async apply() {
        throw new Error('cannot apply');
      },
    };
    const projector = projectorOn(readStore, { projections: [failing] });
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
