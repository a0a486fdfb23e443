import { CURRENCIES, MAX_AMOUNT, minorUnitExponent, type Currency } from '../money.js';
import type { ImportRowErrorCode } from './errors.js';

/*
 * Amounts of a file's cells, read as digits into integer minor units (never through a float):
 * thousands separators (`,` `.` space, no-break spaces, `'`), the decimal mark the mapping names,
 * negatives as `-1`, `1-`, `−1` or `(1)`, and a currency symbol, code or word around the number
 * (₭ ฿ $ € £, LAK THB USD…, บาท, ກີບ). Each currency's decimals exactly: kip are whole
 * (`1,500.50` LAK is refused, `1,500.00` is 1500), baht have two (`12.5` is 1250 satang).
 */

export type Decimal = '.' | ',';

export type AmountResult =
  | { readonly ok: true; readonly negative: boolean; readonly minor: number; readonly currency: Currency | null }
  | { readonly ok: false; readonly code: ImportRowErrorCode };

const CODES = new Set<string>(CURRENCIES);

/** Symbols and words of the app's currencies; `$` alone is the US dollar. */
const SYMBOLS: ReadonlyMap<string, Currency> = new Map<string, Currency>([
  ['us$', 'USD'],
  ['ca$', 'CAD'],
  ['c$', 'CAD'],
  ['au$', 'AUD'],
  ['a$', 'AUD'],
  ['$', 'USD'],
  ['₭', 'LAK'],
  ['₭n', 'LAK'],
  ['฿', 'THB'],
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['kip', 'LAK'],
  ['ກີບ', 'LAK'],
  ['baht', 'THB'],
  ['บาท', 'THB'],
  ['บ.', 'THB'],
]);

/** Currency signs the app does not keep: a cell with one is `import_currency_invalid`. */
const FOREIGN_SIGN = /[¥₫₩₹₽₱₺₪¢]|\b(?:rm|rp|s\$|hk\$|nt\$)/i;

/** A currency token: a symbol, a word, or three letters (a code). */
const CURRENCY_TOKEN = /us\$|ca\$|c\$|au\$|a\$|\$|₭n|₭|฿|€|£|ກີບ|บาท|บ\.|\bkip\b|\bbaht\b|\b[a-z]{3}\b/gi;

/** The currency of a currency cell (code, symbol or word), or null when it names none of the app's currencies. */
export function parseCurrencyCell(cell: string): Currency | null {
  const s = cell.trim();
  const upper = s.toUpperCase();
  if (CODES.has(upper)) return upper as Currency;
  return SYMBOLS.get(s.toLowerCase()) ?? null;
}

/** Grouping characters between thousands besides `.` and `,`: space, no-break space, narrow no-break space, apostrophes. */
const GROUP_CHARS = " \u00a0\u202f'’";

function numberPattern(decimal: Decimal): RegExp {
  const groupClass = `[${decimal === '.' ? ',' : '.'}${GROUP_CHARS}]`;
  const dec = decimal === '.' ? '\\.' : ',';
  // Either grouped in thousands with one separator throughout, or plain digits; then the decimals.
  return new RegExp(`^(?:(\\d{1,3}(?:(${groupClass})\\d{3})(?:\\2\\d{3})*)|(\\d*))(?:${dec}(\\d*))?$`);
}

const PATTERNS: Readonly<Record<Decimal, RegExp>> = { '.': numberPattern('.'), ',': numberPattern(',') };

/** Digits before the decimal mark past which an amount is over `MAX_AMOUNT` in any currency. */
const MAX_INTEGER_DIGITS = 18;
const MAX = BigInt(MAX_AMOUNT);

/**
 * A cell's amount: its sign, its size in minor units of the currency (`currency` when the cell
 * names none) and the currency it names, or the row error. An empty cell is `import_amount_invalid`.
 */
export function parseAmountCell(cell: string, decimal: Decimal, currency: Currency): AmountResult {
  let s = cell.trim();
  if (s === '') return { ok: false, code: 'import_amount_invalid' };
  if (FOREIGN_SIGN.test(s)) return { ok: false, code: 'import_currency_invalid' };
  let named: Currency | null = null;
  let conflict = false;
  let unknownCode = false;
  s = s.replace(CURRENCY_TOKEN, (token) => {
    const found = CODES.has(token.toUpperCase()) ? (token.toUpperCase() as Currency) : SYMBOLS.get(token.toLowerCase());
    if (found === undefined) {
      unknownCode = true;
      return token;
    }
    if (named !== null && named !== found) conflict = true;
    named = found;
    return ' ';
  });
  if (conflict) return { ok: false, code: 'import_currency_invalid' };
  if (unknownCode)
    return {
      ok: false,
      code:
        /\d/.test(s) && /^[\s\d.,()+\-−'’]*[a-z]{3}[\s\d.,()+\-−'’]*$/i.test(s)
          ? 'import_currency_invalid'
          : 'import_amount_invalid',
    };
  s = s.trim();
  let negative = false;
  let signs = 0;
  if (s.startsWith('(') && s.endsWith(')')) {
    negative = true;
    signs += 1;
    s = s.slice(1, -1).trim();
  }
  if (/^[-−+]/.test(s)) {
    if (s[0] !== '+') negative = true;
    signs += 1;
    s = s.slice(1).trim();
  }
  if (/[-−]$/.test(s)) {
    negative = true;
    signs += 1;
    s = s.slice(0, -1).trim();
  }
  if (signs > 1) return { ok: false, code: 'import_amount_invalid' };
  // A currency written between the sign and the digits ("-฿12") was taken out above; spaces left are grouping only if inside.
  const match = PATTERNS[decimal].exec(s);
  if (match === null) return { ok: false, code: 'import_amount_invalid' };
  const integer = (match[1] ?? match[3] ?? '').replace(/\D/g, '');
  const fraction = match[4] ?? '';
  if (integer === '' && fraction === '') return { ok: false, code: 'import_amount_invalid' };
  const target = named ?? currency;
  const exponent = minorUnitExponent(target);
  if (fraction.length > exponent && /[1-9]/.test(fraction.slice(exponent))) {
    return { ok: false, code: 'import_amount_invalid' };
  }
  const digits = integer.replace(/^0+/, '');
  if (digits.length > MAX_INTEGER_DIGITS) return { ok: false, code: 'import_amount_too_large' };
  const minor = BigInt(`${digits}${fraction.slice(0, exponent).padEnd(exponent, '0')}` || '0');
  if (minor === 0n) return { ok: false, code: 'import_amount_zero' };
  if (minor > MAX) return { ok: false, code: 'import_amount_too_large' };
  return { ok: true, negative, minor: Number(minor), currency: named };
}
