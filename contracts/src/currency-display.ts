import type { Currency } from './money.js';

/**
 * How Plenty writes an amount of money, in every language, on every surface (the web app, its
 * charts, the mails): decided once here, used by the browser and the server alike.
 *
 * - **One sign per currency, the same in English, Thai and Lao**: LAK `₭`, THB `฿`, USD `$`,
 *   EUR `€`, GBP `£`, CAD `CA$`, AUD `A$`. Kip and baht are written with their own signs by the
 *   people who use them (price tags, bank apps, receipts in Laos and Thailand: "₭50,000",
 *   "฿120.00"); CLDR gives `₭` only to Lao and prints "LAK 9,000,000" in English and Thai,
 *   which reads like a bank code, not money. The dollar of the United States keeps the bare `$`
 *   (as its people write it); the Canadian and Australian dollars carry their short prefix so
 *   that two dollars on one page are never confused.
 * - **The sign comes first, with no space** ("₭9,000,000", "฿1,234.50"): the order CLDR gives
 *   all three languages for these signs, and how Lao and Thai apps print them.
 * - **A negative amount starts with the minus sign (U+2212) before the currency sign**
 *   ("−₭12,000"), the same minus the lists use before an expense, in every language (CLDR's Lao
 *   pattern would put it after the sign: "₭-12.000").
 * - **Decimals per currency** (ISO 4217 / CLDR, as `minorUnitExponent`): whole kip (LAK has no
 *   minor unit in use), two decimals for the others, always shown ("฿1,200.00").
 * - **Digit grouping is the language's**: English and Thai group with "," and mark decimals with
 *   "."; Lao (CLDR `lo`) groups with "." and marks decimals with ",": "₭9.000.000", "฿1.234,50".
 *   Western digits in all three, as the apps and banks of both countries use.
 *
 * The digits are made from the integer minor units themselves (no float, no `Intl`), so the
 * result is exact for any amount and the same in Chromium (which ships without Lao data) and
 * Node.
 */
export interface CurrencyDisplay {
  /** The sign written before the amount. */
  readonly symbol: string;
  /** Digits after the decimal mark. */
  readonly decimals: number;
}

export const CURRENCY_DISPLAY: Readonly<Record<Currency, CurrencyDisplay>> = {
  LAK: { symbol: '₭', decimals: 0 },
  THB: { symbol: '฿', decimals: 2 },
  USD: { symbol: '$', decimals: 2 },
  EUR: { symbol: '€', decimals: 2 },
  GBP: { symbol: '£', decimals: 2 },
  CAD: { symbol: 'CA$', decimals: 2 },
  AUD: { symbol: 'A$', decimals: 2 },
};

/** The minus sign of a negative amount. */
export const MINUS_SIGN = '\u2212';

export interface NumberSeparators {
  readonly group: string;
  readonly decimal: string;
}

const ENGLISH_SEPARATORS: NumberSeparators = { group: ',', decimal: '.' };
const SEPARATORS: Readonly<Record<string, NumberSeparators>> = {
  en: ENGLISH_SEPARATORS,
  th: ENGLISH_SEPARATORS,
  lo: { group: '.', decimal: ',' },
};

/** The group and decimal marks of a language ("en", "th", "lo", or a tag such as "th-TH"); English's for others. */
export function numberSeparators(locale: string): NumberSeparators {
  return SEPARATORS[locale.toLowerCase().split(/[-_]/)[0] ?? ''] ?? ENGLISH_SEPARATORS;
}

function groupDigits(digits: string, group: string): string {
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const chunk = digits.slice(Math.max(0, end - 3), end);
    out = out === '' ? chunk : `${chunk}${group}${out}`;
  }
  return out;
}

/**
 * An integer of minor units as a number of major units in the language's marks, without a
 * sign: 123456789 with 2 decimals → "1,234,567.89" ("1.234.567,89" in Lao).
 */
export function formatMinorUnits(amount: number | bigint, decimals: number, locale: string): string {
  const { group, decimal } = numberSeparators(locale);
  const magnitude = BigInt(amount) < 0n ? -BigInt(amount) : BigInt(amount);
  const digits = magnitude.toString().padStart(decimals + 1, '0');
  const whole = groupDigits(digits.slice(0, digits.length - decimals), group);
  return decimals > 0 ? `${whole}${decimal}${digits.slice(digits.length - decimals)}` : whole;
}

/**
 * An amount in integer minor units as Plenty writes it (see above): "₭9,000,000",
 * "−฿1,234.50", "₭9.000.000" in Lao. A number that is not a whole number of minor units is a
 * programming error.
 */
export function formatCurrencyAmount(amount: number | bigint, currency: Currency, locale: string): string {
  if (typeof amount === 'number' && !Number.isInteger(amount)) {
    throw new RangeError(`amount must be whole minor units: ${amount}`);
  }
  const { symbol, decimals } = CURRENCY_DISPLAY[currency];
  const negative = BigInt(amount) < 0n;
  return `${negative ? MINUS_SIGN : ''}${symbol}${formatMinorUnits(amount, decimals, locale)}`;
}
