import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importExistingSchema, importListSchema, importViewSchema } from '@plenty/contracts/imports';
import { transactionListSchema } from '@plenty/contracts/views/transactions';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { viewsOf } from '@plenty/projections/apply';
import { allProjections } from '@plenty/projections/all';
import { eventLog } from '@plenty/projections/testing/events';
import { applyEvents } from '@plenty/projections/testing/memory-read-store';
import { getAs, routesUnderTest } from '../route-testing.js';
import { transactionsRoutes } from '../transaction/transactions.routes.js';
import { READ_STORES, type ReadStoreKind } from '../wallet/wallet-fixture.js';
import { importsRoutes } from './imports.routes.js';

const FIRST = '0192f0c4-7a1b-7c3d-8e4f-00000000b001';
const SECOND = '0192f0c4-7a1b-7c3d-8e4f-00000000b002';
/** Bob's batch, which Alice must never see. */
const BOBS = '0192f0c4-7a1b-7c3d-8e4f-00000000b003';

/**
 * Alice imports a bank statement (two rows, one with a time), then a second file a day later;
 * she also has a transaction entered by hand. Bob imports a file with a row on the same day.
 */
function history(): RecordedEvent[] {
  const log = eventLog(new Date('2026-11-20T03:00:00.000Z'));
  return [
    log.importStarted('alice', FIRST, { fileName: 'KBank.csv', rowCount: 2 }),
    log.transactionImported('alice', 'a0', FIRST, 0, { date: '2026-10-31', note: 'Market' }),
    log.transactionImported('alice', 'a1', FIRST, 1, { date: '2026-11-01', time: '23:59', note: 'ข้าวผัด' }),
    log.importEvent('alice', FIRST, 'ImportFinished', { added: 2, existing: 0, skipped: {} }),
    log.transactionAdded('alice', 'hand', { date: '2026-11-02', note: null, type: 'income' }),
    log.transactionAdded('alice', 'late', { date: '2026-11-03' }),
    log.importStarted('alice', SECOND, { fileName: 'ເງິນສົດ.csv', rowCount: 1, source: 'money-lover' }),
    log.transactionImported('alice', 'b0', SECOND, 0, {
      date: '2026-10-30',
      amount: { amount: 50_000, currency: 'LAK' },
    }),
    log.importStarted('bob', BOBS, { fileName: 'bob.csv' }),
    log.transactionImported('bob', 'c0', BOBS, 0, { date: '2026-11-01', note: 'Market' }),
  ];
}

