import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_CATEGORIES } from '@plenty/contracts/categories';
import { categoryListSchema } from '@plenty/contracts/views/categories';
import { transactionListSchema, transactionViewSchema } from '@plenty/contracts/views/transactions';
import { comparePositions, isPosition, type EventStore } from '@plenty/platform/event-store/port';
import type { Projector } from '@plenty/projector/runtime-api';
import type { HistoryWriter } from '@plenty/projections/testing/history';
import { openQueryServer, type QueryServer } from './testing/query-server.js';
import { bearer } from '@plenty/platform/auth/fake-verifier';

let server: QueryServer;
let app: FastifyInstance;
let eventStore: EventStore;
let projector: Projector;
let writer: HistoryWriter;
const coffee = randomUUID();
const books = randomUUID();
/** Alice's transactions by a name the tests use. */
const ids: Record<string, string> = {};
/** Called when a request starts waiting for a position. */
let onWait: (() => void) | null = null;
const byId = (id: string) => Object.entries(ids).find(([, value]) => value === id)?.[0] ?? id;

beforeAll(async () => {
  server = await openQueryServer('queries', () => onWait?.());
  ({ app, projector, writer } = server);
  eventStore = server.stores.eventStore;

  await writer.addCategory('alice', coffee, 'Coffee');
  await writer.addCategory('alice', books, 'Books');
  await writer.addCategory('bob', randomUUID(), 'Tea');
  const add = async (name: string, fields: Record<string, unknown>) => {
    ids[name] = (
      await writer.addTransaction('alice', { amount: { amount: 1250, currency: 'USD' }, ...fields })
    ).transactionId;
  };
  await add('breakfast', { date: '2026-11-02', time: '08:00' });
  await add('salary', {
    type: 'income',
    categoryId: 'builtin-salary',
    amount: { amount: 500_000, currency: 'USD' },
    date: '2026-11-01',
  });
  await add('latte', { categoryId: coffee, date: '2026-11-03', time: '18:30' });
  await add('lunch', { amount: { amount: 9900, currency: 'USD' }, date: '2026-11-02', time: '12:00' });
  await add('dropped', { amount: { amount: 300, currency: 'USD' }, date: '2026-10-30' });
  await add('bus', { categoryId: 'builtin-transport', amount: { amount: 700, currency: 'USD' }, date: '2026-11-04' });
  await writer.deleteTransaction('alice', ids.dropped ?? '');
  await writer.editTransaction('alice', ids.bus ?? '', { amount: { amount: 800, currency: 'USD' } });
  ids.bobs = (await writer.addTransaction('bob')).transactionId;
  await projector.waitFor(await eventStore.headPosition(), 10_000);
});

afterAll(async () => {
  await server.close();
});

const get = (url: string, uid = 'alice', headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api/queries${url}`, headers: { authorization: bearer(uid), ...headers } });

async function list(query: string, uid = 'alice'): Promise<string[]> {
  const answer = await get(`/transactions${query}`, uid);
  expect(answer.statusCode).toBe(200);
  return transactionListSchema.parse(answer.json()).items.map((t) => byId(t.id));
}

/** The two 12.50 expenses tie on amount; their order follows their ids. */
const tied = () => [ids.breakfast ?? '', ids.latte ?? ''].sort().map(byId);

describe('GET /transactions', () => {
  it('lists the user’s live transactions, newest first by default', async () => {
    expect(await list('')).toEqual(['bus', 'latte', 'lunch', 'breakfast', 'salary']);
    expect(await list('?sort=oldest')).toEqual(['salary', 'breakfast', 'lunch', 'latte', 'bus']);
  });

  it('sorts by amount, the id breaking ties', async () => {
    expect(await list('?sort=highest')).toEqual(['salary', 'lunch', ...tied().reverse(), 'bus']);
    expect(await list('?sort=lowest')).toEqual(['bus', ...tied(), 'lunch', 'salary']);
  });

  it('filters by type and by category', async () => {
    expect(await list('?type=income')).toEqual(['salary']);
    expect(await list(`?categoryId=${coffee}`)).toEqual(['latte']);
    expect(await list('?type=expense&categoryId=builtin-food&sort=lowest')).toEqual([
      ...tied().filter((n) => n !== 'latte'),
      'lunch',
    ]);
    expect(await list(`?categoryId=${books}`)).toEqual([]);
  });

  it('pages through every transaction once with the cursor it answers', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const answer = await get(
        `/transactions?limit=2${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
      );
      const page = transactionListSchema.parse(answer.json());
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((t) => byId(t.id)));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual(['bus', 'latte', 'lunch', 'breakfast', 'salary']);
  });

  it('never lists another user’s transactions', async () => {
    expect(await list('', 'bob')).toEqual(['bobs']);
    expect(await list('', 'carol')).toEqual([]);
  });

  it('answers 400 naming each bad field', async () => {
    const answer = await get('/transactions?sort=sideways&limit=0&colour=red');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: expect.any(String),
        fields: { sort: 'field_invalid', limit: expect.any(String), colour: 'unknown_field' },
      },
    });
    const badCursor = await get('/transactions?cursor=not-a-cursor');
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().error.fields).toEqual({ cursor: 'field_invalid' });
  });
});

