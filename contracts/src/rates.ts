import { z } from 'zod';
import { CURRENCIES, divideHalfUp, minorUnitExponent, saturate, type Currency, type Money } from './money.js';

/**
 * A rate is how many units of a currency one US dollar buys, as a decimal string
 * ("21850", "0.86", "32.45"): decimal strings keep conversions exact, with no binary
 * floating point anywhere between two amounts.
 */
export const RATE_PATTERN = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,8})?$/;

export const rateSchema = z
  .string({ error: 'rate_invalid' })
  .regex(RATE_PATTERN, { error: 'rate_invalid' })
  .refine((s) => /[1-9]/.test(s), { error: 'rate_not_positive' });

/** One rate per supported currency; USD is always "1". The shape events and views hold. */
export const rateTableSchema = z
  .object(Object.fromEntries(CURRENCIES.map((c) => [c, rateSchema])) as Record<Currency, typeof rateSchema>)
  .strict()
  .refine((table) => table.USD === '1', { error: 'rate_invalid', path: ['USD'] });
export type RateTable = Readonly<Record<Currency, string>>;

/**
 * The range a user may set a rate in, units of the currency per US dollar: from one
 * millionth to a thousand million. Every real currency sits far inside it (the dollar's
 * dearest, KWD, is about 0.3; its cheapest are in the tens of thousands); outside it a
 * typing slip would turn every conversion into nonsense. Outside: `rate_out_of_range`.
 */
export const MIN_RATE = '0.000001';
export const MAX_RATE = '1000000000';

/** A rate as SetExchangeRates and the settings form accept it: well formed, positive and within the range. */
export const boundedRateSchema = rateSchema.refine(
  // A malformed or zero rate has its own code already.
  (s) => !RATE_PATTERN.test(s) || !/[1-9]/.test(s) || isWithinRateRange(s),
  { error: 'rate_out_of_range' },
);

/** Whether a well-formed rate lies within MIN_RATE to MAX_RATE. */
export function isWithinRateRange(rate: string): boolean {
  const value = scaled(rate);
  return value >= scaled(MIN_RATE) && value <= scaled(MAX_RATE);
}

/** The table SetExchangeRates accepts: every rate within the range. */
export const boundedRateTableSchema = z
  .object(
    Object.fromEntries(CURRENCIES.map((c) => [c, boundedRateSchema])) as Record<Currency, typeof boundedRateSchema>,
  )
  .strict()
  .refine((table) => table.USD === '1', { error: 'rate_invalid', path: ['USD'] });

/** The rates the app ships with, and the day they were taken. Users can edit their own copy. */
export const DEFAULT_RATES_DATE = '2026-11-01';
export const DEFAULT_RATES: RateTable = {
  USD: '1',
  LAK: '21850',
  THB: '32.45',
  EUR: '0.866',
  GBP: '0.762',
  CAD: '1.402',
  AUD: '1.538',
};

const SCALE_DIGITS = 8;

/** A decimal string as an integer count of 10^-8. */
function scaled(rate: string): bigint {
  const [whole = '0', fraction = ''] = rate.split('.');
  return BigInt(whole) * 10n ** BigInt(SCALE_DIGITS) + BigInt(fraction.padEnd(SCALE_DIGITS, '0'));
}

/**
 * Converts an exact amount in minor units of `from` into minor units of `to` through the table,
 * exactly, rounding once, half up (away from zero for negatives), to the target's minor unit.
 * Never throws: the result is as large as the rates make it.
 */
export function convertExact(amount: bigint, from: Currency, to: Currency, rates: RateTable): bigint {
  if (from === to || amount === 0n) return amount;
  // amount / 10^eFrom / rateFrom * rateTo * 10^eTo, as one fraction of integers.
  const numerator = amount * scaled(rates[to]) * 10n ** BigInt(minorUnitExponent(to));
  const denominator = scaled(rates[from]) * 10n ** BigInt(minorUnitExponent(from));
  // A rate of zero never passes the schema; were one stored, nothing would convert to it.
  if (denominator === 0n) return 0n;
  return divideHalfUp(numerator, denominator);
}

/**
 * `convertExact` for a figure that must be a number: exact while the result is a safe
 * integer, saturated at ±(2^53 − 1) beyond (see `saturate`).
 */
export function convertMoney(value: Money, to: Currency, rates: RateTable): Money {
  if (value.currency === to) return value;
  return { amount: saturate(convertExact(BigInt(value.amount), value.currency, to, rates)), currency: to };
}

/** Sums exact amounts of several currencies into one, converting each currency's total once. */
export function sumInCurrencyExact(
  values: Iterable<{ readonly amount: bigint | number; readonly currency: Currency }>,
  to: Currency,
  rates: RateTable,
): bigint {
  const perCurrency = new Map<Currency, bigint>();
  for (const v of values) perCurrency.set(v.currency, (perCurrency.get(v.currency) ?? 0n) + BigInt(v.amount));
  let total = 0n;
  for (const [currency, amount] of perCurrency) total += convertExact(amount, currency, to, rates);
  return total;
}

/** `sumInCurrencyExact` as money: saturated at ±(2^53 − 1) when the exact sum is beyond. */
export function sumInCurrency(values: readonly Money[], to: Currency, rates: RateTable): Money {
  return { amount: saturate(sumInCurrencyExact(values, to, rates)), currency: to };
}
