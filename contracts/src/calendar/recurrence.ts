import { z } from 'zod';
import { addDays, dayNumber, daysInMonth, isoDate, parseDate } from './date.js';
import { calendarDateSchema } from './schema.js';

/*
 * Repeating dates: "every N days, weeks, months or years" from a start date, ending never, on a
 * date, or after a number of times. Occurrences are calendar dates (no time, no zone): which of
 * them are due is decided against the user's local "today" (zone.ts).
 *
 * Monthly and yearly schedules fall on `monthDay` (1–31, default the start date's day) or on the
 * month's last day (`'last'`); a day past a shorter month's end falls on that month's last day
 * (31 → 30 April, 28 or 29 February), and the next month goes back to the 31st. Yearly schedules
 * keep the start date's month (29 February → 28 February in common years).
 *
 * Every occurrence is computed directly from its index (no iteration from the start), so asking
 * for the occurrences of a five-year-old daily rule costs what a new rule's does. The property
 * tests check every function against an RFC 5545 implementation (the `rrule` package).
 */

export const RECURRENCE_FREQUENCIES = ['day', 'week', 'month', 'year'] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];

/** At most this many units between occurrences ("every 99 weeks"). */
export const MAX_INTERVAL = 99;
/** "After N times": at most this many occurrences. */
export const MAX_OCCURRENCE_COUNT = 1000;

export const recurrenceEndSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('never') }).strict(),
    /** The last date an occurrence may fall on (inclusive). */
    z.object({ kind: z.literal('on'), date: calendarDateSchema }).strict(),
    z
      .object({
        kind: z.literal('after'),
        count: z.number({ error: 'field_invalid' }).int().min(1).max(MAX_OCCURRENCE_COUNT, { error: 'field_invalid' }),
      })
      .strict(),
  ],
  { error: 'field_invalid' },
);
export type RecurrenceEnd = z.infer<typeof recurrenceEndSchema>;

export const monthDaySchema = z.union([z.number().int().min(1).max(31), z.literal('last')], {
  error: 'field_invalid',
});
export type MonthDay = z.infer<typeof monthDaySchema>;

/**
 * A schedule. Rules (400 `recurrence_invalid` on the field named): `monthDay` only with month
 * and year frequencies; an end date before the start date.
 */
export const recurrenceSchema = z
  .object({
    frequency: z.enum(RECURRENCE_FREQUENCIES, { error: 'field_invalid' }),
    interval: z.number({ error: 'field_invalid' }).int().min(1).max(MAX_INTERVAL, { error: 'field_invalid' }),
    /** The first occurrence is the first date of the pattern on or after it. */
    startDate: calendarDateSchema,
    /** Month and year frequencies: the day of the month (default: the start date's day). */
    monthDay: monthDaySchema.optional(),
    end: recurrenceEndSchema,
  })
  .strict()
  .superRefine((schedule, context) => {
    if (schedule.monthDay !== undefined && (schedule.frequency === 'day' || schedule.frequency === 'week')) {
      context.addIssue({ code: 'custom', path: ['monthDay'], message: 'recurrence_invalid' });
    }
    if (schedule.end.kind === 'on' && schedule.end.date < schedule.startDate) {
      context.addIssue({ code: 'custom', path: ['end', 'date'], message: 'recurrence_invalid' });
    }
  });
export type Recurrence = z.infer<typeof recurrenceSchema>;

/** The day a monthly or yearly slot falls on in a month: `monthDay` clamped to the month's length. */
function dayIn(year: number, month: number, monthDay: MonthDay): number {
  const last = daysInMonth(year, month);
  return monthDay === 'last' ? last : Math.min(monthDay, last);
}

const monthDayOf = (schedule: Recurrence): MonthDay => schedule.monthDay ?? parseDate(schedule.startDate).day;

/**
 * The k-th slot of the pattern (k ≥ 0), before the start date and the end are applied: the
 * start date plus k intervals. Slot 0 of a monthly or yearly schedule may fall before the start
 * date (a `monthDay` earlier in the month than the start); it is then not an occurrence.
 */
