import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tagListSchema } from '@plenty/contracts/tags';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { viewsOf } from '@plenty/projections/apply';
import { eventLog } from '@plenty/projections/testing/events';
import { applyEvents } from '@plenty/projections/testing/memory-read-store';
import { tagsProjection } from '@plenty/projections/tags.projection';
import { transactionsProjection } from '@plenty/projections/transactions.projection';
import { getAs, routesUnderTest } from '../route-testing.js';
import { READ_STORES, type ReadStoreKind } from '../wallet/wallet-fixture.js';
import { readTags, tagsRoutes } from './tags.routes.js';

const projections = [transactionsProjection, tagsProjection];

/**
 * Alice tags a trip three times, a wedding twice (once in Lao), food once and a tag she then
 * deletes from its only transaction; "Alpha" and "beta" are used once each, like food. Bob has
 * a tag of his own.
 */
function history(): RecordedEvent[] {
  const log = eventLog(new Date('2026-11-20T03:00:00.000Z'));
  const add = (userId: string, id: string, tags: string[], date = '2026-11-20') =>
    log.transactionAdded(userId, id, { tags, date });
  return [
    add('alice', 'a1', ['Trip', 'ງານແຕ່ງ'], '2026-11-01'),
    add('alice', 'a2', ['trip', 'Food'], '2026-11-15'),
    add('alice', 'a3', ['TRIP', 'ງານແຕ່ງ'], '2026-11-10'),
    add('alice', 'a4', ['beta', 'Alpha', 'Gone']),
    log.transactionEdited('alice', 'a4', { tags: ['beta', 'Alpha'] }),
    add('bob', 'b1', ['Bob’s'], '2026-10-01'),
  ];
}

describe.each(Object.keys(READ_STORES) as ReadStoreKind[])('GET /tags on %s', (kind) => {
  let store: ReadStore;
  let app: FastifyInstance;

  beforeEach(async () => {
    store = await READ_STORES[kind]();
    await store.ensureViews(viewsOf(projections));
    await applyEvents(store, projections, history());
    app = await routesUnderTest((scope) => tagsRoutes(scope, store));
  });

  afterEach(async () => {
    await app.close();
    await store.close();
  });

  it('lists the tags still in use, most used first, then by their lower-case name in code-point order', async () => {
    const answer = await getAs(app, '/tags');
    expect(answer.statusCode).toBe(200);
    const { items } = tagListSchema.parse(answer.json());
    expect(items).toEqual([
      { id: 'trip', name: 'Trip', count: 3, lastUsed: '2026-11-15' },
      { id: 'ງານແຕ່ງ', name: 'ງານແຕ່ງ', count: 2, lastUsed: '2026-11-10' },
      { id: 'alpha', name: 'Alpha', count: 1, lastUsed: '2026-11-20' },
      { id: 'beta', name: 'beta', count: 1, lastUsed: '2026-11-20' },
      { id: 'food', name: 'Food', count: 1, lastUsed: '2026-11-15' },
    ]);
    // Only the view's fields, nothing the projection keeps for itself.
    expect(Object.keys((answer.json() as { items: object[] }).items[0] ?? {}).sort()).toEqual([
      'count',
      'id',
      'lastUsed',
      'name',
    ]);
  });

  it('answers each user their own tags only', async () => {
    expect(tagListSchema.parse((await getAs(app, '/tags', 'bob')).json()).items).toEqual([
      { id: 'bob’s', name: 'Bob’s', count: 1, lastUsed: '2026-10-01' },
    ]);
    expect(tagListSchema.parse((await getAs(app, '/tags', 'carol')).json())).toEqual({ items: [] });
  });

  it('reads every page of a long list in the same order', async () => {
    const all = await readTags(store, 'alice');
    expect(await readTags(store, 'alice', 2)).toEqual(all);
    expect(all).toHaveLength(5);
  });
});
