import fc from 'fast-check';
import { RRule, type Options } from 'rrule';
import { describe, expect, it } from 'vitest';
import { addDays, daysInMonth, isoDate, parseDate } from './date.js';
import {
  firstOccurrenceOnOrAfter,
  isOccurrence,
  lastOccurrence,
  nthOccurrence,
  occurrencesBetween,
  recurrenceSchema,
  type MonthDay,
  type Recurrence,
  type RecurrenceEnd,
} from './recurrence.js';
import { localClock, todayIn } from './zone.js';

/*
 * The calendar module's occurrences, computed from their index, against an RFC 5545
 * implementation (the `rrule` package) that iterates from the start: every frequency, intervals
 * 1–12, month days 1–31 and the last day, start dates around month ends and 29 February in leap
 * and common years (1900 and 2100 are not leap years, 2000 is), and every kind of end.
 */

const utc = (date: string): Date => {
  const { year, month, day } = parseDate(date);
  return new Date(Date.UTC(year, month - 1, day));
};
const dateOf = (instant: Date): string => instant.toISOString().slice(0, 10);

/** The schedule as an RRule: BYMONTHDAY 28..d with BYSETPOS -1 is "day d, or the month's last day when shorter". */
function oracle(schedule: Recurrence): RRule {
  const start = parseDate(schedule.startDate);
  const options: Partial<Options> = {
    freq: { day: RRule.DAILY, week: RRule.WEEKLY, month: RRule.MONTHLY, year: RRule.YEARLY }[schedule.frequency],
    interval: schedule.interval,
    dtstart: utc(schedule.startDate),
    tzid: 'UTC',
  };
  if (schedule.frequency === 'month' || schedule.frequency === 'year') {
    const monthDay: MonthDay = schedule.monthDay ?? start.day;
    if (monthDay === 'last') options.bymonthday = [-1];
    else if (monthDay <= 28) options.bymonthday = [monthDay];
    else {
      options.bymonthday = Array.from({ length: monthDay - 27 }, (_, index) => 28 + index);
      options.bysetpos = [-1];
    }
    if (schedule.frequency === 'year') options.bymonth = [start.month];
  }
  if (schedule.end.kind === 'after') options.count = schedule.end.count;
  if (schedule.end.kind === 'on') options.until = utc(schedule.end.date);
  return new RRule(options);
}

/** The oracle's first `limit` occurrences on or after `from` and on or before `to`. */
function oracleBetween(schedule: Recurrence, from: string, to: string, limit: number): string[] {
  const found: string[] = [];
  const last = utc(to);
  oracle(schedule).all((date) => {
    if (date > last || found.length >= limit) return false;
    if (dateOf(date) >= from) found.push(dateOf(date));
    return true;
  });
  return found;
}

/** Past it the oracle is not asked (the calendar module's dates end with 2200). */
const LAST_ASKED = '2190-12-31';

/** The oracle's first `count` occurrences; `capped` when it stopped at LAST_ASKED with more to come. */
function oracleFirst(schedule: Recurrence, count: number): { list: string[]; capped: boolean } {
  const list: string[] = [];
  let capped = false;
  oracle(schedule).all((date) => {
    if (list.length >= count) return false;
    if (dateOf(date) > LAST_ASKED) {
      capped = true;
      return false;
    }
    list.push(dateOf(date));
    return true;
  });
  return { list, capped };
}

/** Start dates where month ends and leap days make trouble, and some anywhere. */
const startDate = fc.oneof(
  fc
    .record({
      year: fc.constantFrom(1900, 1999, 2000, 2023, 2024, 2025, 2026, 2027, 2028, 2096, 2100),
      month: fc.integer({ min: 1, max: 12 }),
      fromEnd: fc.integer({ min: 0, max: 4 }),
    })
    .map(({ year, month, fromEnd }) => isoDate(year, month, daysInMonth(year, month) - fromEnd)),
  fc.constantFrom('2024-02-29', '2028-02-29', '2000-02-29', '2026-01-31', '2026-03-31', '2025-12-31'),
  fc
    .record({
      year: fc.integer({ min: 1990, max: 2100 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 28 }),
    })
    .map(({ year, month, day }) => isoDate(year, month, day)),
);

const monthDay: fc.Arbitrary<MonthDay> = fc.oneof(
  fc.constant('last' as const),
  fc.integer({ min: 28, max: 31 }),
  fc.integer({ min: 1, max: 31 }),
);

