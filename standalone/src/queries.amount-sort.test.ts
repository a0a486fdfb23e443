import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATES } from '@plenty/contracts/rates';
import { transactionListSchema } from '@plenty/contracts/views/transactions';
import { bearer } from '@plenty/platform/auth/fake-verifier';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import type { EventStore } from '@plenty/platform/event-store/port';
import type { Projector } from '@plenty/projector/runtime-api';
import type { HistoryWriter } from '@plenty/projections/testing/history';
import { openQueryServer, type QueryServer } from './testing/query-server.js';
import {
  compareValues,
  decodeAmountCursor,
  encodeAmountCursor,
  valueInDisplay,
} from '@plenty/query-api/transaction/search';

let server: QueryServer;
let app: FastifyInstance;
let eventStore: EventStore;
let projector: Projector;
let writer: HistoryWriter;
let codec: EventCodec;
/** Transactions by a name the tests use, per user. */
const names = new Map<string, string>();

async function profileEvent(userId: string, type: string, data: Record<string, unknown>): Promise<void> {
  const commandId = randomUUID();
  const encoded = await codec.encode({
    id: randomUUID(),
    type,
    data,
    metadata: { userId, commandId, correlationId: commandId, occurredAt: new Date().toISOString(), schemaVersion: 1 },
  });
  await eventStore.appendToStream(`profile-${userId}`, [encoded], 'any');
}

async function add(userId: string, name: string, amount: number, currency: string, fields = {}): Promise<void> {
  const { transactionId } = await writer.addTransaction(userId, { amount: { amount, currency }, ...fields });
  names.set(transactionId, name);
}

beforeAll(async () => {
  server = await openQueryServer('amount-sort');
  ({ app, projector, writer } = server);
  eventStore = server.stores.eventStore;
  codec = server.stores.codec;

  // Noy keeps her books in kip at 21,850 kip to the dollar and 32.45 baht (the bundled rates).
  await profileEvent('noy', 'PreferencesChanged', { changes: { currency: 'LAK' } });
  await add('noy', 'usd100', 10_000, 'USD'); // ≈ 2,185,000 kip
  await add('noy', 'lak55k', 55_000, 'LAK');
  await add('noy', 'lak3m', 3_000_000, 'LAK');
  await add('noy', 'thb500', 50_000, 'THB'); // ≈ 336,672 kip
  await add('noy', 'usd1', 100, 'USD', { type: 'income', categoryId: 'builtin-salary' }); // 21,850 kip
  await add('noy', 'lak21850', 21_850, 'LAK'); // the same as USD 1.00
  await add('noy', 'eur50', 5_000, 'EUR'); // ≈ 1,261,547 kip

  // Kham shows dollars and set his own rates: a baht is worth more than a dollar here.
  await profileEvent('kham', 'PreferencesChanged', { changes: { currency: 'USD' } });
  await profileEvent('kham', 'ExchangeRatesSet', { rates: { ...DEFAULT_RATES, THB: '0.5' } });
  await add('kham', 'usd10', 1_000, 'USD');
  await add('kham', 'thb10', 1_000, 'THB'); // $20.00 at his rate
  await add('kham', 'lak100k', 100_000, 'LAK'); // ≈ $4.58
  await projector.waitFor(await eventStore.headPosition(), 10_000);
});

afterAll(async () => {
  await server.close();
});

