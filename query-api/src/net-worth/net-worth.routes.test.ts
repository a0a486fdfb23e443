import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { convertExact, DEFAULT_RATES } from '@plenty/contracts/rates';
import type { DebtDetail, DebtScheduleRow } from '@plenty/contracts/views/debts';
import { netWorthSchema, type NetWorth } from '@plenty/contracts/views/wallets';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { getAs, routesUnderTest } from '../route-testing.js';
import {
  BANK,
  READ_STORES,
  bcel,
  given,
  movement,
  wallet,
  walletStore,
  type ReadStoreKind,
} from '../wallet/wallet-fixture.js';
import { netWorthRoutes, owedAt } from './net-worth.routes.js';

const NOW = new Date('2026-11-20T05:00:00.000Z');
const BAHT = '0192f0c4-7a1b-7c3d-8e4f-00000000c002';
const KEPT = '0192f0c4-7a1b-7c3d-8e4f-00000000c003';
const LOAN = '0192f0c4-7a1b-7c3d-8e4f-00000000e001';

const row = (number: number, fields: Partial<DebtScheduleRow>): DebtScheduleRow => ({
  number,
  dueDate: `2026-${String(10 + number).padStart(2, '0')}-01`,
  amount: 110_000,
  principal: 100_000,
  interest: 10_000,
  balance: 0,
  status: 'pending',
  paymentId: null,
  paidOn: null,
  ...fields,
});

/** 600,000 kip borrowed on 1 October; installment 1 (100,000 principal) paid on 1 November, 50,000 extra on 15 November. */
const loan: Partial<DebtDetail> = {
  id: LOAN,
  currency: 'LAK',
  currentAmount: 600_000,
  openDate: '2026-10-01',
  startDate: '2026-10-01',
  schedule: [row(1, { status: 'paid', paidOn: '2026-11-01', paymentId: 'p1' }), row(2, {})],
  payments: [
    {
      paymentId: 'p1',
      amount: 110_000,
      date: '2026-11-01',
      notes: null,
      installmentNumber: 1,
      recordedAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
    },
    {
      paymentId: 'p2',
      amount: 50_000,
      date: '2026-11-15',
      notes: null,
      installmentNumber: null,
      recordedAt: '2026-11-15T00:00:00.000Z',
      updatedAt: '2026-11-15T00:00:00.000Z',
    },
  ],
};

describe.each(Object.keys(READ_STORES) as ReadStoreKind[])('on %s', (kind) => {
  let store: ReadStore;
  let app: FastifyInstance;

  beforeEach(async () => {
    store = await walletStore(kind);
    await given(store, {
      alice: {
        wallets: [
          bcel(),
          wallet(BAHT, { name: 'K PLUS', currency: 'THB' }),
          wallet(KEPT, { name: 'Mum’s', excludeFromTotals: true, openingBalance: 9_999_999 }),
        ],
        movements: [
          movement(BANK, 'tx:a', '2026-09-20', 500_000),
          movement(BANK, 'borrow:loan', '2026-10-01', 600_000, { kind: 'debt_borrowed', debtId: LOAN }),
          movement(BANK, 'pay:p1', '2026-11-01', -110_000, {
            kind: 'debt_payment',
            principal: 100_000,
            interest: 10_000,
          }),
          movement(BANK, 'pay:p2', '2026-11-15', -50_000, { kind: 'debt_payment', principal: 50_000, interest: 0 }),
          movement(BAHT, 'tx:b', '2026-10-20', 20_000, { currency: 'THB' }),
        ],
        debts: [loan],
      },
    });
    app = await routesUnderTest((scope) => netWorthRoutes(scope, store, () => NOW));
  });

  afterEach(async () => {
    await app.close();
    await store.close();
  });

  async function netWorth(query = '', uid = 'alice'): Promise<NetWorth> {
    const answer = await getAs(app, `/net-worth${query}`, uid);
    expect(answer.statusCode, answer.body).toBe(200);
    return netWorthSchema.parse(answer.json());
  }

  const bahtInKip = Number(convertExact(20_000n, 'THB', 'LAK', DEFAULT_RATES));

  describe('GET /net-worth', () => {
    it('is the counted wallets less what is still owed today, per currency and converted', async () => {
      const answer = await netWorth('?months=3');
      expect(answer.asOf).toBe('2026-11-20');
      expect(answer.current.perCurrency).toEqual([
        { currency: 'LAK', assets: 1_940_000, debts: 450_000, net: 1_490_000 },
        { currency: 'THB', assets: 20_000, debts: 0, net: 20_000 },
      ]);
      expect(answer.current).toMatchObject({
        assets: 1_940_000 + bahtInKip,
        debts: 450_000,
        net: 1_490_000 + bahtInKip,
      });
    });

    it('gives each month end, oldest first, the last one as of the day; a debt owes nothing before it was opened', async () => {
      const answer = await netWorth('?months=3');
      expect(answer.months.map((point) => [point.month, point.perCurrency])).toEqual([
        [
          '2026-09',
          [
            { currency: 'LAK', assets: 1_500_000, debts: 0, net: 1_500_000 },
            { currency: 'THB', assets: 0, debts: 0, net: 0 },
          ],
        ],
        [
          '2026-10',
          [
            { currency: 'LAK', assets: 2_100_000, debts: 600_000, net: 1_500_000 },
            { currency: 'THB', assets: 20_000, debts: 0, net: 20_000 },
          ],
        ],
        ['2026-11', answer.current.perCurrency],
      ]);
    });

    it('counts the debt as it stood on a past day: only payments dated up to it', async () => {
      const answer = await netWorth('?asOf=2026-11-10&months=1');
      expect(answer.current.perCurrency[0]).toEqual({
        currency: 'LAK',
        assets: 1_990_000,
        debts: 500_000,
        net: 1_490_000,
      });
      expect(answer.months).toHaveLength(1);
    });

    it('converts at the user’s own rates into their display currency', async () => {
      const rates = { ...DEFAULT_RATES, THB: '30', LAK: '20000' };
      await given(store, { alice: { preferences: { currency: 'USD', rates } } });
      const answer = await netWorth('?months=1');
      expect(answer.displayCurrency).toBe('USD');
      // 1,940,000 kip = $97.00, 200 baht = $6.67 (half up), 450,000 kip = $22.50.
      expect(answer.current).toMatchObject({ assets: 9_700 + 667, debts: 2_250, net: 9_700 + 667 - 2_250 });
    });

    it('is zero for a user without wallets or debts', async () => {
      const answer = await netWorth('?months=2', 'bob');
      expect(answer.current).toEqual({ assets: 0, debts: 0, net: 0, perCurrency: [] });
      expect(answer.months.map((point) => point.month)).toEqual(['2026-10', '2026-11']);
    });

    it('refuses a day after today', async () => {
      const answer = await getAs(app, '/net-worth?asOf=2026-11-21');
      expect(answer.statusCode).toBe(400);
    });
  });

  describe('owedAt', () => {
    it('never goes below zero', () => {
      const overpaid = { ...(loan as DebtDetail), currentAmount: 100_000 };
      expect(owedAt(overpaid, '2026-12-01')).toBe(0n);
    });
  });
});
