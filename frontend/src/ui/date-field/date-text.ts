import { daysInMonth, isCalendarDate, isoDate, parseDate, utcMidnight, weekday } from '@plenty/contracts/calendar/date';
import { hasLocaleData, LAO_MONTHS } from '../../lib/format';
import type { Locale } from '../../lib/locale';

/**
 * A calendar date as a person reads and types it in the page's language, whatever the
 * browser's own language is (the browser's date input follows the browser, so a Thai page showed
 * `11/26/2026` next to "พฤศจิกายน 2569"):
 * - English: month/day/year, "11/26/2026" (CLDR `en`, the order the app's long dates use);
 * - Thai: day/month/year in the Buddhist era, "26/11/2569" (CLDR `th`, as Thai forms write it);
 * - Lao: day/month/year, "26/11/2026" (CLDR `lo`, Gregorian years as Lao dates use).
 * The value underneath stays ISO `YYYY-MM-DD`.
 */

/** Years between the Common Era and the Buddhist Era. */
export const BUDDHIST_ERA_OFFSET = 543;

const ORDER: Record<Locale, 'mdy' | 'dmy'> = { en: 'mdy', th: 'dmy', lo: 'dmy' };

/** The year as the language counts it: Buddhist era in Thai. */
export const displayYear = (year: number, locale: Locale): number =>
  locale === 'th' ? year + BUDDHIST_ERA_OFFSET : year;

const pad = (n: number) => String(n).padStart(2, '0');

/** "11/26/2026", "26/11/2569", "26/11/2026". */
export function formatDateText(iso: string, locale: Locale): string {
  if (!isCalendarDate(iso)) return iso;
  const { year, month, day } = parseDate(iso);
  const shown = String(displayYear(year, locale));
  return ORDER[locale] === 'mdy' ? `${pad(month)}/${pad(day)}/${shown}` : `${pad(day)}/${pad(month)}/${shown}`;
}

const NATIVE_DIGITS = /[๐-๙໐-໙]/g;
const nativeDigit = (digit: string) => {
  const code = digit.charCodeAt(0);
  return String(code >= 0x0ed0 ? code - 0x0ed0 : code - 0x0e50);
};

/**
 * The ISO date of what was typed, in the page's order ("26/11/2569" in Thai, "11/26/2026" in
 * English), or ISO itself; separators "/", ".", "-" or spaces; Thai and Lao digits too. A year
 * past 2300 is a Buddhist-era year (2569 is 2026) in any language, so a Thai reader may type
 * either; two-digit years are refused as ambiguous. Null when it is not a real date.
 */
export function parseDateText(text: string, locale: Locale): string | null {
  const cleaned = text.trim().replace(NATIVE_DIGITS, nativeDigit);
  if (cleaned === '') return null;
  const parts = cleaned.split(/\s*[/.\-\s]\s*/);
  if (parts.length !== 3 || parts.some((part) => !/^\d+$/.test(part))) return null;
  const [a, b, c] = parts as [string, string, string];
  let year: string;
  let month: string;
  let day: string;
  if (a.length === 4) [year, month, day] = [a, b, c];
  else if (ORDER[locale] === 'mdy') [month, day, year] = [a, b, c];
  else [day, month, year] = [a, b, c];
  if (year.length !== 4 || month.length > 2 || day.length > 2) return null;
  let y = Number(year);
  if (y > 2300) y -= BUDDHIST_ERA_OFFSET;
  const iso = isoDate(y, Number(month), Number(day));
  return isCalendarDate(iso) ? iso : null;
}

/**
 * The weeks of the month of `iso` for a calendar grid, Sunday first (as calendars in the
 * United States, Thailand and Laos start their weeks): null for the days before the first and
 * after the last.
 */
export function monthWeeks(iso: string): (string | null)[][] {
  const [year, month] = iso.split('-').map(Number) as [number, number];
  const first = isoDate(year, month, 1);
  const cells: (string | null)[] = Array.from({ length: weekday(first) }, () => null);
  for (let day = 1; day <= daysInMonth(year, month); day += 1) cells.push(isoDate(year, month, day));
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

const LAO_WEEKDAYS = ['ວັນອາທິດ', 'ວັນຈັນ', 'ວັນອັງຄານ', 'ວັນພຸດ', 'ວັນພະຫັດ', 'ວັນສຸກ', 'ວັນເສົາ'] as const;
const LAO_WEEKDAYS_NARROW = ['ອາ', 'ຈ', 'ອ', 'ພ', 'ພຫ', 'ສຸ', 'ສ'] as const;

/** The seven weekdays from Sunday, short (column heads: "Sun", "อา", "ອາ") and in full. */
export function weekdayNames(
  locale: Locale,
  native: boolean = hasLocaleData(locale),
): { readonly short: string; readonly long: string }[] {
  if (locale === 'lo' && !native) {
    return LAO_WEEKDAYS.map((long, i) => ({ long, short: LAO_WEEKDAYS_NARROW[i] ?? long }));
  }
  const short = new Intl.DateTimeFormat(locale, { weekday: locale === 'en' ? 'short' : 'narrow', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  // 2026-11-01 is a Sunday.
  return Array.from({ length: 7 }, (_, i) => {
    const date = utcMidnight(isoDate(2026, 11, 1 + i));
    return { short: short.format(date), long: long.format(date) };
  });
}

/** "November 2026", "พฤศจิกายน 2569", "ພະຈິກ 2026": the grid's heading. */
export function monthHeading(iso: string, locale: Locale, native: boolean = hasLocaleData(locale)): string {
  const [year, month] = iso.split('-').map(Number) as [number, number];
  if (locale === 'lo' && !native) return `${LAO_MONTHS[month - 1] ?? ''} ${year}`;
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    utcMidnight(isoDate(year, month, 1)),
  );
}
