import { describe, expect, it } from 'vitest';
import { allProjections } from '@plenty/projections/all';
import { dashboardOf } from '../dashboard/dashboard.routes.js';
import { endOfLocalDay } from '@plenty/contracts/calendar/zone';
import { PointInTime } from './point-in-time.js';
import { AS_OF_PROJECTIONS, eventsUpTo, replayUpTo } from './replay.js';
import { LUNCH, TAXI, added, aliceHistory, preferences, stores } from './as-of.history.js';

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
        // The month summaries read the debts for the interest of installments paid from a wallet;
        // the budget's projection reads the recurring rules; the category budgets are their own; the
        // transactions read the tag links (their tags' names).
        .filter((name) =>
          ['transactions', 'monthly-summary', 'preferences', 'debts', 'recurring', 'budgets', 'tags'].includes(name),
        ),
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
