import { describe, expect, it } from 'vitest';
import {
  budgetStatus,
  budgetSummary,
  firstMonthWithData,
  isBeforeData,
  monthProgress,
  percentUsed,
} from './budget-status.js';
import { addMonths, datesOfMonth } from './calendar/date.js';
import { localDate } from './calendar/zone.js';
import { monthSchema } from './calendar/schema.js';

describe('budget status', () => {
  it('is no_budget without a threshold', () => {
    expect(budgetStatus(0, null)).toBe('no_budget');
    expect(budgetStatus(5_000, null)).toBe('no_budget');
  });

  it('is on_track below 75 % and approaching from exactly 75 %', () => {
    expect(budgetStatus(0, 10_000)).toBe('on_track');
    expect(budgetStatus(7_499, 10_000)).toBe('on_track');
    expect(budgetStatus(7_500, 10_000)).toBe('approaching');
  });

  it('is approaching below 90 % and critical from exactly 90 %', () => {
    expect(budgetStatus(8_999, 10_000)).toBe('approaching');
    expect(budgetStatus(9_000, 10_000)).toBe('critical');
  });

  it('is critical up to exactly 100 % and over one minor unit beyond', () => {
    expect(budgetStatus(10_000, 10_000)).toBe('critical');
    expect(budgetStatus(10_001, 10_000)).toBe('over');
  });

  it('compares exactly where a float share would round: 3 of 4 is 75 %, 2 of 3 is below', () => {
    expect(budgetStatus(3, 4)).toBe('approaching');
    expect(budgetStatus(2, 3)).toBe('on_track');
    // Amounts near the largest allowed, where spent × 10000 is beyond float precision.
    const limit = 10 * 2 ** 47;
    expect(budgetStatus(9 * 2 ** 47, limit)).toBe('critical');
    expect(budgetStatus(9 * 2 ** 47 - 1, limit)).toBe('approaching');
  });

  it('reports the used share in basis points, rounded down', () => {
    expect(percentUsed(7_499, 10_000)).toBe(7_499);
    expect(percentUsed(2, 3)).toBe(6_666);
    expect(percentUsed(15_000, 10_000)).toBe(15_000);
    expect(percentUsed(100, null)).toBeNull();
  });
});

