import { describe, expect, it } from 'vitest';
import { useTestReadStore, useTestStores } from '@plenty/platform/testing/stores';
import { historyWriter } from '@plenty/projections/testing/history';
import { projectorOver } from './testing/projector.js';

const stores = useTestStores('catch-up-batches');
const read = useTestReadStore(stores);

describe('batches while the projector is behind', () => {
  it('takes larger batches after a full one and goes back to the usual size once it has caught up', async () => {
    const writer = historyWriter(stores.eventStore, stores.codec);
    const ids: string[] = [];
    for (let n = 0; n < 9; n += 1) ids.push((await writer.addTransaction('alice')).transactionId);
    const sizes: number[] = [];
    const projector = projectorOver(stores, {
      readStore: read.store,
      batchSize: 2,
      catchUpBatchSize: 5,
      afterBatch: async (events) => {
        sizes.push(events.length);
      },
    });
    await projector.catchUp();
    // 2 (full: behind), then 5 (full), then the 2 left.
    expect(sizes).toEqual([2, 5, 2]);
    for (const id of ids) expect(await read.store.get('transactions', 'alice', id)).not.toBeNull();

    // Caught up: the next events come in batches of the usual size again.
    for (let n = 0; n < 3; n += 1) await writer.addTransaction('alice');
    await projector.catchUp();
    expect(sizes).toEqual([2, 5, 2, 2, 1]);
    expect(await projector.current()).toEqual(await stores.eventStore.headPosition());
  });
});
