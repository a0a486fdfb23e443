import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { transactionListSchema, transactionTotalsSchema } from '@plenty/contracts/views/transactions';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { viewsOf } from '@plenty/projections/apply';
import { categoriesProjection } from '@plenty/projections/categories.projection';
import { eventLog } from '@plenty/projections/testing/events';
import { applyEvents } from '@plenty/projections/testing/memory-read-store';
import { preferencesProjection } from '@plenty/projections/preferences.projection';
import { tagsProjection } from '@plenty/projections/tags.projection';
import { transactionTotalsProjection } from '@plenty/projections/transaction-totals.projection';
import { transactionsProjection } from '@plenty/projections/transactions.projection';
import { walletsProjection } from '@plenty/projections/wallets.projection';
import { READ_STORES, type ReadStoreKind } from '../wallet/wallet-fixture.js';
import { getAs, routesUnderTest } from '../route-testing.js';
import { amountRange } from './filters.js';
import { transactionsRoutes } from './transactions.routes.js';

const COFFEE = '0192f0c4-7a1b-7c3d-8e4f-0000000000a1';
const FEES = '0192f0c4-7a1b-7c3d-8e4f-0000000000a2';
const SPLIT = '0192f0c4-7a1b-7c3d-8e4f-0000000000a3';
const PAY = '0192f0c4-7a1b-7c3d-8e4f-0000000000a4';
const BOBS = '0192f0c4-7a1b-7c3d-8e4f-0000000000b1';
const SCHOOL = '0192f0c4-7a1b-7c3d-8e4f-0000000000c1';
const KBANK = '0192f0c4-7a1b-7c3d-8e4f-0000000000d1';

describe('amount terms as one range', () => {
  it('keeps the tightest bounds, an equal amount as both', () => {
    expect(amountRange([])).toBeUndefined();
    expect(
      amountRange([
        { op: 'gt', value: 500 },
        { op: 'gte', value: 500 },
        { op: 'lt', value: 900 },
      ]),
    ).toEqual({ gt: 500, lt: 900 });
    expect(amountRange([{ op: 'eq', value: 700 }])).toEqual({ gte: 700, lte: 700 });
    expect(
      amountRange([
        { op: 'eq', value: 700 },
        { op: 'gte', value: 800 },
      ]),
    ).toEqual({ gte: 800, lte: 700 });
  });
});