describe('GET /transactions/:id', () => {
  it('answers one transaction with the edits applied', async () => {
    const answer = await get(`/transactions/${ids.bus}`);
    expect(answer.statusCode).toBe(200);
    expect(transactionViewSchema.parse(answer.json())).toMatchObject({
      id: ids.bus,
      amount: { amount: 800, currency: 'USD' },
      categoryId: 'builtin-transport',
      note: 'Lunch by the river',
      revision: 1,
    });
  });

  it('answers 404 for a deleted, unknown, malformed or another user’s transaction', async () => {
    for (const [id, uid] of [
      [ids.dropped, 'alice'],
      [randomUUID(), 'alice'],
      ['not-an-id', 'alice'],
      [ids.breakfast, 'bob'],
    ]) {
      const answer = await get(`/transactions/${id}`, uid);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.code).toBe('not_found');
    }
  });
});

describe('GET /categories', () => {
  it('answers the built-in categories, then the user’s own in the order they were added', async () => {
    const answer = await get('/categories');
    expect(answer.statusCode).toBe(200);
    const { items } = categoryListSchema.parse(answer.json());
    expect(items.slice(0, BUILT_IN_CATEGORIES.length)).toEqual(
      BUILT_IN_CATEGORIES.map((c) => ({ ...c, name: null, builtIn: true })),
    );
    expect(items.slice(BUILT_IN_CATEGORIES.length)).toEqual([
      { id: coffee, name: 'Coffee', nameKey: null, type: 'expense', icon: 'cup', color: '#aa5500', builtIn: false },
      { id: books, name: 'Books', nameKey: null, type: 'expense', icon: 'cup', color: '#aa5500', builtIn: false },
    ]);
  });
});

describe('read positions', () => {
  it('tells in X-Position how far every answer’s read model is, errors included', async () => {
    const current = await projector.current();
    for (const answer of [
      await get('/transactions'),
      await get('/categories'),
      await get(`/transactions/${randomUUID()}`),
      await get('/transactions?sort=sideways'),
      await get('/transactions', 'alice', { 'x-min-position': 'latest' }),
      await app.inject({ method: 'GET', url: '/api/queries/transactions' }),
    ]) {
      expect(answer.headers['x-position']).toBe(current);
    }
  });

  it('answers 400 for an X-Min-Position that is not a position, and 401 without a token', async () => {
    const answer = await get('/transactions', 'alice', { 'x-min-position': 'latest' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.fields).toEqual({ 'x-min-position': 'field_invalid' });
    const anonymous = await app.inject({ method: 'GET', url: '/api/queries/transactions' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('waits for the projection to reach X-Min-Position, so a user reads their own write', async () => {
    await projector.stop();
    const { transactionId, position } = await writer.addTransaction('carol');
    expect(await list('', 'carol')).toEqual([]);
    const waiting = new Promise<void>((resolve) => (onWait = resolve));
    const reading = get('/transactions', 'carol', { 'x-min-position': position });
    await waiting;
    await projector.start();
    const answer = await reading;
    expect(transactionListSchema.parse(answer.json()).items.map((t) => t.id)).toEqual([transactionId]);
    const reached = String(answer.headers['x-position']);
    expect(isPosition(reached) && comparePositions(reached, position) >= 0).toBe(true);
  });
});
