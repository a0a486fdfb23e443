import { z } from 'zod';

/** Whether `value` is a `YYYY-MM-DD` date that exists in the calendar, years 1900 to 2200. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A local calendar date the user picked, `YYYY-MM-DD`, that exists in the calendar. */
export const calendarDateSchema = z.string({ error: 'date_invalid' }).refine(isCalendarDate, { error: 'date_invalid' });

/** A local wall-clock time, `HH:mm`. */
export const localTimeSchema = z
  .string({ error: 'time_invalid' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'time_invalid' });

export const instantSchema = z.iso.datetime({ offset: false });
