import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CategoryList } from '@plenty/contracts/views/categories';
import type { TransactionList, TransactionView } from '@plenty/contracts/views/transactions';
import { useTestStandalone } from '../support/standalone-app.js';
import { useTestUsers } from '../support/test-users.js';
import { ApiClient } from '../support/api-client.js';
import { expenseBody } from '../support/transaction-body.js';
import { createTestUser } from '../support/users.js';

const env = useTestStandalone();
const users = useTestUsers(env, ['alice', 'bob']);

const lunch = (overrides: Record<string, unknown> = {}) =>
  expenseBody({ time: '12:30', note: 'Lunch with Noy', ...overrides });

describe('transactions over HTTP with a real Auth emulator user', () => {
  it('adds, edits, lists and deletes a transaction, reading its own writes', async () => {
    const api = new ApiClient(env.standalone.app, users.alice);
    const added = lunch();
    const add = await api.command('AddTransaction', added);
    expect(add.status).toBe(200);
    expect(add.body.streamId).toBe(`transaction-${added.transactionId}`);

    const detail = await api.query<TransactionView>(`transactions/${added.transactionId}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id: added.transactionId,
      note: 'Lunch with Noy',
      amount: { amount: 12050, currency: 'THB' },
    });
    expect(detail.position).toBeDefined();

    const edit = await api.command('EditTransaction', {
      transactionId: added.transactionId,
      changes: { amount: { amount: 15000, currency: 'THB' }, note: null },
    });
    expect(edit.status).toBe(200);
    const edited = await api.query<TransactionView>(`transactions/${added.transactionId}`);
    expect(edited.body).toMatchObject({ amount: { amount: 15000, currency: 'THB' }, note: null, revision: 1 });

    const del = await api.command('DeleteTransaction', { transactionId: added.transactionId });
    expect(del.status).toBe(200);
    expect((await api.query(`transactions/${added.transactionId}`)).status).toBe(404);
    const list = await api.query<TransactionList>('transactions');
    expect(list.body.items.map((t) => t.id)).not.toContain(added.transactionId);
  });

  it('filters, sorts and pages the list', async () => {
    const user = await createTestUser(env.standalone);
    const api = new ApiClient(env.standalone.app, user);
    const amounts = [500, 9000, 2500, 70000, 1200];
    for (const [index, amount] of amounts.entries()) {
      const type = index % 2 === 0 ? 'expense' : 'income';
      const categoryId = type === 'income' ? 'builtin-salary' : 'builtin-transport';
      const answer = await api.command(
        'AddTransaction',
        lunch({ type, categoryId, amount: { amount, currency: 'USD' }, date: `2026-10-0${index + 1}` }),
      );
      expect(answer.status).toBe(200);
    }
    const highest = await api.query<TransactionList>('transactions?sort=highest');
    expect(highest.body.items.map((t) => t.amount.amount)).toEqual([70000, 9000, 2500, 1200, 500]);
    const oldest = await api.query<TransactionList>('transactions?sort=oldest');
    expect(oldest.body.items.map((t) => t.date)).toEqual([
      '2026-10-01',
      '2026-10-02',
      '2026-10-03',
      '2026-10-04',
      '2026-10-05',
    ]);
    const incomes = await api.query<TransactionList>('transactions?type=income&sort=lowest');
    expect(incomes.body.items.map((t) => t.amount.amount)).toEqual([9000, 70000]);
    const transport = await api.query<TransactionList>('transactions?categoryId=builtin-transport');
    expect(transport.body.items).toHaveLength(3);

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: TransactionList } = await api.query<TransactionList>(
        `transactions?sort=lowest&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.items.map((t) => t.amount.amount));
      cursor = page.body.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual([500, 1200, 2500, 9000, 70000]);
  });

  it('answers a retried command with the first answer and appends nothing', async () => {
    const api = new ApiClient(env.standalone.app, users.alice);
    const commandId = randomUUID();
    const payload = lunch();
    const first = await api.command('AddTransaction', payload, commandId);
    const second = await api.command('AddTransaction', payload, commandId);
    expect(second).toEqual(first);
    const events = await env.standalone.eventStore.readStream(first.body.streamId);
    expect(events).toHaveLength(1);
  });

  it('rejects bad input with field codes and changes nothing', async () => {
    const api = new ApiClient(env.standalone.app, users.alice);
    const before = await env.standalone.eventStore.headPosition();
    const cases: [Record<string, unknown>, string, string][] = [
      [lunch({ amount: { amount: 0, currency: 'THB' } }), 'amount.amount', 'amount_not_positive'],
      [lunch({ amount: { amount: 10.5, currency: 'THB' } }), 'amount.amount', 'amount_not_integer'],
      [lunch({ amount: { amount: 100, currency: 'XYZ' } }), 'amount.currency', 'currency_invalid'],
      [lunch({ date: '2026-02-30' }), 'date', 'date_invalid'],
      [lunch({ transactionId: 'not-a-uuid' }), 'transactionId', 'id_invalid'],
      [lunch({ isAdmin: true }), 'isAdmin', 'unknown_field'],
    ];
    for (const [payload, field, code] of cases) {
      const answer = await api.command('AddTransaction', payload);
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(answer.body.error?.fields?.[field], JSON.stringify(answer.body)).toBe(code);
    }
    const unknownCategory = await api.command('AddTransaction', lunch({ categoryId: randomUUID() }));
    expect(unknownCategory.status).toBe(422);
    expect(unknownCategory.body.error?.code).toBe('category_not_found');
    expect(await env.standalone.eventStore.headPosition()).toBe(before);
  });

  it("answers 404 for another user's transaction and never lists it", async () => {
    const owner = new ApiClient(env.standalone.app, users.alice);
    const intruder = new ApiClient(env.standalone.app, users.bob);
    const payload = lunch();
    expect((await owner.command('AddTransaction', payload)).status).toBe(200);
    await owner.query(`transactions/${payload.transactionId}`);
    expect((await intruder.query(`transactions/${payload.transactionId}`)).status).toBe(404);
    const edit = await intruder.command('EditTransaction', {
      transactionId: payload.transactionId,
      changes: { note: 'mine now' },
    });
    expect(edit.status).toBe(404);
    expect((await intruder.command('DeleteTransaction', { transactionId: payload.transactionId })).status).toBe(404);
    const list = await intruder.query<TransactionList>('transactions');
    expect(list.body.items.map((t) => t.id)).not.toContain(payload.transactionId);
    expect((await owner.query<TransactionView>(`transactions/${payload.transactionId}`)).body.note).toBe(
      'Lunch with Noy',
    );
  });

  it('refuses requests without a valid token', async () => {
    expect((await new ApiClient(env.standalone.app, null).query('transactions')).status).toBe(401);
    const forged = { ...users.alice, authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.forged-signature' };
    expect((await new ApiClient(env.standalone.app, forged).command('AddTransaction', lunch())).status).toBe(401);
  });
});

describe('categories over HTTP', () => {
  it('adds, renames and deletes a custom category, moving its transactions to the replacement', async () => {
    const user = await createTestUser(env.standalone);
    const api = new ApiClient(env.standalone.app, user);
    const categoryId = randomUUID();
    const add = await api.command('AddCategory', {
      categoryId,
      name: 'Coffee',
      type: 'expense',
      icon: 'cup',
      color: '#AA5500',
    });
    expect(add.status).toBe(200);
    const duplicate = await api.command('AddCategory', {
      categoryId: randomUUID(),
      name: ' coffee ',
      type: 'expense',
      icon: 'cup',
      color: '#aa5500',
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error?.code).toBe('category_name_taken');

    const coffee = lunch({ categoryId });
    expect((await api.command('AddTransaction', coffee)).status).toBe(200);
    expect((await api.command('EditCategory', { categoryId, changes: { name: 'Café' } })).status).toBe(200);
    const categories = await api.query<CategoryList>('categories');
    expect(categories.body.items.find((c) => c.id === categoryId)).toMatchObject({
      name: 'Café',
      color: '#aa5500',
      builtIn: false,
    });
    expect(categories.body.items.filter((c) => c.builtIn).length).toBeGreaterThanOrEqual(12);

    expect((await api.command('DeleteCategory', { categoryId, replacementCategoryId: 'builtin-food' })).status).toBe(
      200,
    );
    const moved = await api.query<TransactionView>(`transactions/${coffee.transactionId}`);
    expect(moved.body.categoryId).toBe('builtin-food');
    const after = await api.query<CategoryList>('categories');
    expect(after.body.items.map((c) => c.id)).not.toContain(categoryId);
  });
});
