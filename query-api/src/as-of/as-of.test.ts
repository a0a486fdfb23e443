import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTestStores } from '@plenty/platform/testing/stores';
import { dashboardSchema, reportsSchema, type Dashboard, type Reports } from '@plenty/contracts/views/dashboard';
import { bearer, fakeVerifier } from '@plenty/platform/auth/fake-verifier';
import { requireAuth } from '@plenty/platform/http/auth-hook';
import { installErrorHandling } from '@plenty/platform/http/errors';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { allProjections } from '@plenty/projections/all';
import { projectEventStore } from '@plenty/projections/testing/memory-read-store';
import { dashboardOf, dashboardRoutes } from '../dashboard/dashboard.routes.js';
import { reportsRoutes } from '../report/reports.routes.js';
import { endOfLocalDay } from '@plenty/contracts/calendar/zone';
import { PointInTime } from './point-in-time.js';
import { AS_OF_PROJECTIONS, eventsUpTo, replayUpTo } from './replay.js';

const stores = useTestStores('as-of');

/** Appends one event as the command API would: encrypted, with the instant it happened. */
async function record(
  userId: string,
  streamId: string,
  type: string,
  data: Record<string, unknown>,
  occurredAt: string,
): Promise<void> {
  const commandId = randomUUID();
  const encoded = await stores.codec.encode({
    id: randomUUID(),
    type,
    data,
    metadata: { userId, commandId, correlationId: commandId, occurredAt, schemaVersion: 1 },
  });
  const existing = await stores.eventStore.readStream(streamId);
  await stores.eventStore.appendToStream(
    streamId,
    [encoded],
    existing.length === 0 ? 'no_stream' : existing.length - 1,
  );
}

const preferences = (userId: string, changes: Record<string, unknown>, at: string) =>
  record(userId, `profile-${userId}`, 'PreferencesChanged', { changes }, at);
const added = (userId: string, id: string, fields: Record<string, unknown>, at: string) =>
  record(
    userId,
    `transaction-${id}`,
    'TransactionAdded',
    {
      transactionId: id,
      type: 'expense',
      amount: { amount: 10_000, currency: 'THB' },
      categoryId: 'builtin-food',
      date: at.slice(0, 10),
      ...fields,
    },
    at,
  );
const edited = (userId: string, id: string, changes: Record<string, unknown>, at: string) =>
  record(userId, `transaction-${id}`, 'TransactionEdited', { transactionId: id, changes }, at);
const deleted = (userId: string, id: string, at: string) =>
  record(userId, `transaction-${id}`, 'TransactionDeleted', { transactionId: id }, at);

const LUNCH = '7d0c3b0e-8a51-4d7e-9d55-2d8f1c6a0b01';
const TAXI = '7d0c3b0e-8a51-4d7e-9d55-2d8f1c6a0b02';
const BOBS = '7d0c3b0e-8a51-4d7e-9d55-2d8f1c6a0b03';

/** Alice lives in Vientiane (UTC+7) with a 1,000.00 THB budget; her lunch is added, edited, deleted. */
async function aliceHistory(): Promise<void> {
  await preferences(
    'alice',
    { currency: 'THB', timeZone: 'Asia/Vientiane', monthlyBudget: { amount: 100_000, currency: 'THB' } },
    '2026-10-01T02:00:00.000Z',
  );
  await added('alice', LUNCH, { note: 'Lunch with Noy', date: '2026-10-10' }, '2026-10-10T05:00:00.000Z');
  await edited('alice', LUNCH, { amount: { amount: 95_000, currency: 'THB' } }, '2026-10-20T05:00:00.000Z');
  await deleted('alice', LUNCH, '2026-11-05T05:00:00.000Z');
}

