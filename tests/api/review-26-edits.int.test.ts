import { describe, expect, it } from 'vitest';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import type { Dashboard } from '@plenty/contracts/views/dashboard';
import type { TransactionView } from '@plenty/contracts/views/transactions';
import { ApiClient } from '../support/api-client.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { createTestUser } from '../support/users.js';
import { queryOk, sendOk, thb } from '../support/wallets.js';

/*
 * Careless edits of a split transaction: one field changed alone where its lines no longer fit
 * (amount, category, type, currency) is refused with its code and leaves every figure as it was;
 * tags with spaces around them and in other cases are one tag.
 */

const env = useTestStandalone();

async function newUser(): Promise<ApiClient> {
  const api = new ApiClient(env.standalone.app, await createTestUser(env.standalone));
  await sendOk(api, 'ChangePreferences', { changes: { currency: 'THB' } });
  return api;
}

describe('careless edits of a split transaction', () => {
  it('refuses a change that its lines no longer fit, keeping the figures', async () => {
    const api = await newUser();
    const transactionId = uuidV7();
    await sendOk(api, 'AddTransaction', {
      transactionId,
      type: 'expense',
      amount: thb(100_000),
      categoryId: 'builtin-food',
      date: '2026-11-20',
      splits: [
        { categoryId: 'builtin-food', amount: 60_000 },
        { categoryId: 'builtin-transport', amount: 40_000 },
      ],
    });
    const before = await queryOk<Dashboard>(api, 'dashboard?month=2026-11');
    const refusals: [Record<string, unknown>, number, string][] = [];
    for (const changes of [
      { amount: thb(90_000) },
      { categoryId: 'builtin-transport' },
      { type: 'income' },
      { amount: { amount: 100_000, currency: 'LAK' }, splits: [{ categoryId: 'builtin-food', amount: 100_000 }] },
      { splits: [] },
      { splits: [{ categoryId: 'builtin-food', amount: 100_000 }] },
      {
        splits: [
          { categoryId: 'builtin-food', amount: 100_001 },
          { categoryId: 'builtin-transport', amount: -1 },
        ],
      },
      {
        splits: [
          { categoryId: 'builtin-food', amount: 100_000 },
          { categoryId: 'builtin-transport', amount: 0 },
        ],
      },
      {
        splits: [
          { categoryId: 'builtin-food', amount: 50_000 },
          { categoryId: 'builtin-salary', amount: 50_000 },
        ],
      },
    ]) {
      const answer = await api.command('EditTransaction', { transactionId, changes });
      refusals.push([changes, answer.status, answer.body.error?.code ?? 'accepted']);
    }
    expect(refusals.filter(([, status]) => status === 200)).toEqual([]);
    expect(refusals.filter(([, status]) => status >= 500)).toEqual([]);
    const after = await queryOk<Dashboard>(api, 'dashboard?month=2026-11');
    expect(after.byCategory).toEqual(before.byCategory);
    expect(after.totals).toEqual(before.totals);
    const view = await queryOk<TransactionView>(api, `transactions/${transactionId}`);
    expect(view.amount).toEqual(thb(100_000));
    expect(view.splits?.map((line) => line.amount)).toEqual([60_000, 40_000]);
  });

  it('keeps one tag for spellings that differ by case and spaces around', async () => {
    const api = await newUser();
    const refused = await api.command('AddTransaction', {
      transactionId: uuidV7(),
      type: 'expense',
      amount: thb(1_000),
      categoryId: 'builtin-food',
      date: '2026-11-20',
      tags: ['Trip', ' trip '],
    });
    expect(refused.status).toBe(400);
    for (const tags of [[' Trip'], ['TRIP ']]) {
      const answer = await api.command('AddTransaction', {
        transactionId: uuidV7(),
        type: 'expense',
        amount: thb(1_000),
        categoryId: 'builtin-food',
        date: '2026-11-20',
        tags,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    const tags = await queryOk<{ items: { id: string; name: string; count: number }[] }>(api, 'tags');
    expect(tags.items.map(({ id, name, count }) => ({ id, name: name.trim(), count }))).toEqual([
      { id: 'trip', name: tags.items[0]?.name, count: 2 },
    ]);
    const blank = await api.command('RenameTag', { from: 'trip', to: '   ' });
    expect(blank.status).toBe(400);
  });
});
