/**
 * Calendar dates `YYYY-MM-DD` and months `YYYY-MM`: days as the user's calendar names them, with
 * no time and no time zone (those are in `./zone.ts`). The arithmetic counts days in the
 * proleptic Gregorian calendar (day 0 is 1970-01-01), so it needs no `Date` and gives the same
 * answer in every runtime and time zone.
 */

/** The years a date the user enters may have (the API refuses others). */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2200;

export interface CalendarParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `YYYY-MM-DD` of a year, month (1–12) and day. */
export const isoDate = (year: number, month: number, day: number): string =>
  `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** The year, month (1–12) and day of a `YYYY-MM-DD` date (checked by the caller). */
export function parseDate(date: string): CalendarParts {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

export const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Days of month `month` (1–12) of `year`. */
export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : (MONTH_DAYS[month - 1] ?? 31);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a `YYYY-MM-DD` date that exists in the calendar, any four-digit year. */
export function isIsoDate(value: unknown): value is string {
  const match = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Whether `value` is a `YYYY-MM-DD` date that exists in the calendar, years 1900 to 2200. */
export function isCalendarDate(value: unknown): value is string {
  if (!isIsoDate(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR;
}

/** Days from 1970-01-01 to a date (negative before it). */
export function dayNumber(date: string): number {
  const { year, month, day } = parseDate(date);
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The date `days` days after 1970-01-01 (before it when negative). */
export function dateOfDayNumber(days: number): string {
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  return isoDate(yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day);
}

/** The date `count` days after `date` (before it when negative). */
export const addDays = (date: string, count: number): string => dateOfDayNumber(dayNumber(date) + count);

/** Whole days from `from` to `to`: 0 on the same day, negative when `to` is earlier. */
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

/** 0 for Sunday … 6 for Saturday (1970-01-01 was a Thursday). */
export const weekday = (date: string): number => (((dayNumber(date) + 4) % 7) + 7) % 7;

/** 0 for Monday … 6 for Sunday, as ISO 8601 weeks count. */
export const isoWeekday = (date: string): number => (weekday(date) + 6) % 7;

/** The ISO 8601 week of a date, `YYYY-Www`: weeks start on Monday, week 1 holds the year's first Thursday. */
export function isoWeek(date: string): string {
  const thursday = addDays(date, 3 - isoWeekday(date));
  const year = Number(thursday.slice(0, 4));
  const week = Math.floor(daysBetween(isoDate(year, 1, 1), thursday) / 7) + 1;
  return `${pad(year, 4)}-W${pad(week)}`;
}

/** Whether `value` is a month `YYYY-MM` between 1900 and 2200. */
export function isMonth(value: unknown): value is string {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})$/.exec(value) : null;
  if (match === null) return false;
  const [year, month] = [Number(match[1]), Number(match[2])];
  return year >= MIN_YEAR && year <= MAX_YEAR && month >= 1 && month <= 12;
}

/** The month `YYYY-MM` of a date `YYYY-MM-DD`. */
export const monthOfDate = (date: string): string => date.slice(0, 7);

/** The month `count` months after `month` (before it when negative). */
export function addMonths(month: string, count: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + count;
  return `${pad(Math.floor(index / 12), 4)}-${pad((((index % 12) + 12) % 12) + 1)}`;
}

/** Days of a month `YYYY-MM`. */
export const daysInMonthOf = (month: string): number =>
  daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)));

/** Day `day` of a month, or the month's last day when it has fewer days (the 31st of February is the 28th or 29th). */
export const dayOfMonth = (month: string, day: number): string =>
  `${month}-${pad(Math.min(day, daysInMonthOf(month)))}`;

/** The same day `count` months later (earlier when negative), on the month's last day when it has fewer days. */
export const addMonthsToDate = (date: string, count: number): string =>
  dayOfMonth(addMonths(monthOfDate(date), count), Number(date.slice(8, 10)));

/** Every date of a month, in order. */
export const datesOfMonth = (month: string): string[] =>
  Array.from({ length: daysInMonthOf(month) }, (_, i) => `${month}-${pad(i + 1)}`);

/** The `count` months that end with `last`, oldest first. */
export const monthsEndingWith = (last: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => addMonths(last, i - count + 1));

/**
 * The instant of midnight UTC that starts a date: what `Intl.DateTimeFormat` with
 * `timeZone: 'UTC'` needs to write a calendar date, month or weekday in a language.
 */
export function utcMidnight(date: string): Date {
  return new Date(dayNumber(date) * 86_400_000);
}
