import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { transactionListSchema, transactionViewSchema } from '@plenty/contracts/views/transactions';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { viewsOf } from '@plenty/projections/apply';
import { eventLog } from '@plenty/projections/testing/events';
import { applyEvents } from '@plenty/projections/testing/memory-read-store';
import { preferencesProjection } from '@plenty/projections/preferences.projection';
import { transactionTotalsProjection } from '@plenty/projections/transaction-totals.projection';
import { transactionsProjection } from '@plenty/projections/transactions.projection';
import { READ_STORES, RULE_A, RULE_B, type ReadStoreKind } from '../recurring/recurring-fixture.js';
import { getAs, routesUnderTest } from '../route-testing.js';
import { transactionsRoutes } from './transactions.routes.js';

const HAND = '0192f0c4-7a1b-7c3d-8e4f-00000000a001';
const OCTOBER = '0192f0c4-7a1b-7c3d-8e4f-00000000a002';
const NOVEMBER = '0192f0c4-7a1b-7c3d-8e4f-00000000a003';
const OTHER_RULE = '0192f0c4-7a1b-7c3d-8e4f-00000000a004';
const BOBS = '0192f0c4-7a1b-7c3d-8e4f-00000000a005';

describe.each(Object.keys(READ_STORES) as ReadStoreKind[])('transactions of a recurring rule on %s', (kind) => {
  let store: ReadStore;
  let app: FastifyInstance;

  beforeEach(async () => {
    store = await READ_STORES[kind]();
    // The amount sorts read the currencies from the totals, and the preferences.
    const projections = [transactionsProjection, transactionTotalsProjection, preferencesProjection];
    await store.ensureViews(viewsOf(projections));
    const log = eventLog();
    const rent = (date: string, ruleId = RULE_A) => ({
      amount: { amount: 1_500_000, currency: 'LAK' },
      categoryId: 'builtin-housing',
      date,
      recurrence: { ruleId, date },
    });
    await applyEvents(store, projections, [
      log.transactionAdded('alice', HAND, { date: '2026-11-20' }),
      log.transactionAdded('alice', OCTOBER, rent('2026-10-05')),
      log.transactionAdded('alice', NOVEMBER, {
        ...rent('2026-11-05'),
        amount: { amount: 1_600_000, currency: 'LAK' },
      }),
      log.transactionAdded('alice', OTHER_RULE, rent('2026-11-06', RULE_B)),
      log.transactionAdded('bob', BOBS, rent('2026-11-07')),
    ]);
    app = await routesUnderTest((scope) => transactionsRoutes(scope, store));
  });

  afterEach(async () => {
    await app.close();
    await store.close();
  });

  const list = async (query: string, uid = 'alice') => {
    const answer = await getAs(app, `/transactions${query}`, uid);
    expect(answer.statusCode, answer.body).toBe(200);
    return transactionListSchema.parse(answer.json()).items;
  };

  it("lists only the transactions the rule posted, the user's own, newest first and by amount", async () => {
    expect((await list(`?ruleId=${RULE_A}`)).map((t) => [t.id, t.recurrence])).toEqual([
      [NOVEMBER, { ruleId: RULE_A, date: '2026-11-05' }],
      [OCTOBER, { ruleId: RULE_A, date: '2026-10-05' }],
    ]);
    expect((await list(`?ruleId=${RULE_A}&sort=lowest`)).map((t) => t.id)).toEqual([OCTOBER, NOVEMBER]);
    expect((await list(`?ruleId=${RULE_B}`)).map((t) => t.id)).toEqual([OTHER_RULE]);
    expect((await list(`?ruleId=${RULE_A}`, 'bob')).map((t) => t.id)).toEqual([BOBS]);
  });

  it('says of every transaction which rule and occurrence it came from: null when entered by hand', async () => {
    const all = await list('');
    expect(all.map((t) => [t.id, t.recurrence?.ruleId ?? null])).toEqual([
      [HAND, null],
      [OTHER_RULE, RULE_B],
      [NOVEMBER, RULE_A],
      [OCTOBER, RULE_A],
    ]);
    expect(all[0]?.recurrence).toBeNull();
    const hand = await getAs(app, `/transactions/${HAND}`);
    expect(transactionViewSchema.parse(hand.json()).recurrence).toBeNull();
    const posted = await getAs(app, `/transactions/${OCTOBER}`);
    expect(transactionViewSchema.parse(posted.json()).recurrence).toEqual({ ruleId: RULE_A, date: '2026-10-05' });
  });

  it('refuses a rule id that is not a UUID', async () => {
    const answer = await getAs(app, '/transactions?ruleId=rent');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: { code: 'validation_failed' } });
  });
});
