import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addMonthsToDate,
  dateOfDayNumber,
  datesOfMonth,
  dayNumber,
  dayOfMonth,
  daysBetween,
  daysInMonth,
  isCalendarDate,
  isIsoDate,
  isLeapYear,
  isMonth,
  isoWeek,
  isoWeekday,
  monthsEndingWith,
  utcMidnight,
  weekday,
} from './date.js';

/** An independent reading of a date, through the JavaScript `Date` in UTC. */
const viaDate = (date: string) => new Date(`${date}T00:00:00.000Z`);
const fromDate = (instant: Date) => instant.toISOString().slice(0, 10);

/** Any existing date from 1900 to 2200. */
const calendarDate = fc
  .date({ min: new Date('1900-01-01T00:00:00.000Z'), max: new Date('2200-12-31T00:00:00.000Z'), noInvalidDate: true })
  .map(fromDate);

describe('calendar dates', () => {
  it('know the length of each month, leap years included', () => {
    expect([daysInMonth(2026, 2), daysInMonth(2028, 2), daysInMonth(2026, 4), daysInMonth(2026, 12)]).toEqual([
      28, 29, 30, 31,
    ]);
    expect([isLeapYear(1900), isLeapYear(2000), isLeapYear(2024), isLeapYear(2100)]).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(datesOfMonth('2028-02')).toHaveLength(29);
    expect(datesOfMonth('2026-11').at(-1)).toBe('2026-11-30');
  });

  it('accept only dates that exist, any year for ISO dates and 1900–2200 for calendar dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('1850-06-01')).toBe(true);
    expect(isCalendarDate('1850-06-01')).toBe(false);
    for (const bad of [
      '2026-02-29',
      '2100-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-1-5',
      '',
      null,
      20261105,
    ]) {
      expect(isIsoDate(bad), String(bad)).toBe(false);
    }
  });

  it('agree with the JavaScript calendar on every day from 1900 to 2200', () => {
    fc.assert(
      fc.property(calendarDate, fc.integer({ min: -40_000, max: 40_000 }), (date, count) => {
        expect(isCalendarDate(date)).toBe(true);
        expect(dayNumber(date)).toBe(viaDate(date).getTime() / 86_400_000);
        expect(dateOfDayNumber(dayNumber(date))).toBe(date);
        expect(weekday(date)).toBe(viaDate(date).getUTCDay());
        expect(utcMidnight(date).getTime()).toBe(viaDate(date).getTime());
        const later = addDays(date, count);
        expect(later).toBe(fromDate(new Date(viaDate(date).getTime() + count * 86_400_000)));
        expect(daysBetween(date, later)).toBe(count);
      }),
    );
  });

  it('steps across month, year and leap-day ends', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-11-23', '2026-11-20')).toBe(-3);
  });
});

describe('month arithmetic', () => {
  it('clamps to the last day of a shorter month', () => {
    expect(addMonthsToDate('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsToDate('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsToDate('2026-03-31', 1)).toBe('2026-04-30');
    expect(addMonthsToDate('2026-01-15', -12)).toBe('2025-01-15');
    expect(dayOfMonth('2026-02', 31)).toBe('2026-02-28');
  });

  it('keeps the day when the month has it, else lands on the month’s last day (property)', () => {
    fc.assert(
      fc.property(calendarDate, fc.integer({ min: -600, max: 600 }), (date, count) => {
        const moved = addMonthsToDate(date, count);
        expect(isIsoDate(moved)).toBe(true);
        expect(moved.slice(0, 7)).toBe(addMonths(date.slice(0, 7), count));
        const [year, month] = [Number(moved.slice(0, 4)), Number(moved.slice(5, 7))];
        expect(Number(moved.slice(8, 10))).toBe(Math.min(Number(date.slice(8, 10)), daysInMonth(year, month)));
        expect(addMonths(addMonths(date.slice(0, 7), count), -count)).toBe(date.slice(0, 7));
      }),
    );
  });

  it('steps months across year ends and lists months ending with one', () => {
    expect(addMonths('2026-11', 2)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-03', -27)).toBe('2023-12');
    expect(monthsEndingWith('2026-03', 12)).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
  });

  it('accepts months YYYY-MM from 1900 to 2200 only', () => {
    expect(isMonth('2026-11')).toBe(true);
    for (const bad of ['2026-13', '2026-00', '2026-1', '1899-12', '2201-01', 'x', null]) {
      expect(isMonth(bad), String(bad)).toBe(false);
    }
  });
});

describe('ISO weeks', () => {
  it('start on Monday, week 1 holding the year’s first Thursday', () => {
    expect(isoWeekday('2026-11-23')).toBe(0);
    expect(isoWeekday('2026-11-22')).toBe(6);
    expect(isoWeek('2026-11-23')).toBe('2026-W48');
    expect(isoWeek('2026-12-31')).toBe('2026-W53');
    expect(isoWeek('2027-01-03')).toBe('2026-W53');
    expect(isoWeek('2027-01-04')).toBe('2027-W01');
    expect(isoWeek('2024-12-30')).toBe('2025-W01');
  });
});