describe('months', () => {
  it('accept YYYY-MM only', () => {
    expect(monthSchema.safeParse('2026-11').success).toBe(true);
    for (const bad of ['2026-13', '2026-00', '2026-1', '202611', '2026-11-01', 'abc']) {
      expect(monthSchema.safeParse(bad).error?.issues[0]?.message, bad).toBe('date_invalid');
    }
  });

  it('step across years both ways', () => {
    expect(addMonths('2026-11', 2)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-03', -27)).toBe('2023-12');
  });

  it('list every day of a month, leap February included', () => {
    expect(datesOfMonth('2028-02')).toHaveLength(29);
    expect(datesOfMonth('2026-11').at(-1)).toBe('2026-11-30');
  });
});

describe('the user local date', () => {
  // 2026-11-30 18:30 UTC is already 1 December at 01:30 in Vientiane (UTC+7).
  const instant = new Date('2026-11-30T18:30:00Z');

  it('is still the last day of the month in UTC but the first of the next in Asia/Vientiane', () => {
    expect(localDate(instant, 'UTC')).toBe('2026-11-30');
    expect(localDate(instant, 'Asia/Vientiane')).toBe('2026-12-01');
  });

  it('gives a different budget month and days left on either side of the date line', () => {
    const utc = budgetSummary({ month: '2026-11', today: localDate(instant, 'UTC'), limit: 30_000n, spent: 15_000n });
    expect(utc).toMatchObject({ daysElapsed: 30, daysLeft: 0, dailyAverage: 500n, projectedTotal: 15_000n });

    const vientiane = localDate(instant, 'Asia/Vientiane');
    expect(monthProgress('2026-12', vientiane)).toEqual({ daysInMonth: 31, daysElapsed: 1, daysLeft: 30 });
    // November is already past there: the same figures as a closed month.
    expect(budgetSummary({ month: '2026-11', today: vientiane, limit: 30_000n, spent: 15_000n })).toMatchObject({
      daysLeft: 0,
      projectedTotal: 15_000n,
    });
  });
});

describe('budget summary', () => {
  it('carries the current pace to the end of the month', () => {
    const summary = budgetSummary({ month: '2026-11', today: '2026-11-10', limit: 100_000n, spent: 40_000n });
    expect(summary).toEqual({
      status: 'on_track',
      limit: 100_000n,
      spent: 40_000n,
      remaining: 60_000n,
      percentUsed: 4_000n,
      dailyAverage: 4_000n,
      daysInMonth: 30,
      daysElapsed: 10,
      daysLeft: 20,
      projectedTotal: 120_000n,
      scheduledExpense: 0n,
      projectedStatus: 'over',
    });
  });

  it('adds the recurring expenses still to come this month to the projection, and none to a past month', () => {
    const current = budgetSummary({
      month: '2026-11',
      today: '2026-11-10',
      limit: 200_000n,
      spent: 40_000n,
      scheduled: 50_000n,
    });
    expect(current.projectedTotal).toBe(170_000n);
    expect(current.scheduledExpense).toBe(50_000n);
    expect(current.projectedStatus).toBe('approaching');
    const past = budgetSummary({
      month: '2026-10',
      today: '2026-11-10',
      limit: 200_000n,
      spent: 40_000n,
      scheduled: 50_000n,
    });
    expect(past.projectedTotal).toBe(40_000n);
    expect(past.scheduledExpense).toBe(0n);
  });

  it('rounds the daily average and projection half up in whole minor units', () => {
    const summary = budgetSummary({ month: '2026-11', today: '2026-11-03', limit: null, spent: 100n });
    expect(summary.dailyAverage).toBe(33n);
    expect(summary.projectedTotal).toBe(1_000n);
    const half = budgetSummary({ month: '2026-11', today: '2026-11-02', limit: null, spent: 3n });
    expect(half.dailyAverage).toBe(2n);
  });

  it('keeps a past month as recorded: no days left, projection equals the actual total', () => {
    const summary = budgetSummary({ month: '2026-10', today: '2026-11-15', limit: 50_000n, spent: 62_000n });
    expect(summary).toMatchObject({
      status: 'over',
      remaining: -12_000n,
      daysElapsed: 31,
      daysLeft: 0,
      dailyAverage: 2_000n,
      projectedTotal: 62_000n,
    });
  });

  it('has nothing elapsed in a future month', () => {
    const summary = budgetSummary({ month: '2026-12', today: '2026-11-15', limit: 50_000n, spent: 0n });
    expect(summary).toMatchObject({ daysElapsed: 0, daysLeft: 31, dailyAverage: 0n, projectedTotal: 0n });
  });

  it('has no remaining nor share without a budget', () => {
    const summary = budgetSummary({ month: '2026-11', today: '2026-11-15', limit: null, spent: 0n });
    expect(summary).toMatchObject({ status: 'no_budget', limit: null, remaining: null, percentUsed: null });
  });
});

describe('months before the user’s records', () => {
  /** The summary on 26 November 2026 of `month` under a budget of 100,000. */
  const summaryOn26Nov = (month: string, spent: bigint, firstMonth: string) =>
    budgetSummary({ month, today: '2026-11-26', limit: 100_000n, spent, firstMonth });

  it('begin with the oldest transaction’s month, or this month before any', () => {
    expect(firstMonthWithData(null, '2026-11-26')).toBe('2026-11');
    expect(firstMonthWithData('2025-03-14', '2026-11-26')).toBe('2025-03');
    // A transaction dated in the future does not move the start past today.
    expect(firstMonthWithData('2027-01-02', '2026-11-26')).toBe('2026-11');
  });

  it('have no data, never "on track", whatever the budget', () => {
    const summary = summaryOn26Nov('2026-09', 0n, '2026-11');
    expect(summary.status).toBe('no_data');
    expect(summary.projectedStatus).toBe('no_data');
    expect(summary.percentUsed).toBeNull();
    expect(summary.remaining).toBeNull();
    expect(isBeforeData('2026-10', '2026-11')).toBe(true);
  });

  it('are rated from the first month with data on', () => {
    const first = summaryOn26Nov('2026-11', 0n, '2026-11');
    expect(first.status).toBe('on_track');
    const later = summaryOn26Nov('2026-10', 95_000n, '2026-03');
    expect(later.status).toBe('critical');
    expect(isBeforeData('2026-11', null)).toBe(false);
  });
});
