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
});