describe.each(Object.keys(READ_STORES) as ReadStoreKind[])('transaction search and filters on %s', (kind) => {
  let store: ReadStore;
  let app: FastifyInstance;

  beforeEach(async () => {
    store = await READ_STORES[kind]();
    const projections = [
      transactionsProjection,
      transactionTotalsProjection,
      preferencesProjection,
      categoriesProjection,
      walletsProjection,
      tagsProjection,
    ];
    await store.ensureViews(viewsOf(projections));
    const log = eventLog();
    await applyEvents(store, projections, [
      log.categoryAdded('alice', SCHOOL, { name: 'ຄ່າຮຽນລູກ' }),
      log.walletOpened('alice', KBANK, { name: 'KBank Savings', currency: 'LAK' }),
      log.transactionAdded('alice', COFFEE, { note: 'ร้านกาแฟใกล้บ้าน', date: '2026-11-01', time: '08:00' }),
      log.transactionAdded('alice', FEES, {
        amount: { amount: 1_250_000, currency: 'LAK' },
        categoryId: SCHOOL,
        walletId: KBANK,
        note: 'ເຂົ້າໜຽວ ຕະຫຼາດເຊົ້າ',
        date: '2026-11-15',
      }),
      log.transactionAdded('alice', SPLIT, {
        amount: { amount: 10_000, currency: 'THB' },
        splits: [
          { categoryId: 'builtin-food', amount: 6000, note: 'Groceries' },
          { categoryId: 'builtin-transport', amount: 4000, note: 'Taxi home' },
        ],
        tags: ['Trip Luang Prabang'],
        date: '2026-11-30',
        time: '23:59',
      }),
      log.transactionAdded('alice', PAY, {
        type: 'income',
        amount: { amount: 5_000_000, currency: 'THB' },
        categoryId: 'builtin-salary',
        note: 'November pay',
        tags: ['work'],
        date: '2026-12-01',
      }),
      log.transactionAdded('bob', BOBS, { note: 'ร้านกาแฟ Taxi', tags: ['trip luang prabang'] }),
    ]);
    app = await routesUnderTest((scope) => transactionsRoutes(scope, store));
  });

  afterEach(async () => {
    await app.close();
    await store.close();
  });

  const ids = async (query: string, uid = 'alice') => {
    const answer = await getAs(app, `/transactions?${query}`, uid);
    expect(answer.statusCode, answer.body).toBe(200);
    return transactionListSchema.parse(answer.json()).items.map((t) => t.id);
  };
  const search = (q: string, more = '') => ids(`q=${encodeURIComponent(q)}${more}`);
  const totals = async (query: string) => {
    const answer = await getAs(app, `/transactions/totals?${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return transactionTotalsSchema.parse(answer.json());
  };

  it('finds words of notes and of split lines’ notes as word starts, the user’s own only', async () => {
    expect(await search('November')).toEqual([PAY]);
    expect(await search('nov')).toEqual([PAY]);
    expect(await search('taxi')).toEqual([SPLIT]);
    expect(await search('groc taxi')).toEqual([SPLIT]);
    expect(await search('ovember')).toEqual([]);
    expect(await ids(`q=taxi`, 'bob')).toEqual([BOBS]);
  });

  it('finds Thai and Lao words inside text written without spaces, also cut short while typing', async () => {
    expect(await search('กาแฟ')).toEqual([COFFEE]);
    expect(await search('ใกล้บ้าน')).toEqual([COFFEE]);
    expect(await search('ร้านกาแ')).toEqual([COFFEE]);
    expect(await search('ຕະຫຼາດ')).toEqual([FEES]);
    expect(await search('ຕະຫຼາ')).toEqual([FEES]);
    expect(await search('ໜຽວ')).toEqual([FEES]);
  });

  it('finds tags by their words, and filters by a tag whatever its case', async () => {
    expect(await search('luang')).toEqual([SPLIT]);
    expect(await ids(`tag=${encodeURIComponent('TRIP luang prabang')}`)).toEqual([SPLIT]);
    expect(await ids('tag=work')).toEqual([PAY]);
    expect(await ids('tag=trip')).toEqual([]);
    expect(await ids(`tag=${encodeURIComponent('trip luang prabang')}`, 'bob')).toEqual([BOBS]);
  });

  it('finds category names in English, Thai and Lao, split lines included, and custom names', async () => {
    expect(await search('transport')).toEqual([SPLIT]);
    expect(await search('เดินทาง')).toEqual([SPLIT]);
    expect(await search('ການເດີນທາງ')).toEqual([SPLIT]);
    expect(await search('food')).toEqual([SPLIT, COFFEE]);
    expect(await search('อาหาร')).toEqual([SPLIT, COFFEE]);
    expect(await search('ເງິນເດືອນ')).toEqual([PAY]);
    expect(await search('ຄ່າຮຽນ')).toEqual([FEES]);
  });

  it('finds wallet names: a named wallet, and the default wallets as Cash in every language', async () => {
    expect(await search('kbank')).toEqual([FEES]);
    expect(await search('savings')).toEqual([FEES]);
    expect(await search('cash')).toEqual([PAY, SPLIT, COFFEE]);
    expect(await search('เงินสด')).toEqual([PAY, SPLIT, COFFEE]);
  });

  it('compares amounts in major units of each transaction’s currency', async () => {
    expect(await search('>500')).toEqual([PAY, FEES]);
    expect(await search('1250000')).toEqual([FEES]);
    expect(await search('1,250,000')).toEqual([FEES]);
    expect(await search('<100')).toEqual([COFFEE]);
    expect(await search('<=100')).toEqual([SPLIT, COFFEE]);
    expect(await search('45')).toEqual([COFFEE]);
    expect(await search('>=45 <=100 food')).toEqual([SPLIT, COFFEE]);
    expect(await search('"45"')).toEqual([]);
  });

  it('filters by dates, both days included, a day alone as from = to', async () => {
    expect(await ids('from=2026-11-30&to=2026-11-30')).toEqual([SPLIT]);
    expect(await ids('from=2026-11-01&to=2026-11-15')).toEqual([FEES, COFFEE]);
    expect(await ids('from=2026-11-16')).toEqual([PAY, SPLIT]);
    expect(await ids('to=2026-11-01')).toEqual([COFFEE]);
    expect(await ids('from=2026-11-01&to=2026-11-30&sort=oldest')).toEqual([COFFEE, FEES, SPLIT]);
  });

  it('refuses a range that ends before it starts', async () => {
    const answer = await getAs(app, '/transactions?from=2026-11-30&to=2026-11-01');
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('date_range_invalid');
    const sums = await getAs(app, '/transactions/totals?from=2026-11-30&to=2026-11-01');
    expect(sums.statusCode).toBe(400);
  });

  it('filters by a category through split lines, and the totals count the lines of that category', async () => {
    expect(await ids('categoryId=builtin-transport')).toEqual([SPLIT]);
    expect(await ids('categoryId=builtin-food')).toEqual([SPLIT, COFFEE]);
    expect(await totals('categoryId=builtin-transport')).toEqual({
      count: 1,
      totals: [{ currency: 'THB', income: 0, expense: 4000 }],
      outOfRange: false,
    });
    expect(await totals('categoryId=builtin-food')).toEqual({
      count: 2,
      totals: [{ currency: 'THB', income: 0, expense: 10_500 }],
      outOfRange: false,
    });
    expect(await totals('categoryId=builtin-food&q=groceries')).toMatchObject({
      count: 1,
      totals: [{ currency: 'THB', income: 0, expense: 6000 }],
    });
  });

  it('filters by a category alike whether or not a split transaction has a line in it beside another category', async () => {
    const projections = [transactionsProjection, transactionTotalsProjection, tagsProjection];
    const log = eventLog();
    const BILL = '0192f0c4-7a1b-7c3d-8e4f-0000000000e1';
    const SHARED = '0192f0c4-7a1b-7c3d-8e4f-0000000000e2';
    const OWN = '0192f0c4-7a1b-7c3d-8e4f-0000000000e3';
    await applyEvents(store, projections, [
      log.transactionAdded('alice', BILL, { categoryId: 'builtin-utilities', date: '2026-11-10' }),
      // A split whose own category (its first line's) is Utilities: found by its own category.
      log.transactionAdded('alice', OWN, {
        amount: { amount: 3000, currency: 'THB' },
        splits: [
          { categoryId: 'builtin-utilities', amount: 2000 },
          { categoryId: 'builtin-food', amount: 1000 },
        ],
        date: '2026-11-11',
      }),
    ]);
    expect(await ids('categoryId=builtin-utilities')).toEqual([OWN, BILL]);
    expect(await ids('categoryId=builtin-utilities&sort=oldest&from=2026-11-11')).toEqual([OWN]);
    expect(await totals('categoryId=builtin-utilities&from=2026-11-01')).toMatchObject({ count: 2 });
    // Then one whose own category is Food has a line in Utilities: it is found too.
    await applyEvents(store, projections, [
      log.transactionAdded('alice', SHARED, {
        amount: { amount: 5000, currency: 'THB' },
        splits: [
          { categoryId: 'builtin-food', amount: 3500 },
          { categoryId: 'builtin-utilities', amount: 1500 },
        ],
        date: '2026-11-12',
      }),
    ]);
    expect(await ids('categoryId=builtin-utilities')).toEqual([SHARED, OWN, BILL]);
    expect(await ids('categoryId=builtin-utilities&sort=oldest&from=2026-11-11')).toEqual([OWN, SHARED]);
    expect(await totals('categoryId=builtin-utilities&from=2026-11-11')).toEqual({
      count: 2,
      totals: [{ currency: 'THB', income: 0, expense: 3500 }],
      outOfRange: false,
    });
  });

  it('sums what the new filters select', async () => {
    expect(await totals('from=2026-11-15&to=2026-12-01')).toEqual({
      count: 3,
      totals: [
        { currency: 'LAK', income: 0, expense: 1_250_000 },
        { currency: 'THB', income: 5_000_000, expense: 10_000 },
      ],
      outOfRange: false,
    });
    expect(await totals(`tag=work`)).toMatchObject({ count: 1, totals: [{ currency: 'THB', income: 5_000_000 }] });
    expect(await totals(`q=${encodeURIComponent('>500')}`)).toMatchObject({ count: 2 });
  });

  it('sorts by value with every filter', async () => {
    expect(await search('cash', '&sort=highest')).toEqual([PAY, SPLIT, COFFEE]);
    expect(await search('>40', '&sort=lowest&from=2026-11-01&to=2026-11-30')).toEqual([COFFEE, SPLIT, FEES]);
    expect(await ids('categoryId=builtin-food&sort=lowest')).toEqual([COFFEE, SPLIT]);
  });

  it('pages a list by value, however it is cut, through the same transactions as one page', async () => {
    const pages = async (query: string, limit: number) => {
      const all: string[] = [];
      let cursor: string | null = null;
      do {
        const answer = await getAs(
          app,
          `/transactions?${query}&limit=${limit}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
        );
        expect(answer.statusCode, answer.body).toBe(200);
        const page = transactionListSchema.parse(answer.json());
        all.push(...page.items.map((t) => t.id));
        cursor = page.nextCursor;
      } while (cursor !== null && all.length < 20);
      return all;
    };
    for (const query of ['sort=highest', 'sort=lowest', `sort=highest&q=${encodeURIComponent('>40')}`]) {
      const whole = await ids(`${query}&limit=50`);
      expect(whole.length, query).toBeGreaterThan(2);
      for (const limit of [1, 2, 3]) expect(await pages(query, limit), `${query}, ${limit} a page`).toEqual(whole);
    }
  });

  it('sums and lists a search over many edited and deleted transactions as the transactions themselves say', async () => {
    // Carol's transactions, random but fixed: notes of a few words, three currencies, both types,
    // split lines, tags, a year of dates; some edited, some deleted. The store's plans for a
    // search (the matches' keys, the sort's index, the rows) must all give the same answers.
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const WORDS = ['coffee', 'ร้าน', 'taxi', 'rice'];
    interface Kept {
      type: string;
      amount: number;
      currency: string;
      date: string;
      note: string;
      tags: string[];
    }
    const kept = new Map<string, Kept>();
    const log = eventLog();
    const events = [];
    for (let n = 0; n < 160; n += 1) {
      const id = `0192f0c4-7a1b-7c3d-8e4f-${String(n).padStart(12, '0')}`;
      const amount = 100 + random(1_000_000);
      const fields: Kept = {
        type: random(4) === 0 ? 'income' : 'expense',
        amount,
        currency: ['LAK', 'THB', 'USD'][random(3)] ?? 'THB',
        date: `2026-${String(random(12) + 1).padStart(2, '0')}-${String(random(28) + 1).padStart(2, '0')}`,
        note: Array.from({ length: random(2) + 1 }, () => WORDS[random(WORDS.length)]).join(' '),
        tags: random(3) === 0 ? ['trip'] : [],
      };
      const split = fields.type === 'expense' && random(5) === 0;
      events.push(
        log.transactionAdded('carol', id, {
          type: fields.type,
          amount: { amount, currency: fields.currency },
          categoryId: fields.type === 'income' ? 'builtin-salary' : 'builtin-food',
          date: fields.date,
          note: fields.note,
          tags: fields.tags,
          ...(split
            ? {
                splits: [
                  { categoryId: 'builtin-food', amount: amount - 50 },
                  { categoryId: 'builtin-transport', amount: 50, note: 'taxi' },
                ],
              }
            : {}),
        }),
      );
      kept.set(id, { ...fields, note: split ? `${fields.note} taxi` : fields.note });
      if (random(5) === 0) {
        const edited = 100 + random(1_000_000);
        const note = WORDS[random(WORDS.length)] ?? 'rice';
        if (!split) {
          events.push(
            log.transactionEdited('carol', id, { amount: { amount: edited, currency: fields.currency }, note }),
          );
          kept.set(id, { ...fields, amount: edited, note });
        }
      } else if (random(7) === 0) {
        events.push(log.transactionDeleted('carol', id));
        kept.delete(id);
      }
    }
    await applyEvents(store, [transactionsProjection, transactionTotalsProjection, tagsProjection], events);
    const sumsOf = (keep: (t: Kept) => boolean) => {
      const sums = new Map<string, { income: number; expense: number }>();
      let count = 0;
      for (const t of kept.values()) {
        if (!keep(t)) continue;
        count += 1;
        const sum = sums.get(t.currency) ?? { income: 0, expense: 0 };
        sum[t.type as 'income' | 'expense'] += t.amount;
        sums.set(t.currency, sum);
      }
      return {
        count,
        totals: ['LAK', 'THB', 'USD'].flatMap((currency) => {
          const sum = sums.get(currency);
          return sum === undefined ? [] : [{ currency, ...sum }];
        }),
      };
    };
    const has = (word: string) => (t: Kept) => t.note.split(' ').some((w) => w.startsWith(word));
    const inDates = (t: Kept) => t.date >= '2026-04-01' && t.date <= '2026-09-30';
    const dates = '&from=2026-04-01&to=2026-09-30';
    for (const word of ['coffee', 'ร้าน', 'taxi', 'ri']) {
      const q = `q=${encodeURIComponent(word)}`;
      const cases: [string, (t: Kept) => boolean][] = [
        [q, has(word)],
        [`${q}${dates}`, (t) => has(word)(t) && inDates(t)],
        [`${q}&type=expense`, (t) => has(word)(t) && t.type === 'expense'],
        [`${q}&tag=trip${dates}`, (t) => has(word)(t) && t.tags.length > 0 && inDates(t)],
      ];
      for (const [query, keep] of cases) {
        const answer = await getAs(app, `/transactions/totals?${query}`, 'carol');
        expect(answer.statusCode, answer.body).toBe(200);
        expect(transactionTotalsSchema.parse(answer.json()), query).toMatchObject(sumsOf(keep));
        for (const sort of ['highest', 'lowest', 'newest']) {
          const list = async (more: string) => {
            const page = await getAs(app, `/transactions?${query}&sort=${sort}${more}`, 'carol');
            expect(page.statusCode, page.body).toBe(200);
            return transactionListSchema.parse(page.json());
          };
          const whole = (await list('&limit=200')).items.map((t) => t.id);
          expect(new Set(whole), `${query} ${sort}`).toEqual(
            new Set([...kept.entries()].filter(([, t]) => keep(t)).map(([id]) => id)),
          );
          const paged: string[] = [];
          let cursor: string | null = null;
          do {
            const page = await list(`&limit=7${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`);
            paged.push(...page.items.map((t) => t.id));
            cursor = page.nextCursor;
          } while (cursor !== null);
          expect(paged, `${query} ${sort}, 7 a page`).toEqual(whole);
        }
      }
    }
  });

  it('reads search syntax as literal text: 200, nothing found', async () => {
    for (const q of ['"', '*', 'NEAR(a b)', 'a OR b', '^c', 'col:x', "'; DROP TABLE x; --", '(((', '"ร้าน" *']) {
      const answer = await getAs(app, `/transactions?q=${encodeURIComponent(q)}`);
      expect(answer.statusCode, `${q}: ${answer.body}`).toBe(200);
      const sums = await getAs(app, `/transactions/totals?q=${encodeURIComponent(q)}`);
      expect(sums.statusCode, `${q}: ${sums.body}`).toBe(200);
    }
    expect(await search('a OR b')).toEqual([]);
  });
});
