import { localDate } from '@plenty/contracts/budget-status';

const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Today's calendar date, `YYYY-MM-DD`, in a time zone: the user's chosen one, or the browser's
 * when none is given or the runtime does not know the one given.
 */
export function todayIn(timeZone?: string, now: Date = new Date()): string {
  try {
    return localDate(now, timeZone ?? browserTimeZone());
  } catch {
    return localDate(now, browserTimeZone());
  }
}
