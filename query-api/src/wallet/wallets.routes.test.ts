import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { convertExact, DEFAULT_RATES } from '@plenty/contracts/rates';
import {
  transferViewSchema,
  walletListSchema,
  walletMovementsSchema,
  walletViewSchema,
  type WalletMovement,
} from '@plenty/contracts/views/wallets';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { getAs, routesUnderTest } from '../route-testing.js';
import { BANK, READ_STORES, bcel, given, movement, wallet, walletStore, type ReadStoreKind } from './wallet-fixture.js';
import { walletsRoutes } from './wallets.routes.js';

const NOW = new Date('2026-11-20T05:00:00.000Z');
const CASH = '0192f0c4-7a1b-7c3d-8e4f-00000000c002';
const CARD = '0192f0c4-7a1b-7c3d-8e4f-00000000c003';
const OLD = '0192f0c4-7a1b-7c3d-8e4f-00000000c004';
const TRANSFER = '0192f0c4-7a1b-7c3d-8e4f-00000000d001';
const BOBS = '0192f0c4-7a1b-7c3d-8e4f-00000000c009';

describe.each(Object.keys(READ_STORES) as ReadStoreKind[])('on %s', (kind) => {
  let store: ReadStore;
  let app: FastifyInstance;

  const transfer = {
    id: TRANSFER,
    fromWalletId: BANK,
    toWalletId: CASH,
    amountOut: { amount: 300_000, currency: 'LAK' as const },
    amountIn: { amount: 7_500, currency: 'THB' as const },
    date: '2026-10-31',
    time: '18:30',
    note: 'For the market',
    createdAt: '2026-10-31T11:30:00.000Z',
    updatedAt: '2026-10-31T11:30:00.000Z',
    revision: 0,
  };

  beforeEach(async () => {
    store = await walletStore(kind);
    await given(store, {
      alice: {
        wallets: [
          bcel(),
          wallet(CASH, {
            name: null,
            nameKey: 'wallet.default',
            isDefault: true,
            kind: 'cash',
            currency: 'THB',
            createdAt: '2026-10-31T11:30:00.000Z',
          }),
          wallet(CARD, { name: 'Card', kind: 'credit_card', currency: 'THB', excludeFromTotals: true }),
          wallet(OLD, { name: 'Amber', archived: true, openingBalance: 5_000 }),
        ],
        movements: [
          movement(BANK, 'tx:a', '2026-09-20', 500_000),
          movement(BANK, 'tx:b', '2026-10-05', -200_000),
          movement(BANK, `out:${TRANSFER}`, '2026-10-31', -300_000, {
            kind: 'transfer_out',
            time: '18:30',
            transferId: TRANSFER,
            counterpartWalletId: CASH,
            counterpartAmount: { amount: 7_500, currency: 'THB' },
          }),
          movement(BANK, 'tx:c', '2026-11-02', -50_000),
          movement(BANK, 'adj:e', '2026-11-18', 10_000, { kind: 'adjustment' }),
          movement(CASH, `in:${TRANSFER}`, '2026-10-31', 7_500, {
            kind: 'transfer_in',
            currency: 'THB',
            time: '18:30',
            transferId: TRANSFER,
          }),
          movement(CASH, 'tx:d', '2026-11-10', -2_000, { currency: 'THB' }),
          movement(CARD, 'tx:f', '2026-11-11', -90_000, { currency: 'THB' }),
        ],
        transfers: [transfer],
      },
      bob: { wallets: [wallet(BOBS, { name: 'Bob’s' })] },
    });
    app = await routesUnderTest((scope) => walletsRoutes(scope, store, () => NOW));
  });

  afterEach(async () => {
    await app.close();
    await store.close();
  });

  async function ok<T>(url: string, schema: { parse: (value: unknown) => T }, uid = 'alice'): Promise<T> {
    const answer = await getAs(app, url, uid);
    expect(answer.statusCode, answer.body).toBe(200);
    return schema.parse(answer.json());
  }

  describe('GET /wallets', () => {
    it('lists unarchived wallets by name (a default one by its currency), then archived ones, with today’s balances', async () => {
      const list = await ok('/wallets', walletListSchema);
      expect(list.asOf).toBe('2026-11-20');
      expect(list.items.map((item) => [item.id, item.balance, item.movementCount])).toEqual([
        [BANK, 960_000, 5],
        [CARD, -90_000, 1],
        [CASH, 5_500, 2],
        [OLD, 5_000, 0],
      ]);
    });

    it('totals the unarchived wallets not left out, per currency and converted once into the display currency', async () => {
      const list = await ok('/wallets', walletListSchema);
      expect(list.displayCurrency).toBe('LAK');
      expect(list.perCurrency).toEqual([
        { currency: 'LAK', amount: 960_000 },
        { currency: 'THB', amount: 5_500 },
      ]);
      expect(list.total).toBe(960_000 + Number(convertExact(5_500n, 'THB', 'LAK', DEFAULT_RATES)));
      expect(list.outOfRange).toBe(false);
    });

    it('converts at the user’s own rates into their display currency', async () => {
      const rates = { ...DEFAULT_RATES, THB: '30', LAK: '20000' };
      await given(store, { alice: { preferences: { currency: 'THB', rates } } });
      const list = await ok('/wallets', walletListSchema);
      expect(list.displayCurrency).toBe('THB');
      // 960,000 LAK at 20,000 a dollar and 30 baht a dollar: 1,440.00 baht.
      expect(list.total).toBe(144_000 + 5_500);
    });

    it('shows balances at the end of a past day: the opening from its date, movements up to that day', async () => {
      const at = async (day: string) =>
        (await ok(`/wallets?asOf=${day}`, walletListSchema)).items.find((item) => item.id === BANK);
      expect(await at('2026-09-10')).toMatchObject({ balance: 0, movementCount: 0 });
      expect(await at('2026-09-15')).toMatchObject({ balance: 1_000_000, movementCount: 0 });
      expect(await at('2026-10-31')).toMatchObject({ balance: 1_000_000, movementCount: 3 });
      expect(await at('2026-11-01')).toMatchObject({ balance: 1_000_000, movementCount: 3 });
      expect(await at('2026-11-17')).toMatchObject({ balance: 950_000, movementCount: 4 });
    });

    it('gives every day of a month the opening and the movements dated up to it, early or late in the month, today with movements dated ahead', async () => {
      const SAVINGS = '0192f0c4-7a1b-7c3d-8e4f-00000000c005';
      const movements = Array.from({ length: 60 }, (_, n) => {
        const date = `2026-${n % 3 === 0 ? '10' : '11'}-${String((n % 30) + 1).padStart(2, '0')}`;
        return movement(SAVINGS, `tx:s${n}`, date, (n % 2 === 0 ? 1 : -1) * (1_000 + n * 37), {
          time: n % 4 === 0 ? '09:30' : null,
        });
      });
      await given(store, {
        alice: {
          wallets: [wallet(SAVINGS, { name: 'Savings', openingBalance: 500_000, openingDate: '2026-10-01' })],
          movements,
        },
      });
      const days = [
        ...Array.from({ length: 31 }, (_, n) => `2026-10-${String(n + 1).padStart(2, '0')}`),
        ...Array.from({ length: 20 }, (_, n) => `2026-11-${String(n + 1).padStart(2, '0')}`),
      ];
      for (const date of days) {
        const upTo = movements.filter((m) => m.date <= date);
        const found = (await ok(`/wallets?asOf=${date}`, walletListSchema)).items.find((item) => item.id === SAVINGS);
        expect(found, date).toMatchObject({
          balance: 500_000 + upTo.reduce((sum, m) => sum + m.amount, 0),
          movementCount: upTo.length,
        });
      }
      const today = (await ok('/wallets', walletListSchema)).items.find((item) => item.id === SAVINGS);
      const upToToday = movements.filter((m) => m.date <= '2026-11-20');
      expect(upToToday.length).toBeLessThan(movements.length);
      expect(today).toMatchObject({ balance: 500_000 + upToToday.reduce((sum, m) => sum + m.amount, 0) });
    });

    it('refuses a day after today on the user’s calendar', async () => {
      const answer = await getAs(app, '/wallets?asOf=2026-11-21');
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ error: { fields: { asOf: 'date_invalid' } } });
    });

    it('shows another user only their own wallets', async () => {
      const list = await ok('/wallets', walletListSchema, 'bob');
      expect(list.items.map((item) => item.id)).toEqual([BOBS]);
    });

    it('saturates a balance past 2^53 − 1 and says so, its running balances too', async () => {
      const largest = 2 ** 51;
      await given(store, {
        carol: {
          wallets: [wallet(BANK, { name: 'Vault', openingBalance: largest, openingDate: '2026-01-01' })],
          movements: [1, 2, 3, 4, 5].map((day) => movement(BANK, `tx:${day}`, `2026-0${day}-15`, largest)),
        },
      });
      const list = await ok('/wallets', walletListSchema, 'carol');
      expect(list.items[0]?.balance).toBe(Number.MAX_SAFE_INTEGER);
      expect(list.total).toBe(Number.MAX_SAFE_INTEGER);
      expect(list.outOfRange).toBe(true);
      const page = await ok(`/wallets/${BANK}/movements`, walletMovementsSchema, 'carol');
      // From 4 × 2^51 = 2^53 on the balance is past 2^53 − 1; before that it fits.
      expect(page.items.map((item) => item.balanceAfter)).toEqual([
        Number.MAX_SAFE_INTEGER,
        Number.MAX_SAFE_INTEGER,
        Number.MAX_SAFE_INTEGER,
        3 * largest,
        2 * largest,
        largest,
      ]);
    });
  });

  describe('GET /wallets/:id', () => {
    it('answers one wallet with its balance as of a day', async () => {
      expect(await ok(`/wallets/${CASH}`, walletViewSchema)).toMatchObject({
        id: CASH,
        name: null,
        nameKey: 'wallet.default',
        isDefault: true,
        balance: 5_500,
        movementCount: 2,
      });
      expect(await ok(`/wallets/${CASH}?asOf=2026-11-09`, walletViewSchema)).toMatchObject({ balance: 7_500 });
    });

    it('answers 404 wallet_not_found for another user’s wallet, an unknown one or a malformed id', async () => {
      for (const [url, uid] of [
        [`/wallets/${BANK}`, 'bob'],
        [`/wallets/${BOBS}`, 'alice'],
        ['/wallets/0192f0c4-7a1b-7c3d-8e4f-0000000000ff', 'alice'],
        ['/wallets/not-a-uuid', 'alice'],
        [`/wallets/${BANK}/movements`, 'bob'],
      ] as const) {
        const answer = await getAs(app, url, uid);
        expect(answer.statusCode, url).toBe(404);
        expect(answer.json()).toMatchObject({ error: { code: 'wallet_not_found' } });
      }
    });
  });

  describe('GET /wallets/:id/movements', () => {
    async function allPages(id: string, limit: number): Promise<{ items: WalletMovement[]; pages: number }> {
      const items: WalletMovement[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `limit=${limit}${cursor === null ? '' : `&cursor=${cursor}`}`;
        const page = await ok(`/wallets/${id}/movements?${query}`, walletMovementsSchema);
        items.push(...page.items);
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor !== null);
      return { items, pages };
    }

    it('lists newest first with the running balance, the opening balance last', async () => {
      const { items } = await allPages(BANK, 50);
      expect(items.map((item) => [item.id, item.kind, item.amount, item.balanceAfter])).toEqual([
        ['adj:e', 'adjustment', 10_000, 960_000],
        ['tx:c', 'expense', -50_000, 950_000],
        [`out:${TRANSFER}`, 'transfer_out', -300_000, 1_000_000],
        ['tx:b', 'expense', -200_000, 1_300_000],
        ['tx:a', 'income', 500_000, 1_500_000],
        ['opening', 'opening', 1_000_000, 1_000_000],
      ]);
      expect(items[2]).toMatchObject({
        transferId: TRANSFER,
        counterpartWalletId: CASH,
        counterpartAmount: { amount: 7_500, currency: 'THB' },
      });
      expect(items.at(-1)?.date).toBe('2026-09-15');
    });

    it('carries the running balance across pages, however the list is cut', async () => {
      const whole = (await allPages(BANK, 50)).items;
      for (const limit of [1, 2, 3, 5, 6]) {
        const { items, pages } = await allPages(BANK, limit);
        expect(items, `limit ${limit}`).toEqual(whole);
        expect(pages).toBe(Math.ceil(whole.length / limit));
      }
    });

    it('dates a default wallet’s opening row by its oldest movement', async () => {
      const { items } = await allPages(CASH, 50);
      expect(items.map((item) => [item.id, item.balanceAfter])).toEqual([
        ['tx:d', 5_500],
        [`in:${TRANSFER}`, 7_500],
        ['opening', 0],
      ]);
      expect(items.at(-1)?.date).toBe('2026-10-31');
    });

    it('answers 400 for a cursor it did not make', async () => {
      const answer = await getAs(app, `/wallets/${BANK}/movements?cursor=bm90LWEtY3Vyc29y`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ error: { fields: { cursor: 'field_invalid' } } });
    });
  });

  describe('GET /transfers/:id', () => {
    it('answers the transfer to its owner and 404 transfer_not_found to anyone else', async () => {
      expect(await ok(`/transfers/${TRANSFER}`, transferViewSchema)).toEqual(transfer);
      const answer = await getAs(app, `/transfers/${TRANSFER}`, 'bob');
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ error: { code: 'transfer_not_found' } });
    });
  });
});
