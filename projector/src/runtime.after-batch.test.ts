import { describe, expect, it } from 'vitest';
import { useTestReadStore, useTestStores } from '@plenty/platform/testing/stores';
import { historyWriter } from '@plenty/projections/testing/history';
import { projectorOver } from './testing/projector.js';

const stores = useTestStores('after-batch');
const read = useTestReadStore(stores);

describe('work after each projected batch', () => {
  it('gets each live batch once its read models are written, never a rebuild, and its failure stops nothing', async () => {
    const writer = historyWriter(stores.eventStore, stores.codec);
    await writer.addTransaction('alice');
    await writer.addTransaction('alice');
    const seen: string[] = [];
    const errors: object[] = [];
    let fail = true;
    const projector = projectorOver(stores, {
      readStore: read.store,
      batchSize: 1,
      logger: { info: () => undefined, error: (obj) => errors.push(obj) },
      afterBatch: async (events) => {
        for (const event of events) {
          const stored = await read.store.get('transactions', 'alice', String(event.data.transactionId));
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
    expect(await read.store.get('transactions', 'alice', transactionId)).not.toBeNull();
  });
});
