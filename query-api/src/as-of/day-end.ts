import { localDate } from '@plenty/contracts/budget-status';

const DAY_MS = 86_400_000;
/** No time zone is more than 14 hours from UTC. */
const WIDEST_OFFSET_MS = 14 * 3_600_000;

/** The calendar date after `date` (`YYYY-MM-DD`). */
export function nextDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) + 1)).toISOString().slice(0, 10);
}

/** A time zone the runtime knows, else UTC (zones are validated when saved). */
function knownZone(timeZone: string): string {
  try {
    localDate(new Date(0), timeZone);
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/**
 * The first instant that is no longer on `date` in the time zone: the end (exclusive) of that
 * local day. Found by bisection between the widest offsets, so daylight saving changes at
 * midnight need no special case.
 */
export function endOfLocalDay(date: string, timeZone: string): Date {
  const zone = knownZone(timeZone);
  const midnightUtc = Date.parse(`${nextDate(date)}T00:00:00.000Z`);
  let low = midnightUtc - WIDEST_OFFSET_MS - DAY_MS; // still on `date` or before everywhere
  let high = midnightUtc + WIDEST_OFFSET_MS; // after `date` everywhere
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (localDate(new Date(middle), zone) > date) high = middle;
    else low = middle;
  }
  return new Date(high);
}

/** The end (exclusive) of `date` in the zone furthest west: no event after it can be on that date anywhere. */
export function endOfDayAnywhere(date: string): Date {
  return new Date(Date.parse(`${nextDate(date)}T00:00:00.000Z`) + 12 * 3_600_000);
}
