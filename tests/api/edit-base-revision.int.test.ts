import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TransactionView } from '@plenty/contracts/views/transactions';
import { ApiClient } from '../support/api-client.js';
import { addCategory } from '../support/categories.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { expenseBody } from '../support/transaction-body.js';
import { createTestUser } from '../support/users.js';
import { queryOk, sendOk } from '../support/wallets.js';

const env = useTestStandalone();

async function newClient(): Promise<ApiClient> {
  return new ApiClient(env.standalone.app, await createTestUser(env.standalone));
}

const viewOf = (api: ApiClient, transactionId: string) =>
  queryOk<TransactionView>(api, `transactions/${transactionId}`);

describe('an edit made on a revision of a transaction, over HTTP', () => {
  it('is applied on the view’s revision, refused on an older one, and a retry of the first answers as the first', async () => {
    const api = await newClient();
    const { transactionId, ...rest } = expenseBody({ note: 'ข้าวมันไก่' });
    await sendOk(api, 'AddTransaction', { transactionId, ...rest });
    const added = await viewOf(api, transactionId);
    expect(added.revision).toBe(0);

    const firstId = randomUUID();
    const firstBody = { transactionId, baseRevision: added.revision, changes: { note: 'ຕຳໝາກຫຸ່ງ' } };
    const first = await api.command('EditTransaction', firstBody, firstId);
    expect(first.status).toBe(200);
    const edited = await viewOf(api, transactionId);
    expect(edited).toMatchObject({ note: 'ຕຳໝາກຫຸ່ງ', revision: first.body.revision });
    expect(edited.revision).toBe(1);

    const stale = await api.command('EditTransaction', {
      transactionId,
      baseRevision: added.revision,
      changes: { note: 'made on the old view', amount: { amount: 99_900, currency: 'THB' } },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error?.code).toBe('transaction_changed');
    expect(await viewOf(api, transactionId)).toEqual(edited);

    const retried = await api.command('EditTransaction', firstBody, firstId);
    expect(retried).toEqual(first);

    const unversioned = await api.command('EditTransaction', { transactionId, changes: { note: 'no base revision' } });
    expect(unversioned.status).toBe(200);
    expect(unversioned.body.revision).toBe(2);
    const last = await viewOf(api, transactionId);
    expect(last).toMatchObject({ note: 'no base revision', revision: 2 });

    const onLatest = await api.command('EditTransaction', {
      transactionId,
      baseRevision: last.revision,
      changes: { note: 'on the latest' },
    });
    expect(onLatest.status).toBe(200);
  });

  it('keeps the view’s revision through a tag rename and a category deletion, which are not on its stream', async () => {
    const api = await newClient();
    const garden = await addCategory(api, 'Garden');
    const { transactionId, ...rest } = expenseBody({ categoryId: garden, tags: ['trip'] });
    await sendOk(api, 'AddTransaction', { transactionId, ...rest });
    await sendOk(api, 'RenameTag', { from: 'trip', to: 'Trip to Vientiane' });
    await sendOk(api, 'DeleteCategory', { categoryId: garden, replacementCategoryId: 'builtin-other' });
    const view = await viewOf(api, transactionId);
    expect(view).toMatchObject({ categoryId: 'builtin-other', tags: ['Trip to Vientiane'], revision: 0 });

    const edit = await api.command('EditTransaction', {
      transactionId,
      baseRevision: view.revision,
      changes: { note: 'after the rename' },
    });
    expect(edit.status).toBe(200);
  });

  it('answers an edit of a deleted transaction with 404 transaction_not_found, not transaction_changed', async () => {
    const api = await newClient();
    const { transactionId, ...rest } = expenseBody();
    await sendOk(api, 'AddTransaction', { transactionId, ...rest });
    await sendOk(api, 'DeleteTransaction', { transactionId });
    const edit = await api.command('EditTransaction', { transactionId, baseRevision: 0, changes: { note: 'gone' } });
    expect(edit.status).toBe(404);
    expect(edit.body.error?.code).toBe('transaction_not_found');
  });

  it('refuses a base revision that is not a revision with 400, before anything is read', async () => {
    const api = await newClient();
    const { transactionId, ...rest } = expenseBody();
    await sendOk(api, 'AddTransaction', { transactionId, ...rest });
    for (const baseRevision of [-1, 0.5, 2 ** 53, '0', null, 'NaN']) {
      const answer = await api.command('EditTransaction', { transactionId, baseRevision, changes: { note: 'x' } });
      expect(answer.status, JSON.stringify(baseRevision)).toBe(400);
    }
    expect((await viewOf(api, transactionId)).revision).toBe(0);
  });
});
