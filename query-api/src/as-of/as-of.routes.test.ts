import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dashboardSchema, reportsSchema, type Dashboard, type Reports } from '@plenty/contracts/views/dashboard';
import { bearer, fakeVerifier } from '@plenty/platform/auth/fake-verifier';
import { requireAuth } from '@plenty/platform/http/auth-hook';
import { installErrorHandling } from '@plenty/platform/http/errors';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { allProjections } from '@plenty/projections/all';
import { projectEventStore } from '@plenty/projections/testing/memory-read-store';
import { dashboardRoutes } from '../dashboard/dashboard.routes.js';
import { reportsRoutes } from '../report/reports.routes.js';
import { PointInTime } from './point-in-time.js';
import { BOBS, LUNCH, TAXI, added, aliceHistory, preferences, stores } from './as-of.history.js';

describe('GET /dashboard and /reports ?asOf', () => {
  const NOW = new Date('2026-11-10T12:00:00.000Z');
  let app: FastifyInstance;
  let live: ReadStore;
  let pointInTime: PointInTime;
  let clock: number;

  beforeEach(async () => {
    await aliceHistory();
    await added('alice', TAXI, { categoryId: 'builtin-transport', date: '2026-11-08' }, '2026-11-08T03:00:00.000Z');
    await preferences('bob', { currency: 'THB', timeZone: 'Asia/Bangkok' }, '2026-10-01T01:00:00.000Z');
    await added(
      'bob',
      BOBS,
      { note: "Bob's secret", amount: { amount: 77_700, currency: 'THB' } },
      '2026-10-12T01:00:00.000Z',
    );
    live = await openSqliteReadStore({ path: ':memory:' });
    await projectEventStore(stores, live, allProjections, 'live');
    clock = NOW.getTime();
    pointInTime = new PointInTime(stores, { now: () => clock });
    app = Fastify();
    installErrorHandling(app);
    requireAuth(app, fakeVerifier);
    dashboardRoutes(app, live, () => NOW, pointInTime);
    reportsRoutes(app, live, () => NOW, pointInTime);
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
    await pointInTime.close();
    await live.close();
  });

  const get = (url: string, uid = 'alice') =>
    app.inject({ method: 'GET', url, headers: { authorization: bearer(uid) } });
  async function dashboard(query: string, uid = 'alice'): Promise<Dashboard> {
    const answer = await get(`/dashboard${query}`, uid);
    expect(answer.statusCode, answer.body).toBe(200);
    return dashboardSchema.parse(answer.json());
  }
  async function reports(query: string, uid = 'alice'): Promise<Reports> {
    const answer = await get(`/reports${query}`, uid);
    expect(answer.statusCode, answer.body).toBe(200);
    return reportsSchema.parse(answer.json());
  }

  it('answers as of today exactly as the live read models do', async () => {
    expect(await dashboard('?asOf=2026-11-10')).toEqual(await dashboard(''));
    expect(await reports('?asOf=2026-11-10')).toEqual(await reports(''));
    expect(await reports('?asOf=2026-11-10&month=2026-10')).toEqual(await reports('?month=2026-10'));
    expect(await dashboard('?asOf=2026-11-10', 'bob')).toEqual(await dashboard('', 'bob'));
  });

  it('shows the month of the day asked for, with the budget as it stood that day', async () => {
    const answer = await reports('?asOf=2026-10-25');
    expect(answer).toMatchObject({ month: '2026-10', today: '2026-10-25', netIncome: -95_000, daysRemaining: 6 });
    expect(answer.budget).toMatchObject({ status: 'critical', spent: 95_000, limit: 100_000 });
    expect(answer.highSpending.map((t) => [t.id, t.amount.amount])).toEqual([[LUNCH, 95_000]]);
    const earlierMonth = await dashboard('?asOf=2026-10-25&month=2026-09');
    expect(earlierMonth).toMatchObject({ month: '2026-09', count: 0 });
  });

  it("never shows another user's events", async () => {
    const alice = await dashboard('?asOf=2026-10-15');
    expect(alice.recent.map((t) => t.id)).toEqual([LUNCH]);
    expect(JSON.stringify(alice)).not.toContain("Bob's secret");
    const bob = await dashboard('?asOf=2026-10-15', 'bob');
    expect(bob.recent.map((t) => [t.id, t.note])).toEqual([[BOBS, "Bob's secret"]]);
    expect(bob.totals.expense).toBe(77_700);
    // A user with no events at all sees an empty past, not someone else's.
    const carol = await dashboard('?asOf=2026-10-15', 'carol');
    expect(carol).toMatchObject({ count: 0, recent: [] });
  });

  it.each([
    ['2026-13-01', 'malformed'],
    ['15-10-2026', 'in another format'],
    ['2026-02-30', 'a day that does not exist'],
    ['1999-12-31', 'before 2000'],
    ['2026-11-11', 'tomorrow on the user calendar'],
    ['', 'empty'],
  ])('refuses asOf=%s (%s) with 400 date_invalid on asOf', async (asOf) => {
    for (const path of ['/dashboard', '/reports']) {
      const answer = await get(`${path}?asOf=${asOf}`);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({ error: { code: 'validation_failed', fields: { asOf: 'date_invalid' } } });
    }
  });

  /** Counts the reads of the user's events. */
  function countReads(): { readonly count: number } {
    const counter = { count: 0 };
    const readUserEvents = stores.eventStore.readUserEvents.bind(stores.eventStore);
    stores.eventStore.readUserEvents = (...args) => {
      counter.count += 1;
      return readUserEvents(...args);
    };
    return counter;
  }

  it('replays today once for the dashboard and the reports, and again after a new event', async () => {
    const reads = countReads();
    const before = await dashboard('?asOf=2026-11-10');
    await reports('?asOf=2026-11-10');
    await dashboard('?asOf=2026-11-10&month=2026-09');
    expect(reads.count).toBe(1);
    await added('alice', randomUUID(), { date: '2026-11-10' }, '2026-11-10T10:00:00.000Z');
    const after = await dashboard('?asOf=2026-11-10');
    expect(reads.count).toBe(2);
    expect(after.count).toBe(before.count + 1);
  });

  it('keeps a settled day while others write, for ten minutes', async () => {
    const reads = countReads();
    await dashboard('?asOf=2026-10-15');
    await preferences('bob', { weeklyReport: true }, '2026-11-10T11:00:00.000Z');
    await reports('?asOf=2026-10-15');
    expect(reads.count).toBe(1);
    clock += 10 * 60_000;
    await dashboard('?asOf=2026-10-15');
    expect(reads.count).toBe(2);
  });
});
