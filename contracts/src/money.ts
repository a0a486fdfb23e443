import { z } from 'zod';
import { formatCurrencyAmount } from './currency-display.js';

export const CURRENCIES = ['LAK', 'THB', 'USD', 'EUR', 'GBP', 'CAD', 'AUD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const currencySchema = z.enum(CURRENCIES, { error: 'currency_invalid' });

/** Largest magnitude an amount may have, in minor units (DESIGN.md section 5). */
export const MAX_AMOUNT = 2 ** 51;

export interface Money {
  readonly amount: number;
  readonly currency: Currency;
}

export const amountSchema = z
  .number({ error: 'amount_required' })
  .int({ error: 'amount_not_integer' })
  .refine((n) => Math.abs(n) <= MAX_AMOUNT, { error: 'amount_too_large' });

export const moneySchema = z.object({ amount: amountSchema, currency: currencySchema }).strict();

export const positiveMoneySchema = z
  .object({
    amount: amountSchema.refine((n) => n > 0, { error: 'amount_not_positive' }),
    currency: currencySchema,
  })
  .strict();

/** Each currency's exponent, read from CLDR the first time it is asked for (not at load: a page's start-up pays only for the currencies it shows). */
const exponents = new Map<Currency, number>();

/** Number of minor-unit digits of a currency, from CLDR: LAK 0, the others 2. */
export function minorUnitExponent(currency: Currency): number {
  let exponent = exponents.get(currency);
  if (exponent === undefined) {
    exponent =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    exponents.set(currency, exponent);
  }
  return exponent;
}

/**
 * Figures made from many amounts (a month's sum, a conversion with the user's rates) can pass
 * what a JSON number holds exactly. Read models keep such a sum as an `ExactTotal`: a number
 * while it is a safe integer, its decimal string beyond ("11258999068426240123"), so any sum
 * of accepted amounts stays exact and an edit can take out exactly what was put in.
 */
export type ExactTotal = number | string;

export const exactTotalSchema = z.union([
  z.number().int().refine(Number.isSafeInteger),
  z.string().regex(/^-?[1-9]\d{15,}$/),
]);

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** A stored total (or nothing, as zero) as an exact integer. */
export function totalOf(value: ExactTotal | undefined): bigint {
  return value === undefined ? 0n : BigInt(value);
}

/** An exact integer as a read model stores it: a number while safe, else its decimal string. */
export function exactTotal(value: bigint): ExactTotal {
  return value >= -MAX_SAFE && value <= MAX_SAFE ? Number(value) : value.toString();
}

/**
 * The one rule for a figure an answer must carry as a JSON number: exact while it is a safe
 * integer, else saturated at ±(2^53 − 1) (`Number.MAX_SAFE_INTEGER`). Answers say when one of
 * their figures saturated (`outOfRange`), so the app can say the figure is not exact.
 */
export function saturate(value: bigint): number {
  if (value > MAX_SAFE) return Number.MAX_SAFE_INTEGER;
  if (value < -MAX_SAFE) return -Number.MAX_SAFE_INTEGER;
  return Number(value);
}

/** Whether an exact integer fits a JSON number without saturating. */
export const isRepresentable = (value: bigint): boolean => value >= -MAX_SAFE && value <= MAX_SAFE;

/**
 * numerator / denominator rounded half up to an integer (half away from zero for negatives):
 * the one rounding every exact computation of money uses (conversions, schedules, averages).
 */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (2n * n + d) / (2n * d);
  return negative ? -quotient : quotient;
}

export function money(amount: number, currency: Currency): Money {
  assertSafeAmount(amount);
  return { amount, currency };
}

function assertSafeAmount(amount: number): void {
  if (!Number.isInteger(amount) || Math.abs(amount) > MAX_AMOUNT) {
    throw new RangeError(`amount out of range: ${amount}`);
  }
}

function assertSameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) {
    throw new TypeError(`currency mismatch: ${a.currency} and ${b.currency}`);
  }
}

export function add(a: Money, b: Money): Money {
  assertSameCurrency(a, b);
  return money(a.amount + b.amount, a.currency);
}

export function subtract(a: Money, b: Money): Money {
  assertSameCurrency(a, b);
  return money(a.amount - b.amount, a.currency);
}

