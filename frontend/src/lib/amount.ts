import type { Currency } from '@plenty/contracts/money';
import type { Locale } from './locale';
import { minorUnitDigits } from './format';

/** Largest magnitude an amount may have, in minor units (DESIGN.md section 5). */
const MAX_AMOUNT = 2n ** 51n;

export type AmountError =
  'amount_required' | 'amount_invalid' | 'amount_too_precise' | 'amount_too_large' | 'amount_not_positive';

export type AmountResult =
  { readonly ok: true; readonly amount: number } | { readonly ok: false; readonly error: AmountError };

/**
 * The separators people type in each language, as lib/format.ts shows numbers: English and Thai
 * group with "," and write decimals with "."; Lao groups with "." and writes decimals with ",".
 */
export function amountSeparators(locale: Locale): { readonly group: string; readonly decimal: string } {
  return locale === 'lo' ? { group: '.', decimal: ',' } : { group: ',', decimal: '.' };
}

const NATIVE_DIGIT = /[๐-๙໐-໙]/g;

function westernDigit(digit: string): string {
  const code = digit.charCodeAt(0);
  // Thai digits start at U+0E50, Lao digits at U+0ED0.
  return String(code >= 0x0ed0 ? code - 0x0ed0 : code - 0x0e50);
}

/** Typed text with Thai or Lao digits in Western digits, without spaces or a leading currency symbol. */
function cleaned(input: string): string {
  return input
    .replace(NATIVE_DIGIT, westernDigit)
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/^[^\d\-−.,]+/, '');
}

/**
 * A non-negative decimal as typed in the language ("1.234,5" in Lao) as plain text with a
 * point ("1234.5"), without grouping; null when it is not such a number.
 */
export function plainDecimal(input: string, locale: Locale): string | null {
  const { group, decimal } = amountSeparators(locale);
  let text = cleaned(input).split(group).join('');
  if (decimal !== '.') text = text.replace(decimal, '.');
  return /^(?:\d+(?:\.\d*)?|\.\d+)$/.test(text) ? text : null;
}

/**
 * What a person typed ("1,234.50", "1.234,50", "๑๒๓") in integer minor units of the currency,
 * without ever going through a float. A currency symbol or spaces around the number are allowed.
 */
export function parseAmount(
  input: string,
  currency: Currency,
  locale: Locale,
  options: { readonly allowZero?: boolean } = {},
): AmountResult {
  const digits = minorUnitDigits(currency);
  const { group, decimal } = amountSeparators(locale);
  let text = cleaned(input);
  if (text === '') return { ok: false, error: input.trim() === '' ? 'amount_required' : 'amount_invalid' };
  if (/^[-−]/.test(text))
    return /\d/.test(text) ? { ok: false, error: 'amount_not_positive' } : { ok: false, error: 'amount_invalid' };
  text = text.split(group).join('');
  if (decimal !== '.') text = text.replace(decimal, '.');
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (match === null || (match[1] === '' && (match[2] ?? '') === '')) return { ok: false, error: 'amount_invalid' };
  const whole = match[1] === '' ? '0' : (match[1] ?? '0');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return { ok: false, error: 'amount_too_precise' };
  const minor = BigInt(whole) * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, '0') || '0');
  if (minor > MAX_AMOUNT) return { ok: false, error: 'amount_too_large' };
  if (minor === 0n && options.allowZero !== true) return { ok: false, error: 'amount_not_positive' };
  return { ok: true, amount: Number(minor) };
}

/** An amount as the form shows it for editing: no grouping, the language's decimal mark ("1234.50", "1234,50"). */
export function amountInput(amount: number, currency: Currency, locale: Locale): string {
  const digits = minorUnitDigits(currency);
  const text = Math.abs(amount)
    .toString()
    .padStart(digits + 1, '0');
  if (digits === 0) return text;
  return `${text.slice(0, text.length - digits)}${amountSeparators(locale).decimal}${text.slice(text.length - digits)}`;
}