function slot(schedule: Recurrence, k: number): string {
  const { frequency, interval, startDate } = schedule;
  if (frequency === 'day') return addDays(startDate, k * interval);
  if (frequency === 'week') return addDays(startDate, k * interval * 7);
  const start = parseDate(startDate);
  const months = frequency === 'month' ? k * interval : k * interval * 12;
  const index = start.year * 12 + (start.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return isoDate(year, month, dayIn(year, month, monthDayOf(schedule)));
}

/** 1 when slot 0 falls before the start date (so occurrence 0 is slot 1), else 0. */
const firstSlot = (schedule: Recurrence): number => (slot(schedule, 0) < schedule.startDate ? 1 : 0);

/** Whether occurrence `n` (its date given) is within the schedule's end. */
function withinEnd(schedule: Recurrence, n: number, date: string): boolean {
  const { end } = schedule;
  if (end.kind === 'after') return n < end.count;
  if (end.kind === 'on') return date <= end.date;
  return true;
}

/** The date of occurrence `n` (0 = the first), or null when the schedule ended before it. */
export function nthOccurrence(schedule: Recurrence, n: number): string | null {
  if (!Number.isSafeInteger(n) || n < 0) return null;
  const date = slot(schedule, n + firstSlot(schedule));
  return withinEnd(schedule, n, date) ? date : null;
}

/** Units (days or months) from the start date to `date`, for estimating a slot index. */
function unitsFromStart(schedule: Recurrence, date: string): number {
  if (schedule.frequency === 'day' || schedule.frequency === 'week') {
    return (dayNumber(date) - dayNumber(schedule.startDate)) / (schedule.frequency === 'week' ? 7 : 1);
  }
  const start = parseDate(schedule.startDate);
  const at = parseDate(date);
  const months = (at.year - start.year) * 12 + (at.month - start.month);
  return schedule.frequency === 'month' ? months : months / 12;
}

/**
 * The index and date of the first occurrence on or after `date`; null when the schedule has
 * ended by then.
 */
export function firstOccurrenceOnOrAfter(schedule: Recurrence, date: string): { n: number; date: string } | null {
  const offset = firstSlot(schedule);
  let k = Math.max(offset, Math.floor(unitsFromStart(schedule, date) / schedule.interval) - 1);
  while (slot(schedule, k) < date) k += 1;
  const n = k - offset;
  const found = slot(schedule, k);
  return withinEnd(schedule, n, found) ? { n, date: found } : null;
}

/** The occurrence right after occurrence `n`, or null at the end. */
export const occurrenceAfter = (schedule: Recurrence, n: number): { n: number; date: string } | null => {
  const date = nthOccurrence(schedule, n + 1);
  return date === null ? null : { n: n + 1, date };
};

/** Whether `date` is an occurrence of the schedule. */
export function isOccurrence(schedule: Recurrence, date: string): boolean {
  return firstOccurrenceOnOrAfter(schedule, date)?.date === date;
}

/**
 * The occurrences from `from` to `to` (both inclusive), oldest first, at most `limit` of them
 * (a daily rule over years stays bounded).
 */
export function occurrencesBetween(
  schedule: Recurrence,
  from: string,
  to: string,
  limit = MAX_OCCURRENCE_COUNT,
): { n: number; date: string }[] {
  const found: { n: number; date: string }[] = [];
  let next = firstOccurrenceOnOrAfter(schedule, from);
  while (next !== null && next.date <= to && found.length < limit) {
    found.push(next);
    next = occurrenceAfter(schedule, next.n);
  }
  return found;
}

/** The last occurrence of a schedule that ends, or null for one that never does. */
export function lastOccurrence(schedule: Recurrence): string | null {
  const { end } = schedule;
  if (end.kind === 'never') return null;
  if (end.kind === 'after') return nthOccurrence(schedule, end.count - 1);
  let last: string | null = null;
  const first = firstOccurrenceOnOrAfter(schedule, schedule.startDate);
  if (first === null) return null;
  // The occurrence just after the end date, one step back.
  const after = firstOccurrenceOnOrAfter({ ...schedule, end: { kind: 'never' } }, addDays(end.date, 1));
  if (after !== null && after.n > 0) last = nthOccurrence(schedule, after.n - 1);
  return last;
}
