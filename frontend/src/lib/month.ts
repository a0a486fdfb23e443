import { addMonths, isMonth, isoDate, utcMidnight } from '@plenty/contracts/calendar/date';
import { hasLocaleData, LAO_MONTHS, LAO_SHORT_MONTHS } from './format';
import type { Locale } from './locale';

/**
 * The month a page shows for `?month=`: a valid month no later than `latest`; anything else
 * (absent, malformed, in the future) shows `latest`.
 */
export function monthFromParam(value: string | null, latest: string): string {
  if (!isMonth(value)) return latest;
  return value > latest ? latest : value;
}

/** The month `count` months away, never later than `latest`. */
export function stepMonth(month: string, count: number, latest: string): string {
  const next = addMonths(month, count);
  return next > latest ? latest : next;
}

/**
 * One formatter per locale and kind, made once: making an `Intl.DateTimeFormat` costs far more
 * than formatting with it (a month picker names 12 months and a dozen years on every render).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: Locale, kind: 'month-year' | 'short-month' | 'month' | 'year'): Intl.DateTimeFormat {
  const key = `${locale} ${kind}`;
  let made = formatters.get(key);
  if (made === undefined) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'month-year'
        ? { month: 'long', year: 'numeric' }
        : kind === 'short-month'
          ? { month: 'short' }
          : kind === 'month'
            ? { month: 'long' }
            : { year: 'numeric' };
    made = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    formatters.set(key, made);
  }
  return made;
}

/** "November 2026", "พฤศจิกายน 2569", "ພະຈິກ 2026". */
export function formatMonth(month: string, locale: Locale, native: boolean = hasLocaleData(locale)): string {
  if (locale === 'lo' && !native) return `${LAO_MONTHS[Number(month.slice(5, 7)) - 1] ?? ''} ${month.slice(0, 4)}`;
  return formatter(locale, 'month-year').format(utcMidnight(`${month}-01`));
}

/** A month on a chart axis: "Nov", "พ.ย.", "ພ.ຈ.". */
export function formatShortMonth(month: string, locale: Locale, native: boolean = hasLocaleData(locale)): string {
  if (locale === 'lo' && !native) return LAO_SHORT_MONTHS[Number(month.slice(5, 7)) - 1] ?? month;
  return formatter(locale, 'short-month').format(utcMidnight(`${month}-01`));
}

/** The name of month `index` (1–12) alone: "November", "พฤศจิกายน", "ພະຈິກ". */
export function monthName(index: number, locale: Locale, native: boolean = hasLocaleData(locale)): string {
  if (locale === 'lo' && !native) return LAO_MONTHS[index - 1] ?? '';
  return formatter(locale, 'month').format(utcMidnight(isoDate(2000, index, 1)));
}

/** A year as the locale writes it: "2026", in Thai "2569" (the Buddhist era, as the dates are). */
export function yearName(year: number, locale: Locale): string {
  const parts = formatter(locale, 'year').formatToParts(utcMidnight(isoDate(year, 1, 1)));
  return parts.find((part) => part.type === 'year')?.value ?? String(year);
}