export function sum(values: readonly Money[], currency: Currency): Money {
  return values.reduce((total, value) => add(total, value), money(0, currency));
}

/**
 * Splits an amount into parts proportional to the ratios, in whole minor units.
 * Remainders go to the parts with the largest ratios first, so parts always sum to
 * the original amount.
 */
export function allocate(value: Money, ratios: readonly number[]): Money[] {
  if (ratios.some((r) => !Number.isInteger(r))) throw new RangeError('ratios must be non-negative integers');
  return allocateExact(BigInt(value.amount), ratios.map(BigInt)).map((amount) => money(Number(amount), value.currency));
}

/** `allocate` on exact integers: ratios of any size (converted sums), parts that sum to `amount`. */
export function allocateExact(amount: bigint, ratios: readonly bigint[]): bigint[] {
  if (ratios.length === 0 || ratios.some((r) => r < 0n)) {
    throw new RangeError('ratios must be non-negative integers');
  }
  const total = ratios.reduce((a, b) => a + b, 0n);
  if (total === 0n) throw new RangeError('ratios must not all be zero');
  const base = ratios.map((r) => (amount * r) / total);
  let remainder = amount - base.reduce((a, b) => a + b, 0n);
  const order = ratios.map((r, i) => ({ r, i })).sort((x, y) => (y.r > x.r ? 1 : y.r < x.r ? -1 : x.i - y.i));
  const step = remainder >= 0n ? 1n : -1n;
  for (let k = 0; remainder !== 0n; k = (k + 1) % order.length) {
    const slot = order[k];
    if (!slot || slot.r === 0n) continue;
    base[slot.i] = (base[slot.i] ?? 0n) + step;
    remainder -= step;
  }
  return base;
}

export type ParseMoneyError = 'amount_required' | 'amount_invalid' | 'amount_too_precise' | 'amount_too_large';

export type ParseResult = { ok: true; value: Money } | { ok: false; error: ParseMoneyError };

function separators(locale: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}

const NATIVE_DIGITS: Record<string, string> = {
  '๐': '0',
  '๑': '1',
  '๒': '2',
  '๓': '3',
  '๔': '4',
  '๕': '5',
  '๖': '6',
  '๗': '7',
  '๘': '8',
  '๙': '9',
  '໐': '0',
  '໑': '1',
  '໒': '2',
  '໓': '3',
  '໔': '4',
  '໕': '5',
  '໖': '6',
  '໗': '7',
  '໘': '8',
  '໙': '9',
};

/**
 * Parses what a person typed ("1,234.50", "1.234,50", "๑๒๓") in the locale's
 * separators into integer minor units, without ever going through a float.
 */
export function parseMoney(input: string, currency: Currency, locale: string): ParseResult {
  const exponent = minorUnitExponent(currency);
  const { group, decimal } = separators(locale);
  let text = input
    .trim()
    .replace(/[๐-๙໐-໙]/g, (d) => NATIVE_DIGITS[d] ?? d)
    .replace(/[\s\u00a0\u202f]/g, '');
  if (text === '') return { ok: false, error: 'amount_required' };
  if (group !== decimal) text = text.split(group).join('');
  if (decimal !== '.') text = text.replace(decimal, '.');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return { ok: false, error: 'amount_invalid' };
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > exponent) return { ok: false, error: 'amount_too_precise' };
  const minor = BigInt(whole) * 10n ** BigInt(exponent) + BigInt(fraction.padEnd(exponent, '0') || '0');
  if (minor > BigInt(MAX_AMOUNT)) return { ok: false, error: 'amount_too_large' };
  return { ok: true, value: { amount: Number(minor), currency } };
}

/** The amount as a plain decimal string in major units ("1234.50"), exact. */
export function toDecimalString(value: Money): string {
  const exponent = minorUnitExponent(value.currency);
  const negative = value.amount < 0;
  const digits = Math.abs(value.amount)
    .toString()
    .padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = exponent > 0 ? `.${digits.slice(digits.length - exponent)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** Formats for display, as Plenty writes money in every language (see currency-display.ts). */
export function formatMoney(value: Money, locale: string): string {
  return formatCurrencyAmount(value.amount, value.currency, locale);
}
