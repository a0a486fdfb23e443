import { z } from 'zod';
import { CURRENCIES, divideHalfUp, minorUnitExponent, type Currency, type Money } from './money.js';

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

/** One rate per supported currency; USD is always "1". */
export const rateTableSchema = z
  .object(Object.fromEntries(CURRENCIES.map((c) => [c, rateSchema])) as Record<Currency, typeof rateSchema>)
  .strict()
  .refine((table) => table.USD === '1', { error: 'rate_invalid', path: ['USD'] });
export type RateTable = Readonly<Record<Currency, string>>;

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
 * Converts an amount in minor units into another currency through the table, exactly,
 * rounding once, half up, to the target's minor unit.
 */
export function convertMoney(value: Money, to: Currency, rates: RateTable): Money {
  if (value.currency === to) return value;
  const from = value.currency;
  // amount / 10^eFrom / rateFrom * rateTo * 10^eTo, as one fraction of integers.
  const numerator = BigInt(value.amount) * scaled(rates[to]) * 10n ** BigInt(minorUnitExponent(to));
  const denominator = scaled(rates[from]) * 10n ** BigInt(minorUnitExponent(from));
  const amount = divideHalfUp(numerator, denominator);
  if (amount > BigInt(Number.MAX_SAFE_INTEGER) || amount < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`converted amount out of range: ${value.amount} ${from} to ${to}`);
  }
  return { amount: Number(amount), currency: to };
}

/** Sums amounts of several currencies into one, converting each total once. */
export function sumInCurrency(values: readonly Money[], to: Currency, rates: RateTable): Money {
  const perCurrency = new Map<Currency, number>();
  for (const v of values) perCurrency.set(v.currency, (perCurrency.get(v.currency) ?? 0) + v.amount);
  let total = 0;
  for (const [currency, amount] of perCurrency) total += convertMoney({ amount, currency }, to, rates).amount;
  return { amount: total, currency: to };
}