/** A schedule of any frequency and end (an end date within a few years, so the oracle's list stays short). */
const schedule: fc.Arbitrary<Recurrence> = fc
  .record({
    frequency: fc.constantFrom('day', 'week', 'month', 'year' as const),
    interval: fc.integer({ min: 1, max: 12 }),
    startDate,
    monthDay: fc.option(monthDay, { nil: undefined }),
    end: fc.oneof(
      fc.constant<RecurrenceEnd>({ kind: 'never' }),
      fc.integer({ min: 1, max: 40 }).map((count): RecurrenceEnd => ({ kind: 'after', count })),
      fc.integer({ min: 0, max: 1500 }).map((days) => ({ kind: 'on' as const, days })),
    ),
  })
  .map(({ frequency, interval, startDate: start, monthDay: day, end }) => {
    const withDay = frequency === 'month' || frequency === 'year' ? day : undefined;
    const span = frequency === 'day' ? 1 : frequency === 'week' ? 7 : frequency === 'month' ? 31 : 366;
    const ends: RecurrenceEnd =
      end.kind === 'on' && 'days' in end
        ? { kind: 'on', date: addDays(start, Math.min(end.days * span, 365 * 40)) }
        : (end as RecurrenceEnd);
    return recurrenceSchema.parse({
      frequency,
      interval,
      startDate: start,
      ...(withDay === undefined ? {} : { monthDay: withDay }),
      end: ends,
    });
  });

const runs = { numRuns: 200 };

describe('recurrence against RFC 5545 (rrule)', () => {
  it('lists the same occurrences between two dates', () => {
    fc.assert(
      fc.property(
        schedule,
        fc.integer({ min: -400, max: 4000 }),
        fc.integer({ min: 0, max: 800 }),
        (s, offset, length) => {
          const from = addDays(s.startDate, offset);
          const to = addDays(from, length);
          const mine = occurrencesBetween(s, from, to, 50).map((occurrence) => occurrence.date);
          expect(mine).toEqual(oracleBetween(s, from, to, 50));
        },
      ),
      runs,
    );
  });

  it('finds the n-th occurrence, and none past the end', () => {
    fc.assert(
      fc.property(schedule, fc.integer({ min: 0, max: 59 }), (s, n) => {
        const { list, capped } = oracleFirst(s, n + 1);
        if (list[n] !== undefined) expect(nthOccurrence(s, n)).toBe(list[n]);
        else if (!capped) expect(nthOccurrence(s, n)).toBeNull();
      }),
      runs,
    );
  });

  it('finds the first occurrence on or after a date, with its index', () => {
    fc.assert(
      fc.property(schedule, fc.integer({ min: -40, max: 1500 }), (s, offset) => {
        const date = addDays(s.startDate, offset);
        const found = firstOccurrenceOnOrAfter(s, date);
        const next = oracle(s).after(utc(date), true);
        if (next === null || dateOf(next) > LAST_ASKED) {
          if (next === null) expect(found).toBeNull();
          return;
        }
        // Its index: how many occurrences come before it.
        const before = oracleBetween(s, s.startDate, addDays(dateOf(next), -1), 10_000).length;
        expect(found).toEqual({ n: before, date: dateOf(next) });
      }),
      runs,
    );
  });

  it('tells an occurrence from any other date', () => {
    fc.assert(
      fc.property(schedule, fc.integer({ min: -40, max: 2000 }), (s, offset) => {
        const date = addDays(s.startDate, offset);
        const list = oracleBetween(s, date, date, 1);
        expect(isOccurrence(s, date)).toBe(list.length === 1);
        // Every listed occurrence is one.
        for (const occurrence of oracleFirst(s, 5).list) expect(isOccurrence(s, occurrence)).toBe(true);
      }),
      runs,
    );
  });

  it('finds the last occurrence of a schedule that ends', () => {
    fc.assert(
      fc.property(schedule, (s) => {
        const last = lastOccurrence(s);
        if (s.end.kind === 'never') {
          expect(last).toBeNull();
          return;
        }
        const all = oracle(s).all();
        expect(last).toBe(all.length === 0 ? null : dateOf(all[all.length - 1] as Date));
      }),
      runs,
    );
  });

  it('clamps the 31st to shorter months and comes back to it, and keeps 29 February in leap years only', () => {
    const monthly = recurrenceSchema.parse({
      frequency: 'month',
      interval: 1,
      startDate: '2027-01-31',
      end: { kind: 'after', count: 5 },
    });
    expect(occurrencesBetween(monthly, '2027-01-01', '2027-12-31').map((o) => o.date)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ]);
    expect(oracleBetween(monthly, '2027-01-01', '2027-12-31', 10)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ]);
    const leapDay = recurrenceSchema.parse({
      frequency: 'year',
      interval: 1,
      startDate: '2024-02-29',
      end: { kind: 'never' },
    });
    expect(occurrencesBetween(leapDay, '2024-01-01', '2029-01-01').map((o) => o.date)).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
  });
});