describe.each(Object.keys(READ_STORES) as ReadStoreKind[])('import queries on %s', (kind) => {
  let store: ReadStore;
  let app: FastifyInstance;
  const open = async (options: Parameters<typeof importsRoutes>[2] = {}) => {
    await app.close();
    app = await routesUnderTest((scope) => {
      importsRoutes(scope, store, options);
      transactionsRoutes(scope, store);
    });
  };

  beforeEach(async () => {
    store = await READ_STORES[kind]();
    await store.ensureViews(viewsOf(allProjections));
    await applyEvents(store, allProjections, history());
    app = await routesUnderTest((scope) => {
      importsRoutes(scope, store);
      transactionsRoutes(scope, store);
    });
  });

  afterEach(async () => {
    await app.close();
    await store.close();
  });

  it('lists the user’s imports newest first, with their counts, and never another user’s', async () => {
    const answer = await getAs(app, '/imports');
    expect(answer.statusCode).toBe(200);
    const { items } = importListSchema.parse(answer.json());
    expect(items.map(({ batchId, fileName, status, added }) => ({ batchId, fileName, status, added }))).toEqual([
      { batchId: SECOND, fileName: 'ເງິນສົດ.csv', status: 'importing', added: 1 },
      { batchId: FIRST, fileName: 'KBank.csv', status: 'finished', added: 2 },
    ]);
    const bob = importListSchema.parse((await getAs(app, '/imports', 'bob')).json());
    expect(bob.items.map((item) => item.batchId)).toEqual([BOBS]);
    expect(importListSchema.parse((await getAs(app, '/imports', 'carol')).json())).toEqual({ items: [] });
  });

  it('answers one import, and 404 `import_not_found` for another user’s, a missing one or an id that is no UUID', async () => {
    const answer = await getAs(app, `/imports/${FIRST}`);
    expect(answer.statusCode).toBe(200);
    expect(importViewSchema.parse(answer.json())).toEqual(
      expect.objectContaining({ batchId: FIRST, rowCount: 2, added: 2, deleted: 0, existing: 0, skipped: {} }),
    );
    expect((await getAs(app, `/imports/${FIRST.toUpperCase()}`)).statusCode).toBe(200);
    for (const [url, uid] of [
      [`/imports/${BOBS}`, 'alice'],
      [`/imports/${FIRST}`, 'bob'],
      ['/imports/0192f0c4-7a1b-7c3d-8e4f-00000000b0ff', 'alice'],
      ['/imports/not-a-batch', 'alice'],
    ] as const) {
      const refused = await getAs(app, url, uid);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json()).toMatchObject({ error: { code: 'import_not_found' } });
    }
  });

  it('gives every transaction of the user between two dates, inclusive, with the batch it came from', async () => {
    const answer = await getAs(app, '/imports/existing?from=2026-10-31&to=2026-11-02');
    expect(answer.statusCode).toBe(200);
    expect(importExistingSchema.parse(answer.json())).toEqual({
      items: [
        {
          date: '2026-10-31',
          type: 'expense',
          amount: { amount: 4500, currency: 'THB' },
          note: 'Market',
          batchId: FIRST,
        },
        {
          date: '2026-11-01',
          type: 'expense',
          amount: { amount: 4500, currency: 'THB' },
          note: 'ข้าวผัด',
          batchId: FIRST,
        },
        { date: '2026-11-02', type: 'income', amount: { amount: 4500, currency: 'THB' }, note: null, batchId: null },
      ],
      truncated: false,
    });
    const bob = importExistingSchema.parse(
      (await getAs(app, '/imports/existing?from=2026-10-01&to=2026-12-31', 'bob')).json(),
    );
    expect(bob.items).toEqual([expect.objectContaining({ date: '2026-11-01', batchId: BOBS })]);
    const oneDay = importExistingSchema.parse(
      (await getAs(app, '/imports/existing?from=2026-10-30&to=2026-10-30')).json(),
    );
    expect(oneDay.items).toEqual([
      expect.objectContaining({ amount: { amount: 50_000, currency: 'LAK' }, batchId: SECOND }),
    ]);
  });

  it('reads the range a page at a time and says when it stopped at its cap', async () => {
    await open({ existingMax: 3, existingPage: 2 });
    const capped = importExistingSchema.parse(
      (await getAs(app, '/imports/existing?from=2026-10-01&to=2026-12-31')).json(),
    );
    expect(capped.items.map((item) => item.date)).toEqual(['2026-10-30', '2026-10-31', '2026-11-01']);
    expect(capped.truncated).toBe(true);
    const exact = importExistingSchema.parse(
      (await getAs(app, '/imports/existing?from=2026-10-31&to=2026-11-02')).json(),
    );
    expect(exact.items.map((item) => item.date)).toEqual(['2026-10-31', '2026-11-01', '2026-11-02']);
    expect(exact.truncated).toBe(false);
    // Exactly as many as the cap, the last one the user has: nothing was left out.
    const all = importExistingSchema.parse(
      (await getAs(app, '/imports/existing?from=2026-11-01&to=2026-11-03')).json(),
    );
    expect(all.items.map((item) => item.date)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    expect(all.truncated).toBe(false);
  });

  it('refuses a range whose end is before its start, or dates that are not dates', async () => {
    for (const url of [
      '/imports/existing?from=2026-11-02&to=2026-11-01',
      '/imports/existing?from=2026-11-31&to=2026-12-01',
      '/imports/existing?from=2026-11-01',
    ]) {
      expect((await getAs(app, url)).statusCode, url).toBe(400);
    }
  });

  it('filters the transaction list by import batch, and finds nothing of another user’s batch', async () => {
    const answer = await getAs(app, `/transactions?importId=${FIRST}`);
    expect(answer.statusCode).toBe(200);
    const { items } = transactionListSchema.parse(answer.json());
    expect(items.map((item) => [item.id, item.import])).toEqual([
      ['a1', { batchId: FIRST, row: 1 }],
      ['a0', { batchId: FIRST, row: 0 }],
    ]);
    const all = transactionListSchema.parse((await getAs(app, '/transactions')).json());
    expect(all.items.find((item) => item.id === 'hand')?.import).toBeNull();
    const bobs = transactionListSchema.parse((await getAs(app, `/transactions?importId=${BOBS}`)).json());
    expect(bobs.items).toEqual([]);
  });
});
