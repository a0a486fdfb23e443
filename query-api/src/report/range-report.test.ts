import { MONTHLY_SUMMARY_VIEW, TRANSACTIONS_VIEW } from '@plenty/contracts/views/registry';
import type { RangeReport } from '@plenty/contracts/views/dashboard';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import { openMongoReadStore } from '@plenty/platform/read-store/mongo';
import { FakeMongoClient } from '@plenty/platform/read-store/mongo-fake';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { allProjections } from '@plenty/projections/all';
import { viewsOf } from '@plenty/projections/apply';
import { eventLog } from '@plenty/projections/testing/events';
import { applyEvents } from '@plenty/projections/testing/memory-read-store';
import { describe, expect, it } from 'vitest';
import { RANGE_READ_ATTEMPTS, rangeReportOf } from './range-report.js';

/**
 * A range report whose reads are interleaved with projector commits: a month's summary read
 * before a commit, its transactions after it. The answer is that of one state of the views,
 * never a mix of two.
 */

const USER = 'u-range';
const NOW = new Date('2026-11-30T12:00:00.000Z');
const id = (n: number) => `0192f0c4-7a1b-7c3d-8e4f-${String(n).padStart(12, '0')}`;
/** 1 to 20 November: more than half the month, so read as its summary less its other days. */
const RANGE = { from: '2026-11-01', to: '2026-11-20' } as const;

const adapters: Record<string, () => Promise<ReadStore>> = {
  'MongoDB (over the in-memory driver)': () =>
    openMongoReadStore({ client: new FakeMongoClient().asClient(), dbName: 'plenty' }),
  SQLite: () => openSqliteReadStore({ path: ':memory:' }),
};

/**
 * The store as the report sees it, where `before(view, count)` runs before each find (the
 * count-th on that view), as a projector's commit landing between two reads would.
 */
function interleaved(store: ReadStore, before: (view: string, count: number) => Promise<void>): ReadStore {
  const counts = new Map<string, number>();
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property === 'find') {
        return async (
          view: string,
          ...rest: Parameters<ReadStore['find']> extends [string, ...infer R] ? R : never
        ) => {
          const count = (counts.get(view) ?? 0) + 1;
          counts.set(view, count);
          await before(view, count);
          return target.find(view, ...rest);
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** What the range spent in baht (the totals are in the display currency). */
const baht = (report: RangeReport) => report.perCurrency.find((cell) => cell.currency === 'THB')?.expense;

async function viewsWith(open: () => Promise<ReadStore>, events: readonly RecordedEvent[]): Promise<ReadStore> {
  const store = await open();
  await store.ensureViews(viewsOf(allProjections));
  await applyEvents(store, allProjections, events);
  return store;
}

describe.each(Object.entries(adapters))('the range report on %s with commits between its reads', (_name, open) => {
  const log = eventLog();
  const history = [
    log.transactionAdded(USER, id(1), { date: '2026-11-03', amount: { amount: 10_000, currency: 'THB' } }),
    log.transactionAdded(USER, id(2), { date: '2026-11-15', amount: { amount: 20_000, currency: 'THB' } }),
    log.transactionAdded(USER, id(3), { date: '2026-11-25', amount: { amount: 40_000, currency: 'THB' } }),
  ];
  /** Lands on a day outside the range: the month's summary grows, the range's total does not. */
  const ahead = log.transactionAdded(USER, id(4), { date: '2026-11-28', amount: { amount: 80_000, currency: 'THB' } });
  /** Lands inside the range. */
  const within = log.transactionAdded(USER, id(5), {
    date: '2026-11-10',
    amount: { amount: 160_000, currency: 'THB' },
  });

  it('answers as the views stand after a commit that lands between the summary and the days it takes out', async () => {
    const store = await viewsWith(open, history);
    try {
      let summaryRead = false;
      let committed = false;
      const reading = interleaved(store, async (view) => {
        // The first read of the month's transactions after its summary was read.
        if (view === MONTHLY_SUMMARY_VIEW) summaryRead = true;
        if (view !== TRANSACTIONS_VIEW || !summaryRead || committed) return;
        committed = true;
        await applyEvents(store, allProjections, [ahead]);
      });
      const report = await rangeReportOf(reading, USER, RANGE, NOW);
      expect(baht(report)).toBe(30_000);
      expect(report.count).toBe(2);
      expect(report).toEqual(await rangeReportOf(store, USER, RANGE, NOW));
    } finally {
      await store.close();
    }
  });

  it('answers one state when commits keep landing, one inside the range and one outside', async () => {
    const store = await viewsWith(open, history);
    try {
      const commits = [ahead, within];
      const reading = interleaved(store, async (view) => {
        const next = view === TRANSACTIONS_VIEW ? commits.shift() : undefined;
        if (next !== undefined) await applyEvents(store, allProjections, [next]);
      });
      const report = await rangeReportOf(reading, USER, RANGE, NOW);
      expect(baht(report)).toBe(190_000);
      expect(report.count).toBe(3);
      expect(report.daily.find((day) => day.date === '2026-11-10')?.expense).toBeGreaterThan(0);
      expect(report).toEqual(await rangeReportOf(store, USER, RANGE, NOW));
    } finally {
      await store.close();
    }
  });

  it('answers one state when a commit moves a transaction from a whole month of the range into the partial one', async () => {
    const october = log.transactionAdded(USER, id(6), {
      date: '2026-10-05',
      amount: { amount: 320_000, currency: 'THB' },
    });
    const store = await viewsWith(open, [...history, october]);
    try {
      const wider = { from: '2026-10-01', to: RANGE.to };
      let summaryRead = false;
      let committed = false;
      const reading = interleaved(store, async (view) => {
        if (view === MONTHLY_SUMMARY_VIEW) summaryRead = true;
        if (view !== TRANSACTIONS_VIEW || !summaryRead || committed) return;
        committed = true;
        // To a day of November after the range: out of the range altogether.
        await applyEvents(store, allProjections, [log.transactionEdited(USER, id(6), { date: '2026-11-26' })]);
      });
      const report = await rangeReportOf(reading, USER, wider, NOW);
      expect(baht(report)).toBe(30_000);
      expect(report).toEqual(await rangeReportOf(store, USER, wider, NOW));
    } finally {
      await store.close();
    }
  });

  it('counts the range from its own days when the month moves at every read', async () => {
    const store = await viewsWith(open, history);
    try {
      // A commit outside the range before every read of the month's transactions, for longer than it retries.
      let next = 100;
      const reading = interleaved(store, async (view) => {
        if (view !== TRANSACTIONS_VIEW || next > 100 + RANGE_READ_ATTEMPTS * 2) return;
        next += 1;
        const event = log.transactionAdded(USER, id(next), {
          date: '2026-11-29',
          amount: { amount: 1, currency: 'THB' },
        });
        await applyEvents(store, allProjections, [event]);
      });
      const report = await rangeReportOf(reading, USER, RANGE, NOW);
      expect(baht(report)).toBe(30_000);
      expect(report.count).toBe(2);
    } finally {
      await store.close();
    }
  });
});
