import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { walletMovementsSchema, walletViewSchema, type WalletMovement } from '@plenty/contracts/views/wallets';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { getAs, routesUnderTest } from '../route-testing.js';
import { READ_STORES, given, movement, wallet, walletStore, type ReadStoreKind } from './wallet-fixture.js';
import { walletsRoutes } from './wallets.routes.js';

const NOW = new Date('2026-11-20T05:00:00.000Z');

describe.each(Object.keys(READ_STORES) as ReadStoreKind[])('a wallet’s movements on %s', (kind) => {
  let store: ReadStore;
  let app: FastifyInstance;

  beforeEach(async () => {
    store = await walletStore(kind);
    app = await routesUnderTest((scope) => walletsRoutes(scope, store, () => NOW));
  });

  afterEach(async () => {
    await app.close();
    await store.close();
  });

  async function ok<T>(url: string, schema: { parse: (value: unknown) => T }, uid: string): Promise<T> {
    const answer = await getAs(app, url, uid);
    expect(answer.statusCode, answer.body).toBe(200);
    return schema.parse(answer.json());
  }

  it('puts the opening row at its date, older movements running without it, however the list is cut', async () => {
    const late = '0192f1a0-7c3e-7d2a-9b1c-5e6f7a8b9c0d';
    await given(store, {
      carol: {
        wallets: [wallet(late, { openingBalance: 1_000_000, openingDate: '2026-10-10' })],
        movements: [
          movement(late, 'tx:g', '2026-10-02', -5_000),
          movement(late, 'tx:h', '2026-10-10', -1_000),
          movement(late, 'tx:i', '2026-10-12', -7_000),
        ],
      },
    });
    const carolsPages = async (limit: number) => {
      const items: WalletMovement[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `limit=${limit}${cursor === null ? '' : `&cursor=${cursor}`}`;
        const page = await ok(`/wallets/${late}/movements?${query}`, walletMovementsSchema, 'carol');
        items.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor !== null);
      return items;
    };
    const whole = await carolsPages(50);
    expect(whole.map((item) => [item.id, item.date, item.balanceAfter])).toEqual([
      ['tx:i', '2026-10-12', 987_000],
      ['tx:h', '2026-10-10', 994_000],
      ['opening', '2026-10-10', 995_000],
      ['tx:g', '2026-10-02', -5_000],
    ]);
    for (const limit of [1, 2, 3, 4]) expect(await carolsPages(limit), `limit ${limit}`).toEqual(whole);
    const early = await ok(`/wallets/${late}?asOf=2026-10-05`, walletViewSchema, 'carol');
    expect(early.balance).toBe(-5_000);
  });

  describe('as of a day', () => {
    const bank = '0192f1a0-7c3e-7d2a-9b1c-5e6f7a8b9c1e';
    beforeEach(async () => {
      await given(store, {
        dana: {
          wallets: [wallet(bank, { openingBalance: 500_000, openingDate: '2026-09-10' })],
          movements: [
            movement(bank, 'tx:a', '2026-09-05', -2_000),
            movement(bank, 'tx:b', '2026-09-12', 30_000, { time: '08:00' }),
            movement(bank, 'tx:c', '2026-09-30', -4_000, { time: '23:59' }),
            movement(bank, 'tx:d', '2026-09-30', -1_000),
            movement(bank, 'tx:e', '2026-10-01', -9_000),
            movement(bank, 'tx:f', '2026-10-20', 70_000),
            movement(bank, 'tx:g', '2026-12-24', -50_000),
          ],
        },
        erin: { wallets: [], movements: [] },
      });
    });

    /** Every row as of `day`, read `limit` rows a page, asking with `asOf` on every page as the app does. */
    const pagesAsOf = async (day: string, limit: number) => {
      const items: WalletMovement[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `asOf=${day}&limit=${limit}${cursor === null ? '' : `&cursor=${cursor}`}`;
        const page = await ok(`/wallets/${bank}/movements?${query}`, walletMovementsSchema, 'dana');
        items.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor !== null);
      return items;
    };

    it('ends on the day, newest first, its first running balance the balance as of that day, however it is paged', async () => {
      const whole = await pagesAsOf('2026-09-30', 50);
      expect(whole.map((item) => [item.id, item.date, item.balanceAfter])).toEqual([
        ['tx:c', '2026-09-30', 523_000],
        ['tx:d', '2026-09-30', 527_000],
        ['tx:b', '2026-09-12', 528_000],
        ['opening', '2026-09-10', 498_000],
        ['tx:a', '2026-09-05', -2_000],
      ]);
      const card = await ok(`/wallets/${bank}?asOf=2026-09-30`, walletViewSchema, 'dana');
      expect(whole[0]?.balanceAfter).toBe(card.balance);
      for (const limit of [1, 2, 3, 4, 5])
        expect(await pagesAsOf('2026-09-30', limit), `limit ${limit}`).toEqual(whole);
    });

    it('agrees with the balance card on days around the opening date and on the first and middle of a month', async () => {
      for (const day of [
        '2026-09-04',
        '2026-09-05',
        '2026-09-09',
        '2026-09-10',
        '2026-10-01',
        '2026-10-19',
        '2026-11-20',
      ]) {
        const rows = await pagesAsOf(day, 2);
        const card = await ok(`/wallets/${bank}?asOf=${day}`, walletViewSchema, 'dana');
        expect(rows[0]?.balanceAfter ?? 0, day).toBe(card.balance);
        expect(
          rows.every((row) => row.date <= day),
          day,
        ).toBe(true);
        expect(
          rows.some((row) => row.id === 'opening'),
          day,
        ).toBe(day >= '2026-09-10');
      }
      expect(await pagesAsOf('2026-09-04', 10)).toEqual([]);
      // Without a day, the list holds every movement, those dated ahead too.
      const all = await ok(`/wallets/${bank}/movements`, walletMovementsSchema, 'dana');
      expect(all.items[0]).toMatchObject({ id: 'tx:g', balanceAfter: 534_000 });
    });

    it('refuses a day after today or not a day, naming the field, and another user’s wallet as unknown', async () => {
      for (const day of ['2026-11-21', '2026-02-30', 'yesterday']) {
        const answer = await getAs(app, `/wallets/${bank}/movements?asOf=${day}`, 'dana');
        expect(answer.statusCode, day).toBe(400);
        expect(answer.json(), day).toMatchObject({
          error: { code: 'validation_failed', fields: { asOf: expect.any(String) } },
        });
      }
      const other = await getAs(app, `/wallets/${bank}/movements?asOf=2026-09-30`, 'erin');
      expect(other.statusCode).toBe(404);
    });
  });
});