async function page(uid: string, query: string) {
  const answer = await app.inject({
    method: 'GET',
    url: `/api/queries/transactions${query}`,
    headers: { authorization: bearer(uid) },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const list = transactionListSchema.parse(answer.json());
  return { names: list.items.map((t) => names.get(t.id) ?? t.id), nextCursor: list.nextCursor };
}

/** Every page of a list, `limit` rows at a time, following the cursors. */
async function allPages(uid: string, query: string, limit: number): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const found = await page(
      uid,
      `${query}&limit=${limit}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
    );
    pages.push(found.names);
    cursor = found.nextCursor;
    expect(pages.length).toBeLessThan(20);
  } while (cursor !== null);
  return pages;
}

const NOY_LOWEST = ['usd1', 'lak21850', 'lak55k', 'thb500', 'eur50', 'usd100', 'lak3m'];
const NOY_HIGHEST = ['lak3m', 'usd100', 'eur50', 'thb500', 'lak55k', 'lak21850', 'usd1'];

describe('sorting transactions by amount', () => {
  it('orders by the value in the display currency at the user’s rates, not by minor units', async () => {
    // A dollar and 21,850 kip are worth the same: the order of currencies (LAK first) decides.
    expect((await page('noy', '?sort=lowest')).names).toEqual(['lak21850', 'usd1', ...NOY_LOWEST.slice(2)]);
    expect((await page('noy', '?sort=highest')).names).toEqual(NOY_HIGHEST);
  });

  it('uses the user’s own rates and display currency', async () => {
    expect((await page('kham', '?sort=lowest')).names).toEqual(['lak100k', 'usd10', 'thb10']);
    expect((await page('kham', '?sort=highest')).names).toEqual(['thb10', 'usd10', 'lak100k']);
  });

  it('pages through every transaction once, in the same order, whatever the page size', async () => {
    const whole = (await page('noy', '?sort=lowest')).names;
    for (const limit of [1, 2, 3, 4, 6, 7]) {
      const pages = await allPages('noy', '?sort=lowest', limit);
      expect(pages.flat(), `pages of ${limit}`).toEqual(whole);
      expect(pages.every((p) => p.length <= limit && p.length > 0)).toBe(true);
    }
    const highest = (await page('noy', '?sort=highest')).names;
    expect((await allPages('noy', '?sort=highest', 2)).flat()).toEqual(highest);
  });

  it('keeps the filters: only expenses, only a search', async () => {
    // usd1 is Noy's one income.
    expect((await page('noy', '?sort=highest&type=expense')).names).toEqual(
      NOY_HIGHEST.filter((name) => name !== 'usd1'),
    );
    expect((await page('noy', '?sort=lowest&type=income')).names).toEqual(['usd1']);
    expect((await allPages('noy', '?sort=lowest&q=river', 3)).flat()).toEqual(
      (await page('noy', '?sort=lowest')).names,
    );
    expect((await page('noy', '?sort=lowest&q=nothing-like-this')).names).toEqual([]);
  });

  it('refuses a cursor of another sort or a made-up one with 400', async () => {
    const byDate = await page('noy', '?limit=2');
    for (const cursor of [byDate.nextCursor ?? '', 'v1.bm90LWpzb24', 'v1.eyJYWFgiOiJhIn0']) {
      const answer = await app.inject({
        method: 'GET',
        url: `/api/queries/transactions?sort=lowest&cursor=${encodeURIComponent(cursor)}`,
        headers: { authorization: bearer('noy') },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.fields).toEqual({ cursor: 'field_invalid' });
    }
  });
});

describe('values in the display currency', () => {
  it('converts exactly, with integers, and keeps the display currency as it is', () => {
    const order = { display: 'LAK' as const, rates: DEFAULT_RATES };
    expect(valueInDisplay(10_000, 'USD', order)).toBe(2_185_000n);
    expect(valueInDisplay(55_000, 'LAK', order)).toBe(55_000n);
    expect(valueInDisplay(50_000, 'THB', order)).toBe(336_672n);
  });

  it('has no value for a currency without a usable rate, and such amounts come after every converted one', () => {
    const rates = { ...DEFAULT_RATES, EUR: '' };
    expect(valueInDisplay(5_000, 'EUR', { display: 'LAK', rates })).toBeNull();
    const missing = { value: null, currency: 'EUR' as const };
    const converted = { value: 10n ** 15n, currency: 'LAK' as const };
    expect(compareValues(missing, converted, 'asc')).toBeGreaterThan(0);
    expect(compareValues(missing, converted, 'desc')).toBeGreaterThan(0);
    expect(compareValues({ value: 5n, currency: 'USD' }, { value: 5n, currency: 'LAK' }, 'asc')).toBeGreaterThan(0);
  });

  it('reads back the cursor it writes', () => {
    const state = { LAK: 'abc', USD: 0 as const };
    expect(decodeAmountCursor(encodeAmountCursor(state))).toEqual(state);
  });
});
