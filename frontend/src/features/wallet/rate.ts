import type { Money } from '@plenty/contracts/money';
import { amountSeparators } from '../../lib/amount';
import { minorUnitDigits } from '../../lib/format';
import type { Locale } from '../../lib/locale';

/** Significant digits an implied rate keeps (and at least two decimals when it has a fraction). */
const SIGNIFICANT = 6;
const MAX_DECIMALS = 12;

/**
 * `numerator / denominator` (both positive) as a decimal in plain digits ("610.5", "0.001638"),
 * rounded half up to six significant digits (at least two decimals, never more than twelve),
 * trailing zeros dropped. Exact integer arithmetic throughout: no float ever holds the rate.
 */
export function decimalOf(numerator: bigint, denominator: bigint): string {
  if (numerator <= 0n || denominator <= 0n) throw new RangeError('a rate needs two positive amounts');
  const whole = numerator / denominator;
  const wholeDigits = whole === 0n ? 0 : whole.toString().length;
  let decimals = Math.max(2, SIGNIFICANT - wholeDigits);
  if (whole === 0n) {
    // Leading zeros after the point do not count as significant: 1/610.5 = 0.00163800…
    let scaled = numerator * 10n;
    let zeros = 0;
    while (scaled < denominator && zeros < MAX_DECIMALS) {
      scaled *= 10n;
      zeros += 1;
    }
    decimals = zeros + SIGNIFICANT;
  }
  decimals = Math.min(decimals, MAX_DECIMALS);
  const scale = 10n ** BigInt(decimals);
  const rounded = (numerator * scale * 2n + denominator) / (denominator * 2n);
  const text = rounded.toString().padStart(decimals + 1, '0');
  const integer = text.slice(0, text.length - decimals);
  const fraction = text.slice(text.length - decimals).replace(/0+$/, '');
  return fraction === '' ? integer : `${integer}.${fraction}`;
}

/** A plain decimal ("1234567.5") with the language's grouping and decimal mark ("1.234.567,5" in Lao). */
export function localizeDecimal(plain: string, locale: Locale): string {
  const { group, decimal } = amountSeparators(locale);
  const [integer = '0', fraction] = plain.split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return fraction === undefined ? grouped : `${grouped}${decimal}${fraction}`;
}

/** How many units of `to`'s currency one unit of `from`'s buys, as a plain decimal ("610.5"). */
export function unitRate(from: Money, to: Money): string {
  // (to / 10^dTo) / (from / 10^dFrom) = to · 10^dFrom / (from · 10^dTo)
  const numerator = BigInt(to.amount) * 10n ** BigInt(minorUnitDigits(from.currency));
  const denominator = BigInt(from.amount) * 10n ** BigInt(minorUnitDigits(to.currency));
  return decimalOf(numerator, denominator);
}

export interface ImpliedRate {
  /** "1 THB = 610.5 LAK": one unit of what left, in what arrived. */
  readonly forward: { readonly from: string; readonly to: string; readonly rate: string };
  /** "1 LAK = 0.001638 THB". */
  readonly backward: { readonly from: string; readonly to: string; readonly rate: string };
}

/** The rate a transfer across currencies implies, both ways, in the reader's number format. */
export function impliedRate(out: Money, received: Money, locale: Locale): ImpliedRate | null {
  if (out.currency === received.currency || out.amount <= 0 || received.amount <= 0) return null;
  return {
    forward: { from: out.currency, to: received.currency, rate: localizeDecimal(unitRate(out, received), locale) },
    backward: { from: received.currency, to: out.currency, rate: localizeDecimal(unitRate(received, out), locale) },
  };
}
