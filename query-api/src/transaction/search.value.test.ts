import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CURRENCIES, type Currency } from '@plenty/contracts/money';
import type { RateTable } from '@plenty/contracts/rates';
import { TRANSACTIONS_VIEW } from '@plenty/contracts/views/registry';
import type { TransactionView } from '@plenty/contracts/views/transactions';
import { encodeCursor } from '@plenty/platform/read-store/keys';
import type { FindQuery, FindResult, ReadStore } from '@plenty/platform/read-store/port';
import { viewsOf } from '@plenty/projections/apply';
import { categoriesProjection } from '@plenty/projections/categories.projection';
import { eventLog } from '@plenty/projections/testing/events';
import { applyEvents } from '@plenty/projections/testing/memory-read-store';
import { tagsProjection } from '@plenty/projections/tags.projection';
import { transactionsProjection } from '@plenty/projections/transactions.projection';
import { walletsProjection } from '@plenty/projections/wallets.projection';
import { READ_STORES, type ReadStoreKind } from '../wallet/wallet-fixture.js';
import { storeConditions, type TransactionFilters } from './filters.js';
import {
  compareValues,
  decodeAmountCursor,
  encodeAmountCursor,
  findByValue,
  valueInDisplay,
  type AmountQuery,
} from './search.js';

/**
 * The list by value as it was read before the store merged the currencies (`findMerged`): a
 * page of whole documents per currency through `find`, merged here. The list must stay the same,
 * page by page and cursor by cursor.
 */
async function findByValueThroughFind(
  readStore: ReadStore,
  query: AmountQuery,
): Promise<{ items: TransactionView[]; nextCursor: string | null }> {
  const state = query.cursor === undefined ? {} : decodeAmountCursor(query.cursor);
  const sort: FindQuery['sort'] = [{ field: 'amount', direction: query.order.direction }];
  const streams = await Promise.all(
    CURRENCIES.filter((currency) => query.currencies.includes(currency) && state[currency] !== 0).map(
      async (currency) => {
        const from = state[currency];
        const page: FindResult<TransactionView> = await readStore.find<TransactionView>(TRANSACTIONS_VIEW, {
          userId: query.userId,
          ...query.conditions,
          where: { ...query.conditions.where, currency },
          sort,
          limit: query.limit,
          ...(typeof from === 'string' ? { cursor: from } : {}),
        });
        const rows = page.items.map((stored) => ({
          doc: stored.doc,
          currency,
          value: valueInDisplay(stored.doc.amount.amount, currency, query.order),
        }));
        return { currency, page, rows, taken: 0 };
      },
    ),
  );
  const items: TransactionView[] = [];
  while (items.length < query.limit) {
    let best: (typeof streams)[number] | undefined;
    for (const stream of streams) {
      const head = stream.rows[stream.taken];
      if (head === undefined) continue;
      const bestHead = best?.rows[best.taken];
      if (bestHead === undefined || compareValues(head, bestHead, query.order.direction) < 0) best = stream;
    }
    const row = best?.rows[best.taken];
    if (best === undefined || row === undefined) break;
    items.push(row.doc);
    best.taken += 1;
  }
  const next: Partial<Record<Currency, string | 0>> = { ...state };
  let more = false;
  for (const { currency, page, rows, taken } of streams) {
    if (taken === rows.length) {
      next[currency] = page.nextCursor ?? 0;
      if (page.nextCursor !== null) more = true;
      continue;
    }
    more = true;
    const last = rows[taken - 1];
    if (last === undefined) continue;
    next[currency] = encodeCursor([last.doc.amount.amount, last.doc.id]);
  }
  return { items, nextCursor: more ? encodeAmountCursor(next) : null };
}

const NOTES = ['rice soup', 'ร้านกาแฟ ใกล้บ้าน', 'coffee and rice', 'taxi home', 'ร้านข้าว'];
/** Amounts in a few steps per currency, so equal values across currencies and equal amounts are common. */
const UNITS: Partial<Record<Currency, number>> = { LAK: 2_000_000, THB: 4_000, USD: 100, EUR: 50 };
const id = (n: number) => `0192f0c4-7a1b-7c3d-8e4f-${n.toString(16).padStart(12, '0')}`;

