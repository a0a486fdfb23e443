import { describe, expect, it } from 'vitest';
import type { TransactionList, TransactionTotals } from '@plenty/contracts/views/transactions';
import { useTestStandalone } from '../support/standalone-app.js';
import { ApiClient } from '../support/api-client.js';
import { expenseBody } from '../support/transaction-body.js';
import { createTestUser } from '../support/users.js';

const env = useTestStandalone();

const transaction = (overrides: Record<string, unknown>) =>
  expenseBody({ amount: { amount: 1000, currency: 'THB' }, date: '2026-11-01', ...overrides });

describe('searching transactions by note, with totals over every match', () => {
  it('finds notes case-insensitively in English, Thai and Lao, pages the matches and totals them', async () => {
    const api = new ApiClient(env.standalone.app, await createTestUser(env.standalone));
    const seeds = [
      { note: 'Coffee at Noy', amount: { amount: 8000, currency: 'THB' }, date: '2026-11-01' },
      { note: 'coffee beans', amount: { amount: 45000, currency: 'LAK' }, date: '2026-11-02' },
      {
        note: 'COFFEE refund',
        type: 'income',
        categoryId: 'builtin-salary',
        amount: { amount: 500, currency: 'THB' },
        date: '2026-11-03',
      },
      { note: 'กาแฟเย็น ร้านป้า', amount: { amount: 6500, currency: 'THB' }, date: '2026-11-04' },
      { note: 'ກາເຟລາວ ຕະຫຼາດເຊົ້າ', amount: { amount: 20000, currency: 'LAK' }, date: '2026-11-05' },
      { note: null, amount: { amount: 100, currency: 'THB' }, date: '2026-11-06' },
      { note: 'Lunch', amount: { amount: 12000, currency: 'THB' }, date: '2026-11-07' },
    ];
    for (const seed of seeds) {
      const { note, ...rest } = seed;
      const answer = await api.command('AddTransaction', transaction(note === null ? rest : { ...rest, note }));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }

    const first = await api.query<TransactionList>('transactions?q=CoFfEe&limit=2');
    expect(first.status).toBe(200);
    expect(first.body.items.map((t) => t.note)).toEqual(['COFFEE refund', 'coffee beans']);
    expect(first.body.nextCursor).not.toBeNull();
    const second = await api.query<TransactionList>(
      `transactions?q=CoFfEe&limit=2&cursor=${encodeURIComponent(first.body.nextCursor ?? '')}`,
    );
    expect(second.body.items.map((t) => t.note)).toEqual(['Coffee at Noy']);
    expect(second.body.nextCursor).toBeNull();

    const thai = await api.query<TransactionList>(`transactions?q=${encodeURIComponent('กาแฟ')}`);
    expect(thai.body.items.map((t) => t.note)).toEqual(['กาแฟเย็น ร้านป้า']);
    const lao = await api.query<TransactionList>(`transactions?q=${encodeURIComponent('ຕະຫຼາດ')}`);
    expect(lao.body.items.map((t) => t.note)).toEqual(['ກາເຟລາວ ຕະຫຼາດເຊົ້າ']);

    // The totals of what each filter finds: how many, and income and expense per currency.
    const expectedTotals: [string, number, TransactionTotals['totals']][] = [
      [
        'q=coffee',
        3,
        [
          { currency: 'LAK', income: 0, expense: 45000 },
          { currency: 'THB', income: 500, expense: 8000 },
        ],
      ],
      [
        'type=expense',
        6,
        [
          { currency: 'LAK', income: 0, expense: 65000 },
          { currency: 'THB', income: 0, expense: 26600 },
        ],
      ],
      ['categoryId=builtin-food&q=lunch', 1, [{ currency: 'THB', income: 0, expense: 12000 }]],
    ];
    for (const [filter, count, totals] of expectedTotals) {
      const answer = await api.query<TransactionTotals>(`transactions/totals?${filter}`);
      expect(answer.status, filter).toBe(200);
      expect(answer.body, filter).toEqual({ count, totals, outOfRange: false });
    }
  });

  it('refuses search text over 100 characters or empty, and unknown parameters', async () => {
    const api = new ApiClient(env.standalone.app, await createTestUser(env.standalone));
    expect((await api.query(`transactions?q=${'a'.repeat(101)}`)).status).toBe(400);
    expect((await api.query('transactions?q=')).status).toBe(400);
    expect((await api.query('transactions/totals?sort=newest')).status).toBe(400);
    expect((await api.query<TransactionTotals>('transactions/totals')).body).toEqual({
      count: 0,
      totals: [],
      outOfRange: false,
    });
  });
});
