import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activityPageSchema, type ActivityPage } from '@plenty/contracts/views/activity';
import { allProjections } from '@plenty/projections/all';
import { projectionScratch } from '@plenty/projections/testing/scratch';
import { getAs, routesUnderTest } from '../route-testing.js';
import { activityRoutes } from './activity.routes.js';

const lunch = '0192f0c4-7a1b-7c3d-8e4f-00000000a001';
const taxi = '0192f0c4-7a1b-7c3d-8e4f-00000000a002';
const trip = '0192f0c4-7a1b-7c3d-8e4f-00000000b001';

const scratch = projectionScratch(allProjections);
let app: FastifyInstance;

const addTransaction = (id: string, note: string, at: string, userId = 'alice') =>
  scratch.log.event(
    `transaction-${id}`,
    userId,
    'TransactionAdded',
    {
      transactionId: id,
      type: 'expense',
      amount: { amount: 12_000, currency: 'THB' },
      categoryId: 'builtin-food',
      date: at.slice(0, 10),
      note,
    },
    at,
  );

// Alice lives in Vientiane (UTC+7): 2026-11-01T17:30Z is already 2 November there.
beforeEach(async () => {
  const { log } = scratch;
  await scratch.given(
    log.event(
      'profile-alice',
      'alice',
      'PreferencesChanged',
      { changes: { timeZone: 'Asia/Vientiane' } },
      '2026-10-31T10:00:00.000Z',
    ),
    addTransaction(lunch, 'Lunch', '2026-11-01T16:30:00.000Z'),
    log.event(
      `transaction-${lunch}`,
      'alice',
      'TransactionEdited',
      { transactionId: lunch, changes: { amount: { amount: 15_000, currency: 'THB' } } },
      '2026-11-01T17:30:00.000Z',
    ),
    log.event(
      'profile-alice',
      'alice',
      'GoalAdded',
      {
        goalId: trip,
        name: 'Trip',
        target: { amount: 5_000_000, currency: 'LAK' },
        saved: { amount: 0, currency: 'LAK' },
      },
      '2026-11-02T09:00:00.000Z',
    ),
    addTransaction(taxi, 'Taxi', '2026-11-03T02:00:00.000Z'),
    addTransaction('0192f0c4-7a1b-7c3d-8e4f-00000000beef', 'Bob’s', '2026-11-03T03:00:00.000Z', 'bob'),
  );
  app = await routesUnderTest((scope) => activityRoutes(scope, scratch.store));
});

afterEach(async () => {
  await app.close();
});

const get = (query: string, uid = 'alice') => getAs(app, `/activity${query}`, uid);

async function page(query: string): Promise<ActivityPage> {
  const answer = await get(query);
  expect(answer.statusCode, answer.body).toBe(200);
  return activityPageSchema.parse(answer.json());
}

const types = (answer: ActivityPage) => answer.items.map((entry) => entry.type);

describe('GET /activity', () => {
  it('answers the whole account newest first, a page at a time', async () => {
    const first = await page('?limit=3');
    expect(types(first)).toEqual(['transaction_added', 'goal_added', 'transaction_edited']);
    expect(first.items[0]).toMatchObject({ kind: 'transaction', subjectId: taxi, subject: { name: 'Taxi' } });
    expect(first.items[2]?.changes).toEqual([
      { field: 'amount', from: { amount: 12_000, currency: 'THB' }, to: { amount: 15_000, currency: 'THB' } },
    ]);
    expect(first.items[0]).not.toHaveProperty('sortKey');
    // Stored without the fields it leaves empty, an entry is answered with every one of them.
    const raw = (await get('?limit=1')).json() as { items: Record<string, unknown>[] };
    expect(raw.items[0]).toMatchObject({
      changes: [],
      amount: null,
      date: null,
      installmentNumber: null,
      currency: null,
      replacementCategoryId: null,
      transfer: null,
      recurrence: null,
      reason: null,
      counts: null,
    });
    const rest = await page(`?limit=3&cursor=${encodeURIComponent(first.nextCursor ?? '')}`);
    expect(types(rest)).toEqual(['transaction_added', 'preferences_changed']);
    expect(rest.nextCursor).toBeNull();
  });

  it('filters by kind and by item', async () => {
    expect(types(await page('?kind=goal'))).toEqual(['goal_added']);
    expect(types(await page('?kind=transaction'))).toEqual([
      'transaction_added',
      'transaction_edited',
      'transaction_added',
    ]);
    const item = await page(`?kind=transaction&subjectId=${lunch}`);
    expect(types(item)).toEqual(['transaction_edited', 'transaction_added']);
    expect(item.items.every((entry) => entry.subjectId === lunch)).toBe(true);
    expect(types(await page('?kind=settings&subjectId=preferences'))).toEqual(['preferences_changed']);
  });

  it('filters by days of the user’s time zone, pages included', async () => {
    // 16:30Z on 1 November is 23:30 in Vientiane; 17:30Z is 00:30 on the 2nd.
    expect(types(await page('?from=2026-11-02&to=2026-11-02'))).toEqual(['goal_added', 'transaction_edited']);
    expect(types(await page('?to=2026-11-01'))).toEqual(['transaction_added', 'preferences_changed']);
    expect(types(await page('?from=2026-11-03'))).toEqual(['transaction_added']);
    const first = await page('?from=2026-11-01&to=2026-11-02&limit=2');
    expect(types(first)).toEqual(['goal_added', 'transaction_edited']);
    const last = await page(
      `?from=2026-11-01&to=2026-11-02&limit=2&cursor=${encodeURIComponent(first.nextCursor ?? '')}`,
    );
    expect(types(last)).toEqual(['transaction_added']);
    expect(last.nextCursor).toBeNull();
  });

  it('answers an empty page for an item of the user with nothing in the range, and 404 for another user’s item', async () => {
    const empty = await page(`?subjectId=${lunch}&from=2026-11-03`);
    expect(empty).toEqual({ items: [], nextCursor: null });
    for (const uid of ['bob', 'carol']) {
      const answer = await get(`?subjectId=${lunch}`, uid);
      expect(answer.statusCode, uid).toBe(404);
      expect(answer.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    const bobs = await get('?kind=transaction', 'bob');
    expect(types(activityPageSchema.parse(bobs.json()))).toEqual(['transaction_added']);
  });

  it('answers 400 with the field for bad filters, and changes nothing', async () => {
    for (const [query, field, code] of [
      ['?kind=everything', 'kind', 'field_invalid'],
      ['?subjectId=nope', 'subjectId', 'id_invalid'],
      ['?from=2026-02-30', 'from', 'date_invalid'],
      ['?to=yesterday', 'to', 'date_invalid'],
      ['?from=2026-11-03&to=2026-11-01', 'to', 'date_invalid'],
      ['?limit=0', 'limit', 'too_small'],
      ['?cursor=nonsense', 'cursor', 'field_invalid'],
      ['?sort=oldest', 'sort', 'unknown_field'],
    ] as const) {
      const answer = await get(query);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json(), query).toMatchObject({ error: { code: 'validation_failed' } });
      if (code !== 'too_small') expect(answer.json().error.fields, query).toMatchObject({ [field]: code });
      else expect(answer.json().error.fields, query).toHaveProperty(field);
    }
  });
});
