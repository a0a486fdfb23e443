import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './date.js';
import {
  endOfDayAnywhere,
  endOfLocalDay,
  isKnownTimeZone,
  localClock,
  localDate,
  localDateTime,
  monthOf,
  startOfLocalDay,
  todayIn,
} from './zone.js';

const ZONES = ['UTC', 'Asia/Vientiane', 'Asia/Bangkok', 'America/New_York', 'Europe/Berlin', 'Pacific/Kiritimati'];

/** Any instant from 1970 to 2100. */
const instant = fc.date({
  min: new Date('1970-01-01T00:00:00.000Z'),
  max: new Date('2100-12-31T00:00:00.000Z'),
  noInvalidDate: true,
});

describe('today in a time zone', () => {
  it('gives the calendar date in the user’s time zone, not the UTC one', () => {
    const lateEvening = new Date('2026-11-23T20:30:00Z');
    expect(todayIn('UTC', lateEvening)).toBe('2026-11-23');
    expect(todayIn('Asia/Vientiane', lateEvening)).toBe('2026-11-24');
    expect(todayIn('Asia/Bangkok', lateEvening)).toBe('2026-11-24');
    expect(todayIn('America/New_York', lateEvening)).toBe('2026-11-23');
    expect(todayIn('America/Los_Angeles', new Date('2026-11-24T03:00:00Z'))).toBe('2026-11-23');
  });

  it('takes the runtime’s calendar when no zone is given or the zone is unknown', () => {
    const beforeMidnight = new Date(2026, 9, 15, 23, 59);
    expect(todayIn(undefined, beforeMidnight)).toBe('2026-10-15');
    expect(todayIn('Mars/Olympus', new Date(2026, 10, 23, 12, 0))).toBe('2026-11-23');
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(isKnownTimeZone('Asia/Vientiane')).toBe(true);
  });

  it('reads the month and the hour in the zone', () => {
    const instantLate = new Date('2026-11-30T20:00:00Z');
    expect(monthOf(instantLate, 'UTC')).toBe('2026-11');
    expect(monthOf(instantLate, 'Asia/Vientiane')).toBe('2026-12');
    expect(localClock(new Date('2026-11-23T01:00:00Z'), 'Asia/Bangkok')).toEqual({ date: '2026-11-23', hour: 8 });
    expect(localDate(new Date('2026-11-30T17:00:00Z'), 'Asia/Vientiane')).toBe('2026-12-01');
  });
});

describe('the local date and time of an instant', () => {
  it('is written to the second in the time zone given', () => {
    expect(localDateTime(new Date('2026-10-01T20:30:05.000Z'), 'Asia/Bangkok')).toBe('2026-10-02 03:30:05');
    expect(localDateTime(new Date('2026-10-01T20:30:05.000Z'), 'UTC')).toBe('2026-10-01 20:30:05');
    expect(localDateTime(new Date('2026-10-01T00:00:00.000Z'), 'UTC')).toBe('2026-10-01 00:00:00');
  });
});

describe('the instants of a local day', () => {
  it('starts and ends days at local midnight, seven hours before UTC in Vientiane and Bangkok', () => {
    expect(startOfLocalDay('2026-11-02', 'Asia/Vientiane').toISOString()).toBe('2026-11-01T17:00:00.000Z');
    expect(endOfLocalDay('2026-11-01', 'Asia/Bangkok').toISOString()).toBe('2026-11-01T17:00:00.000Z');
    expect(startOfLocalDay('2026-11-02', 'UTC').toISOString()).toBe('2026-11-02T00:00:00.000Z');
  });

  it('follows daylight saving time: New York is 5 hours behind on the day clocks go forward, 4 the day after', () => {
    expect(startOfLocalDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfLocalDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    // The day clocks go forward has 23 hours, the day they go back 25.
    const hours = (date: string) =>
      (endOfLocalDay(date, 'America/New_York').getTime() - startOfLocalDay(date, 'America/New_York').getTime()) /
      3_600_000;
    expect([hours('2026-03-08'), hours('2026-11-01'), hours('2026-11-02')]).toEqual([23, 25, 24]);
  });

  it('counts an unknown zone as UTC', () => {
    expect(endOfLocalDay('2026-11-01', 'Mars/Olympus').toISOString()).toBe('2026-11-02T00:00:00.000Z');
  });

  it('puts every instant between the start and the end of its own local day (property)', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...ZONES), (at, zone) => {
        const date = localDate(at, zone);
        const start = startOfLocalDay(date, zone).getTime();
        const end = endOfLocalDay(date, zone).getTime();
        expect(start).toBeLessThanOrEqual(at.getTime());
        expect(at.getTime()).toBeLessThan(end);
        expect(localDate(new Date(start), zone)).toBe(date);
        expect(localDate(new Date(end), zone)).toBe(addDays(date, 1));
        expect(end).toBeLessThanOrEqual(endOfDayAnywhere(date).getTime());
      }),
      { numRuns: 200 },
    );
  });
});
