import { todayIn } from '@plenty/contracts/calendar/zone';
import { formatLongDate, hasLocaleData } from '../../lib/format';
import type { Locale } from '../../lib/locale';

/**
 * When the data shown offline was saved, for "as of {time}": the time of day in the user's
 * time zone, with the date when it is not today there. Lao (no locale data in Chrome) writes
 * the time on a 24-hour clock and the date with its own month names.
 */
export function formatAsOfTime(savedAt: string, locale: Locale, timeZone: string | undefined, now: Date): string {
  const instant = new Date(savedAt);
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const native = hasLocaleData(locale);
  const time = new Intl.DateTimeFormat(native ? locale : 'en-GB', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: zone,
  }).format(instant);
  const day = todayIn(zone, instant);
  if (day === todayIn(zone, now)) return time;
  const date = native
    ? new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: zone }).format(instant)
    : formatLongDate(day, locale, false);
  return `${date} ${time}`;
}