describe.each(Object.keys(READ_STORES) as ReadStoreKind[])('transactions by value on %s', (kind) => {
  let store: ReadStore;

  beforeEach(async () => {
    store = await READ_STORES[kind]();
    const projections = [transactionsProjection, categoriesProjection, tagsProjection, walletsProjection];
    await store.ensureViews(viewsOf(projections));
    let seed = 26;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      // The high bits: the low ones of this generator repeat with a short period.
      return Math.floor(seed / 2 ** 16) % n;
    };
    const currencies = Object.keys(UNITS) as Currency[];
    const fields = () => {
      const currency = currencies[random(currencies.length)] ?? 'THB';
      const amount = (random(5) + 1) * (UNITS[currency] ?? 1) + (random(4) === 0 ? random(3) : 0);
      const split = random(6) === 0;
      return {
        type: random(4) === 0 ? 'income' : 'expense',
        amount: { amount, currency },
        categoryId: 'builtin-food',
        note: NOTES[random(NOTES.length)],
        tags: random(5) === 0 ? ['Trip Luang Prabang'] : [],
        date: `2026-${String(random(12) + 1).padStart(2, '0')}-${String(random(28) + 1).padStart(2, '0')}`,
        ...(split
          ? {
              type: 'expense',
              splits: [
                { categoryId: 'builtin-food', amount: amount - 1, note: 'rice' },
                { categoryId: 'builtin-transport', amount: 1, note: 'taxi' },
              ],
            }
          : {}),
      };
    };
    const log = eventLog();
    const events = [];
    for (let n = 0; n < 160; n += 1) events.push(log.transactionAdded(n % 9 === 0 ? 'bob' : 'alice', id(n), fields()));
    for (let n = 0; n < 40; n += 1) {
      const target = id(random(160));
      const owner = Number.parseInt(target.slice(-12), 16) % 9 === 0 ? 'bob' : 'alice';
      if (random(3) === 0) events.push(log.transactionDeleted(owner, target));
      else {
        const { amount, note } = fields();
        events.push(log.transactionEdited(owner, target, { amount, note }));
      }
    }
    await applyEvents(store, projections, events);
  });

  afterEach(async () => {
    await store.close();
  });

  const FILTERS: TransactionFilters[] = [
    {},
    { q: 'rice' },
    { q: 'ร้าน' },
    { q: 'rice', from: '2026-03-01', to: '2026-08-31' },
    { q: 'ร้าน', from: '2026-05-01', to: '2026-12-31', type: 'expense' },
    { from: '2026-02-01', to: '2026-06-30' },
    { type: 'income' },
    { q: '>5000' },
    { tag: 'trip luang prabang' },
    { q: 'nothing' },
  ];
  const RATES: RateTable[] = [
    // Equal values across currencies: 1 USD = 20,000 LAK = 40 THB.
    { USD: '1', LAK: '20000', THB: '40', EUR: '0.5', GBP: '0.762', CAD: '1.402', AUD: '1.538' },
    // Baht without a usable rate: its amounts after every converted one, in both directions.
    { USD: '1', LAK: '21850', THB: '0', EUR: '0.866', GBP: '0.762', CAD: '1.402', AUD: '1.538' },
  ];

  it('lists the same pages, with the same cursors, as each currency read whole and merged', async () => {
    let checked = 0;
    for (const filters of FILTERS) {
      const conditions = await storeConditions(store, 'alice', filters);
      for (const [rates, display] of [
        [RATES[0], 'LAK'],
        [RATES[0], 'USD'],
        [RATES[1], 'EUR'],
      ] as const) {
        for (const direction of ['desc', 'asc'] as const) {
          for (const limit of [5, 200]) {
            const query = (cursor: string | undefined): AmountQuery => ({
              userId: 'alice',
              conditions,
              limit,
              cursor,
              // A superset of the currencies used.
              currencies: CURRENCIES,
              order: { direction, display, rates: rates ?? ({} as RateTable) },
            });
            const label = JSON.stringify([filters, display, direction, limit]);
            const listed: string[] = [];
            let cursor: string | undefined;
            for (let page = 0; ; page += 1) {
              expect(page, label).toBeLessThan(200);
              const found = await findByValue(store, query(cursor));
              expect(found, `${label} page ${page}`).toEqual(await findByValueThroughFind(store, query(cursor)));
              listed.push(...found.items.map((t) => t.id));
              checked += found.items.length;
              if (found.nextCursor === null) break;
              cursor = found.nextCursor;
            }
            expect(new Set(listed).size, label).toBe(listed.length);
          }
        }
      }
    }
    // Enough of the list was compared for the pages to mean something.
    expect(checked).toBeGreaterThan(2_000);
  }, 120_000);
});
