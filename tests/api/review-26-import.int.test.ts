import { describe, expect, it } from 'vitest';
import { localDate } from '@plenty/contracts/calendar/zone';
import type { TagList } from '@plenty/contracts/tags';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import type { TransactionList, TransactionTotals } from '@plenty/contracts/views/transactions';
import { ApiClient } from '../support/api-client.js';
import { fileSha, sendRows, startImport } from '../support/import-batches.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { createTestUser } from '../support/users.js';
import { queryOk, sendOk } from '../support/wallets.js';

/*
 * An import whose tag the user already has, renamed after the import and before its undo: the undo
 * takes out the imported transactions only; the user's own keep the new name, counted once.
 */

const env = useTestStandalone();
const today = localDate(new Date(), 'UTC');
const lak = (amount: number) => ({ amount, currency: 'LAK' as const });

async function read<T>(api: ApiClient, path: string): Promise<T> {
  const { projector, eventStore } = env.standalone;
  await projector.waitFor(await eventStore.headPosition(), 20_000);
  return queryOk<T>(api, path);
}

describe('an import undone after its tag was renamed', () => {
  it('takes out the imported transactions only, the user’s own keeping the new name', async () => {
    const user = await createTestUser(env.standalone);
    const api = new ApiClient(env.standalone.app, user);
    await sendOk(api, 'ChangePreferences', { changes: { timeZone: 'UTC', currency: 'LAK' } });
    const own = uuidV7();
    await sendOk(api, 'AddTransaction', {
      transactionId: own,
      type: 'expense',
      amount: lak(7_000),
      categoryId: 'builtin-food',
      date: today,
      tags: ['trip'],
    });
    const { batchId } = await startImport(api, user, fileSha(), 1);
    const answer = await sendRows(env.standalone.app, user, {
      batchId,
      rows: [
        {
          row: 0,
          type: 'expense',
          amount: lak(120_000),
          categoryId: 'builtin-food',
          date: today,
          note: 'ຕະຫຼາດເຊົ້າ',
          splits: [
            { categoryId: 'builtin-food', amount: 90_000 },
            { categoryId: 'builtin-transport', amount: 30_000 },
          ],
          tags: ['TRIP', 'ນຳເຂົ້າ'],
        },
      ],
    });
    expect(answer.status).toBe(200);
    await sendOk(api, 'FinishImport', { batchId, added: 1, existing: 0, skipped: {} });
    expect((await read<TagList>(api, 'tags')).items.map((tag) => [tag.id, tag.count])).toEqual([
      ['trip', 2],
      ['ນຳເຂົ້າ', 1],
    ]);

    await sendOk(api, 'RenameTag', { from: 'Trip', to: 'Holiday' });
    await sendOk(api, 'UndoImport', { batchId });

    expect((await read<TagList>(api, 'tags')).items.map((tag) => [tag.name, tag.count])).toEqual([['Holiday', 1]]);
    const list = await read<TransactionList>(api, 'transactions?limit=50');
    expect(list.items.map((item) => [item.id, item.tags])).toEqual([[own, ['Holiday']]]);
    expect((await read<TransactionList>(api, 'transactions?q=holiday')).items.map((item) => item.id)).toEqual([own]);
    expect(await read<TransactionTotals>(api, 'transactions/totals?categoryId=builtin-transport')).toMatchObject({
      count: 0,
      totals: [],
    });
  });
});
