import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { debtHistorySchema } from '@plenty/contracts/views/debt-history';
import { allProjections } from '@plenty/projections/all';
import { car, carOpened } from '@plenty/projections/testing/car-loan';
import { projectionScratch } from '@plenty/projections/testing/scratch';
import { getAs, routesUnderTest } from '../route-testing.js';
import { debtsRoutes } from './debts.routes.js';

const payment = '0192f0c4-7a1b-7c3d-8e4f-000000000001';

const scratch = projectionScratch(allProjections);
let app: FastifyInstance;

/** An event of alice's car loan; revisions count up along the debt's stream. */
const debtEvent = (type: string, data: Record<string, unknown>) =>
  scratch.log.event(`debt-${car}`, 'alice', type, { debtId: car, ...data });

beforeEach(async () => {
  await scratch.given(
    debtEvent('DebtOpened', carOpened({ lender: 'BCEL', installment: 102_000 })),
    debtEvent('DebtEdited', { changes: { lender: 'LDB' } }),
    debtEvent('DebtEdited', { changes: { annualRatePercent: '3.9' } }),
    debtEvent('PaymentRecorded', { paymentId: payment, amount: 500_000, date: '2026-02-10' }),
  );
  app = await routesUnderTest((scope) => debtsRoutes(scope, scratch.store));
});

afterEach(async () => {
  await app.close();
});

const get = (url: string, uid = 'alice') => getAs(app, url, uid);

describe('GET /debts/:id/history', () => {
  it('answers the debt’s events newest first, a page at a time', async () => {
    const first = await get(`/debts/${car}/history?limit=2`);
    expect(first.statusCode).toBe(200);
    const page = debtHistorySchema.parse(first.json());
    expect(page.items.map((entry) => [entry.revision, entry.type])).toEqual([
      [3, 'payment_recorded'],
      [2, 'edited'],
    ]);
    expect(page.items[0]).toMatchObject({ amount: 500_000, date: '2026-02-10', currency: 'LAK' });
    expect(page.items[1]?.changes).toEqual([{ field: 'annualRatePercent', from: '4.5', to: '3.9' }]);

    const older = await get(`/debts/${car}/history?limit=2&cursor=${encodeURIComponent(page.nextCursor ?? '')}`);
    const rest = debtHistorySchema.parse(older.json());
    expect(rest.items.map((entry) => entry.type)).toEqual(['edited', 'opened']);
    expect(rest.items[0]?.changes).toEqual([{ field: 'lender', from: 'BCEL', to: 'LDB' }]);
    expect(rest.nextCursor).toBeNull();
  });

  it('answers 404 for another user’s, an unknown or a malformed debt', async () => {
    for (const [url, uid] of [
      [`/debts/${car}/history`, 'bob'],
      ['/debts/0192f0c4-7a1b-7c3d-8e4f-00000000dfff/history', 'alice'],
      ['/debts/not-a-debt/history', 'alice'],
    ] as const) {
      const answer = await get(url, uid);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json()).toMatchObject({ error: { code: 'debt_not_found' } });
    }
  });

  it('answers 400 for a bad page size or cursor', async () => {
    expect((await get(`/debts/${car}/history?limit=0`)).statusCode).toBe(400);
    const bad = await get(`/debts/${car}/history?cursor=nonsense`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { fields: { cursor: 'field_invalid' } } });
  });
});
