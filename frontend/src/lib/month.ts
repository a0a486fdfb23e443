import { hasLocaleData, LAO_MONTHS } from './format';
import type { Locale } from './locale';

/** CLDR's abbreviated Lao month names, for chart axes where the full names do not fit. */
const LAO_SHORT_MONTHS = [
  'ມ.ກ.',
  'ກ.ພ.',
  'ມ.ນ.',
  'ມ.ສ.',
  'ພ.ພ.',
  'ມິ.ຖ.',
  'ກ.ລ.',
  'ສ.ຫ.',
  'ກ.ຍ.',
  'ຕ.ລ.',
  'ພ.ຈ.',
  'ທ.ວ.',
] as const;

/*
 * The same month rules as contracts/src/budget-status.ts, without its schemas, so the pages that
 * only read months do not download the validation library.
 */

/** The month (`YYYY-MM`) an instant falls in, in a time zone (the browser's when none is given). */
export function monthOf(now: Date = new Date(), timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

/** The month of a calendar date `YYYY-MM-DD`. */
export const monthOfDate = (date: string): string => date.slice(0, 7);

/** A calendar month `YYYY-MM` between 1900 and 2200, as the API accepts it. */
export function isMonth(value: string | null | undefined): value is string {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})$/.exec(value) : null;
  if (match === null) return false;
  const [year, month] = [Number(match[1]), Number(match[2])];
  return year >= 1900 && year <= 2200 && month >= 1 && month <= 12;
}

/** The month `count` months after `month` (before it when negative). */
export function addMonths(month: string, count: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + count;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

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

/** The `count` months that end with `last`, oldest first. */
export function monthsEndingWith(last: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addMonths(last, i - count + 1));
}

function utcDate(month: string): Date {
  return new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1));
}

/** "November 2026", "พฤศจิกายน 2569", "ພະຈິກ 2026". */
export function formatMonth(month: string, locale: Locale, native: boolean = hasLocaleData(locale)): string {
  if (locale === 'lo' && !native) return `${LAO_MONTHS[Number(month.slice(5, 7)) - 1] ?? ''} ${month.slice(0, 4)}`;
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utcDate(month));
}

/** A month on a chart axis: "Nov", "พ.ย.", "ພ.ຈ.". */
export function formatShortMonth(month: string, locale: Locale, native: boolean = hasLocaleData(locale)): string {
  if (locale === 'lo' && !native) return LAO_SHORT_MONTHS[Number(month.slice(5, 7)) - 1] ?? month;
  return new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(utcDate(month));
}

/** The name of month `index` (1–12) alone: "November", "พฤศจิกายน", "ພະຈິກ". */
export function monthName(index: number, locale: Locale, native: boolean = hasLocaleData(locale)): string {
  if (locale === 'lo' && !native) return LAO_MONTHS[index - 1] ?? '';
  return new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, index - 1, 1)),
  );
}

/** A year as the locale writes it: "2026", in Thai "2569" (the Buddhist era, as the dates are). */
export function yearName(year: number, locale: Locale): string {
  const date = new Date(Date.UTC(2000, 0, 1));
  date.setUTCFullYear(year);
  const parts = new Intl.DateTimeFormat(locale, { year: 'numeric', timeZone: 'UTC' }).formatToParts(date);
  return parts.find((part) => part.type === 'year')?.value ?? String(year);
}
