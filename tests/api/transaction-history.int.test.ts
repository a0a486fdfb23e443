import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { transactionHistorySchema, type TransactionHistory } from '@plenty/contracts/views/transactions';
import { useTestStandalone } from '../support/standalone-app.js';
import { ApiClient } from '../support/api-client.js';
import { expenseBody } from '../support/transaction-body.js';
import { createTestUser } from '../support/users.js';

const env = useTestStandalone();

describe('history of a transaction', () => {
  it('lists the addition and two edits newest first, with what each edit changed, and pages', async () => {
    const api = new ApiClient(env.standalone.app, await createTestUser(env.standalone));
    const transactionId = randomUUID();
    const add = await api.command('AddTransaction', expenseBody({ transactionId, note: 'ข้าวมันไก่' }));
    expect(add.status).toBe(200);
    const firstEdit = await api.command('EditTransaction', {
      transactionId,
      changes: { amount: { amount: 15000, currency: 'THB' } },
    });
    expect(firstEdit.status).toBe(200);
    const secondEdit = await api.command('EditTransaction', {
      transactionId,
      changes: { note: null, categoryId: 'builtin-other' },
    });
    expect(secondEdit.status).toBe(200);

    const history = await api.query<TransactionHistory>(`transactions/${transactionId}/history`);
    expect(history.status).toBe(200);
    expect(transactionHistorySchema.parse(history.body)).toEqual(history.body);
    expect(history.body.items.map((entry) => [entry.revision, entry.type])).toEqual([
      [2, 'edited'],
      [1, 'edited'],
      [0, 'added'],
    ]);
    expect(history.body.items[0]?.changes).toEqual([
      { field: 'categoryId', from: 'builtin-food', to: 'builtin-other' },
      { field: 'note', from: 'ข้าวมันไก่', to: null },
    ]);
    expect(history.body.items[1]?.changes).toEqual([
      { field: 'amount', from: { amount: 12050, currency: 'THB' }, to: { amount: 15000, currency: 'THB' } },
    ]);
    expect(history.body.nextCursor).toBeNull();

    const firstPage = await api.query<TransactionHistory>(`transactions/${transactionId}/history?limit=2`);
    expect(firstPage.body.items.map((entry) => entry.revision)).toEqual([2, 1]);
    const secondPage = await api.query<TransactionHistory>(
      `transactions/${transactionId}/history?limit=2&cursor=${encodeURIComponent(firstPage.body.nextCursor ?? '')}`,
    );
    expect(secondPage.body.items.map((entry) => entry.revision)).toEqual([0]);

    const deleted = await api.command('DeleteTransaction', { transactionId });
    expect(deleted.status).toBe(200);
    const afterDelete = await api.query<TransactionHistory>(`transactions/${transactionId}/history?limit=1`);
    expect(afterDelete.body.items).toEqual([expect.objectContaining({ revision: 3, type: 'deleted', changes: [] })]);

    const stranger = new ApiClient(env.standalone.app, await createTestUser(env.standalone));
    expect((await stranger.query(`transactions/${transactionId}/history`)).status).toBe(404);
    expect((await api.query(`transactions/${randomUUID()}/history`)).status).toBe(404);
    expect((await api.query('transactions/not-an-id/history')).status).toBe(404);
  });
});
