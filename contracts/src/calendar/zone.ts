import { addDays, dayNumber } from './date.js';

/**
 * Time zones: which calendar date (and hour) an instant falls on for the user, and which
 * instants a local day spans. Built on `Intl.DateTimeFormat`, which knows the IANA zones and
 * their daylight saving rules in Node and in browsers alike.
 */

const DAY_MS = 86_400_000;
/** No time zone is more than 14 hours from UTC. */
const WIDEST_OFFSET_MS = 14 * 3_600_000;

/** How much of the time a formatter gives after the date. */
type Precision = 'day' | 'hour' | 'second';

const TIME_FIELDS: Readonly<Record<Precision, Intl.DateTimeFormatOptions>> = {
  day: {},
  hour: { hour: '2-digit', hourCycle: 'h23' },
  second: { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
};

/** Formatters by precision and time zone: making one costs far more than using it. */
const formats: Readonly<Record<Precision, Map<string, Intl.DateTimeFormat>>> = {
  day: new Map(),
  hour: new Map(),
  second: new Map(),
};

function formatIn(timeZone: string, precision: Precision): Intl.DateTimeFormat {
  let format = formats[precision].get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...TIME_FIELDS[precision],
    });
    formats[precision].set(timeZone, format);
  }
  return format;
}

function partsIn(instant: Date, timeZone: string, precision: Precision) {
  const parts = formatIn(timeZone, precision).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, part };
}

/** The local date and hour (0–23) of an instant in a time zone; throws a RangeError for a zone the runtime does not know. */
export function localClock(instant: Date, timeZone: string): { readonly date: string; readonly hour: number } {
  const { date, part } = partsIn(instant, timeZone, 'hour');
  return { date, hour: Number(part('hour')) };
}

/** The local date and time of an instant in a time zone, `YYYY-MM-DD HH:mm:ss`. */
export function localDateTime(instant: Date, timeZone: string): string {
  const { date, part } = partsIn(instant, timeZone, 'second');
  return `${date} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/**
 * Per time zone, the last minute asked for and its date: time zone offsets are whole minutes
 * for any time an event can have, so the date cannot change within a UTC minute, and events
 * replayed in order ask for the same minute again and again.
 */
const lastDates = new Map<string, { minute: number; date: string }>();

/** The calendar date an instant falls on in a time zone, `YYYY-MM-DD`. */
export function localDate(instant: Date, timeZone: string): string {
  const minute = Math.floor(instant.getTime() / 60_000);
  const last = lastDates.get(timeZone);
  if (last !== undefined && last.minute === minute) return last.date;
  // Without the hour: a third cheaper, and replays ask for many dates.
  const date = partsIn(instant, timeZone, 'day').date;
  lastDates.set(timeZone, { minute, date });
  return date;
}

/** Whether the runtime knows a time zone (IANA name such as `Asia/Vientiane`). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatIn(timeZone, 'day');
    return true;
  } catch {
    return false;
  }
}

/** The time zone of the runtime (the browser's in the web app), UTC when it names none. */
export const runtimeTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * Today's calendar date, `YYYY-MM-DD`, in a time zone: the user's chosen one, or the runtime's
 * when none is given or the runtime does not know the one given.
 */
export function todayIn(timeZone?: string, now: Date = new Date()): string {
  const zone = timeZone !== undefined && isKnownTimeZone(timeZone) ? timeZone : runtimeTimeZone();
  return localDate(now, zone);
}

/** The month (`YYYY-MM`) an instant falls in, in a time zone (the runtime's when none is given). */
export const monthOf = (now: Date = new Date(), timeZone?: string): string => todayIn(timeZone, now).slice(0, 7);

/** A time zone the runtime knows, else UTC (zones are validated when saved). */
const knownOrUtc = (timeZone: string): string => (isKnownTimeZone(timeZone) ? timeZone : 'UTC');

/**
 * The first instant that is no longer on `date` in the time zone: the end (exclusive) of that
 * local day. Found by bisection between the widest offsets, so daylight saving changes at
 * midnight need no special case. A zone the runtime does not know counts as UTC.
 */
export function endOfLocalDay(date: string, timeZone: string): Date {
  const zone = knownOrUtc(timeZone);
  const midnightUtc = (dayNumber(date) + 1) * DAY_MS;
  let low = midnightUtc - WIDEST_OFFSET_MS - DAY_MS; // still on `date` or before everywhere
  let high = midnightUtc + WIDEST_OFFSET_MS; // after `date` everywhere
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (localDate(new Date(middle), zone) > date) high = middle;
    else low = middle;
  }
  return new Date(high);
}

/** The first instant of `date` in the time zone (after a skipped midnight, the first that exists). */
export const startOfLocalDay = (date: string, timeZone: string): Date => endOfLocalDay(addDays(date, -1), timeZone);

/** The end (exclusive) of `date` in the zone furthest west: no event after it can be on that date anywhere. */
export function endOfDayAnywhere(date: string): Date {
  return new Date((dayNumber(date) + 1) * DAY_MS + 12 * 3_600_000);
}