describe('replaying a user to the end of a day', () => {
  it('shows a transaction as added, then as edited, then not at all', async () => {
    await aliceHistory();
    const at = async (date: string) => {
      const past = await replayUpTo(stores, 'alice', date);
      try {
        return { past, dashboard: await dashboardOf(past.store, 'alice', undefined, past.now) };
      } finally {
        await past.close();
      }
    };
    const oct15 = await at('2026-10-15');
    expect(oct15.dashboard).toMatchObject({ month: '2026-10', today: '2026-10-15', currency: 'THB' });
    expect(oct15.dashboard.recent.map((t) => [t.id, t.amount.amount, t.note])).toEqual([
      [LUNCH, 10_000, 'Lunch with Noy'],
    ]);
    expect(oct15.dashboard.totals.expense).toBe(10_000);
    expect(oct15.dashboard.budget).toMatchObject({
      status: 'on_track',
      spent: 10_000,
      limit: 100_000,
      daysElapsed: 15,
      daysLeft: 16,
    });

    const oct25 = await at('2026-10-25');
    expect(oct25.dashboard.recent.map((t) => t.amount.amount)).toEqual([95_000]);
    expect(oct25.dashboard.budget).toMatchObject({ status: 'critical', spent: 95_000, daysLeft: 6 });

    const nov6 = await at('2026-11-06');
    expect(nov6.dashboard.month).toBe('2026-11');
    expect(nov6.dashboard.recent).toEqual([]);
    expect(nov6.dashboard.months.find((m) => m.month === '2026-10')).toMatchObject({ expense: 0 });
  });

  it('ends the day in the time zone the user had then', async () => {
    await aliceHistory();
    // 18:00 UTC on 15 October is 01:00 on the 16th in Vientiane.
    await added('alice', TAXI, { date: '2026-10-16' }, '2026-10-15T18:00:00.000Z');
    const before = await replayUpTo(stores, 'alice', '2026-10-15');
    expect(before.timeZone).toBe('Asia/Vientiane');
    expect(before.events).toBe(2);
    expect(before.now.toISOString()).toBe('2026-10-15T16:59:59.999Z');
    await before.close();
    const after = await replayUpTo(stores, 'alice', '2026-10-16');
    expect(after.events).toBe(3);
    await after.close();
  });

  it('counts each event against the time zone the user had when it happened', async () => {
    await preferences('alice', { timeZone: 'Asia/Vientiane' }, '2026-10-01T02:00:00.000Z');
    // On 15 October, at 17:00 in Vientiane, Alice moves to New York (UTC-4 then).
    await preferences('alice', { timeZone: 'America/New_York' }, '2026-10-15T10:00:00.000Z');
    // 20:00 UTC is 16:00 on the 15th in New York (03:00 on the 16th in Vientiane).
    await added('alice', TAXI, { date: '2026-10-15' }, '2026-10-15T20:00:00.000Z');
    // 05:00 UTC on the 16th is 01:00 on the 16th in New York.
    await added('alice', LUNCH, { date: '2026-10-16' }, '2026-10-16T05:00:00.000Z');
    const { events, timeZone } = eventsUpTo(await stores.eventStore.readUserEvents('alice'), '2026-10-15');
    expect(timeZone).toBe('America/New_York');
    expect(events.map((event) => event.type)).toEqual(['PreferencesChanged', 'PreferencesChanged', 'TransactionAdded']);
    expect(events.at(-1)?.streamId).toBe(`transaction-${TAXI}`);
  });

  it('replays the projections of the views the two queries read, in the live order', () => {
    expect(AS_OF_PROJECTIONS.map((projection) => projection.name)).toEqual(
      allProjections
        .map((projection) => projection.name)
        .filter((name) => ['transactions', 'monthly-summary', 'preferences'].includes(name)),
    );
    const written = new Set(AS_OF_PROJECTIONS.flatMap((projection) => projection.views.map((view) => view.name)));
    for (const projection of AS_OF_PROJECTIONS)
      for (const view of projection.reads ?? []) expect(written).toContain(view);
  });

  it('finds the end of a local day across daylight saving changes', () => {
    expect(endOfLocalDay('2026-10-15', 'UTC').toISOString()).toBe('2026-10-16T00:00:00.000Z');
    expect(endOfLocalDay('2026-10-15', 'Asia/Bangkok').toISOString()).toBe('2026-10-15T17:00:00.000Z');
    // New York leaves daylight time on 1 November 2026: that day has 25 hours.
    expect(endOfLocalDay('2026-10-31', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(endOfLocalDay('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });
});

describe('keeping past days', () => {
  it('runs a bounded number of replays at once and answers each day from its own', async () => {
    await aliceHistory();
    let inFlight = 0;
    let most = 0;
    const readUserEvents = stores.eventStore.readUserEvents.bind(stores.eventStore);
    stores.eventStore.readUserEvents = async (...args) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 20));
      try {
        return await readUserEvents(...args);
      } finally {
        inFlight -= 1;
      }
    };
    const pointInTime = new PointInTime(stores, { replaysAtOnce: 1 });
    const days = ['2026-10-15', '2026-10-25', '2026-11-06'];
    const amounts = await Promise.all(
      days.map((day) =>
        pointInTime.read('alice', day, async (past) =>
          (await dashboardOf(past.store, 'alice', undefined, past.now)).recent.map((t) => t.amount.amount),
        ),
      ),
    );
    expect(amounts).toEqual([[10_000], [95_000], []]);
    expect(most).toBe(1);
    await pointInTime.close();
  });

  it('closes the read models of a day pushed out of the cache', async () => {
    await aliceHistory();
    const pointInTime = new PointInTime(stores, { capacity: 1 });
    const first = await pointInTime.read('alice', '2026-10-15', async (past) => past);
    await pointInTime.read('alice', '2026-10-25', async () => undefined);
    await expect(first.store.get('preferences', 'alice', 'preferences')).rejects.toThrow();
    await pointInTime.close();
  });
});

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
