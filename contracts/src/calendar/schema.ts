import { z } from 'zod';
import { isCalendarDate, isMonth } from './date.js';

/** A local calendar date the user picked, `YYYY-MM-DD`, that exists in the calendar. */
export const calendarDateSchema = z.string({ error: 'date_invalid' }).refine(isCalendarDate, { error: 'date_invalid' });

/** A calendar month, `YYYY-MM`. */
export const monthSchema = z.string({ error: 'date_invalid' }).refine(isMonth, { error: 'date_invalid' });

/** A local wall-clock time, `HH:mm`. */
export const localTimeSchema = z
  .string({ error: 'time_invalid' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'time_invalid' });

export const instantSchema = z.iso.datetime({ offset: false });
