import { isoDate as calendarDate, utcMidnight } from '@plenty/contracts/calendar/date';
import { CURRENCY_DISPLAY, formatCurrencyAmount } from '@plenty/contracts/currency-display';
import type { Currency, Money } from '@plenty/contracts/money';
import type { Locale } from './locale';

/**
 * Numbers, money and dates in the reader's language. Browsers without Lao locale data (Chrome
 * ships without it) would fall back to English, so Lao uses CLDR's Lao patterns from here:
 * "." groups, "," decimals, day-month-year with Lao month names. Money is written the same way
 * in every language by contracts' currency-display.ts.
 */
export const LAO_MONTHS = [
  'ມັງກອນ',
  'ກຸມພາ',
  'ມີນາ',
  'ເມສາ',
  'ພຶດສະພາ',
  'ມິຖຸນາ',
  'ກໍລະກົດ',
  'ສິງຫາ',
  'ກັນຍາ',
  'ຕຸລາ',
  'ພະຈິກ',
  'ທັນວາ',
] as const;

/** CLDR's abbreviated Lao month names, where the full names do not fit (chart axes, short dates). */
export const LAO_SHORT_MONTHS = [
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

const localeData = new Map<Locale, boolean>();
export function hasLocaleData(locale: Locale): boolean {
  let has = localeData.get(locale);
  if (has === undefined) {
    has = Intl.NumberFormat.supportedLocalesOf([locale]).length > 0;
    localeData.set(locale, has);
  }
  return has;
}

/*
 * Formatters are made once per locale and options and kept: making an `Intl` formatter costs
 * far more than formatting with it, and a page formats hundreds of figures as it first renders.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, fractionDigits: number | undefined): Intl.NumberFormat {
  const key = `${locale} ${fractionDigits ?? ''}`;
  let made = numberFormats.get(key);
  if (made === undefined) {
    made = new Intl.NumberFormat(
      locale,
      fractionDigits === undefined
        ? {}
        : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits },
    );
    numberFormats.set(key, made);
  }
  return made;
}
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: Locale, kind: 'long' | 'short'): Intl.DateTimeFormat {
  const key = `${locale} ${kind}`;
  let made = dateFormats.get(key);
  if (made === undefined) {
    made = new Intl.DateTimeFormat(
      locale,
      kind === 'long' ? { dateStyle: 'long', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' },
    );
    dateFormats.set(key, made);
  }
  return made;
}

/** Minor-unit digits from CLDR: LAK 0, the others 2. */
export function minorUnitDigits(currency: Currency): number {
  return CURRENCY_DISPLAY[currency].decimals;
}

function laoSeparators(englishNumber: string): string {
  return englishNumber.replace(/[,.]/g, (separator) => (separator === ',' ? '.' : ','));
}

export function formatNumber(
  value: number,
  locale: Locale,
  fractionDigits?: number,
  native: boolean = hasLocaleData(locale),
): string {
  if (locale !== 'lo' || native) return numberFormat(locale, fractionDigits).format(value);
  return laoSeparators(numberFormat('en', fractionDigits).format(value));
}

/**
 * Money in minor units as Plenty writes it in every language and on every surface (contracts'
 * currency-display.ts): its own sign first ("₭9,000,000", "฿1,234.50"), the currency's
 * decimals (kip none), the language's digit marks (Lao "₭9.000.000"), "−" before a negative.
 */
export function formatMoney(value: Money, locale: Locale): string {
  return formatCurrencyAmount(value.amount, value.currency, locale);
}

/** A calendar date (`YYYY-MM-DD`) written out in full: "23 November 2026", "23 พฤศจิกายน 2569". */
export function formatLongDate(isoDate: string, locale: Locale, native: boolean = hasLocaleData(locale)): string {
  const [year = 1970, month = 1, day = 1] = isoDate.split('-').map(Number);
  if (locale !== 'lo' || native) {
    return dateFormat(locale, 'long').format(utcMidnight(calendarDate(year, month, day)));
  }
  return `${day} ${LAO_MONTHS[month - 1] ?? ''} ${year}`;
}

/** A calendar date (`YYYY-MM-DD`) short, day and month: "27 Nov", "27 พ.ย.", "27 ພ.ຈ.". */
export function formatShortDate(isoDate: string, locale: Locale, native: boolean = hasLocaleData(locale)): string {
  const [year = 1970, month = 1, day = 1] = isoDate.split('-').map(Number);
  if (locale === 'lo' && !native) return `${day} ${LAO_SHORT_MONTHS[month - 1] ?? ''}`;
  return dateFormat(locale, 'short').format(utcMidnight(calendarDate(year, month, day)));
}