/**
 * The first instant of `date` in a time zone: found by halving between 14 hours before UTC
 * midnight and 12 hours after it (every zone's offset is within), on `todayIn` alone.
 */
function startOfLocalDay(date: string, zone: string): Date {
  let lo = utc(date).getTime() - 15 * 3_600_000; // not yet `date` anywhere
  let hi = utc(date).getTime() + 13 * 3_600_000; // `date` or later everywhere
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (todayIn(zone, new Date(mid)) >= date) hi = mid;
    else lo = mid;
  }
  return new Date(hi);
}

const minuteIn = (instant: Date, zone: string): string =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    instant,
  );

describe('an occurrence becomes due at local midnight', () => {
  const daily = (startDate: string) =>
    recurrenceSchema.parse({ frequency: 'day', interval: 1, startDate, end: { kind: 'after', count: 5 } });
  /** Days around each zone's changes of clock in 2026 (none in Vientiane, Kiritimati, Pago Pago). */
  const cases = [
    { zone: 'Asia/Vientiane', around: ['2026-03-29', '2026-10-25'], offsets: [7] },
    { zone: 'America/New_York', around: ['2026-03-08', '2026-11-01'], offsets: [-5, -4] },
    { zone: 'Europe/London', around: ['2026-03-29', '2026-10-25'], offsets: [0, 1] },
    { zone: 'Pacific/Kiritimati', around: ['2026-01-01', '2026-07-01'], offsets: [14] },
    { zone: 'Pacific/Pago_Pago', around: ['2026-01-01', '2026-07-01'], offsets: [-11] },
  ];

  for (const { zone, around, offsets } of cases) {
    it(`in ${zone}: due from 00:00 local time, not a millisecond before, across changes of clock`, () => {
      for (const change of around) {
        for (const occurrence of occurrencesBetween(
          daily(addDays(change, -2)),
          addDays(change, -2),
          addDays(change, 2),
        )) {
          const midnight = startOfLocalDay(occurrence.date, zone);
          expect(minuteIn(midnight, zone), `${zone} ${occurrence.date}`).toBe('00:00');
          expect(localClock(midnight, zone)).toEqual({ date: occurrence.date, hour: 0 });
          expect(todayIn(zone, midnight) >= occurrence.date).toBe(true);
          expect(todayIn(zone, new Date(midnight.getTime() - 1)) < occurrence.date).toBe(true);
          // Midnight is the UTC instant of one of the zone's offsets that day.
          const offset = (utc(occurrence.date).getTime() - midnight.getTime()) / 3_600_000;
          expect(offsets, `${zone} ${occurrence.date}`).toContain(offset);
        }
      }
    });
  }

  it('the day around a change of clock lasts 23 or 25 hours where clocks change, 24 where they do not', () => {
    const hours = (zone: string, date: string) =>
      (startOfLocalDay(addDays(date, 1), zone).getTime() - startOfLocalDay(date, zone).getTime()) / 3_600_000;
    expect(hours('America/New_York', '2026-03-08')).toBe(23);
    expect(hours('America/New_York', '2026-11-01')).toBe(25);
    expect(hours('Europe/London', '2026-03-29')).toBe(23);
    expect(hours('Europe/London', '2026-10-25')).toBe(25);
    expect(hours('Asia/Vientiane', '2026-03-29')).toBe(24);
    // The extremes: the same date is due 25 hours apart in Kiritimati (UTC+14) and Pago Pago (UTC−11).
    expect(startOfLocalDay('2026-12-01', 'Pacific/Kiritimati').toISOString()).toBe('2026-11-30T10:00:00.000Z');
    expect(startOfLocalDay('2026-12-01', 'Pacific/Pago_Pago').toISOString()).toBe('2026-12-01T11:00:00.000Z');
  });
});
