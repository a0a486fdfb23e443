import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT, type Currency } from '../money.js';
import { parseAmountCell, parseCurrencyCell, type Decimal } from './amounts.js';

const read = (cell: string, currency: Currency = 'THB', decimal: Decimal = '.') =>
  parseAmountCell(cell, decimal, currency);
const ok = (minor: number, negative = false, currency: Currency | null = null) => ({
  ok: true,
  negative,
  minor,
  currency,
});
const fail = (code: string) => ({ ok: false, code });

describe('parseAmountCell', () => {
  it('reads integer minor units from the digits, each currency with its decimals', () => {
    expect(read('12.5')).toEqual(ok(1250));
    expect(read('12.50')).toEqual(ok(1250));
    expect(read('0.01')).toEqual(ok(1));
    expect(read('.5')).toEqual(ok(50));
    expect(read('1500', 'LAK')).toEqual(ok(1500));
    expect(read('1,500.00', 'LAK')).toEqual(ok(1500));
    expect(read('0.1', 'USD')).toEqual(ok(10));
    // 0.1 + 0.2 in floats is 0.30000000000000004: digits never pass through one.
    expect(read('0.30', 'USD')).toEqual(ok(30));
  });

  it('refuses more decimals than the currency has', () => {
    expect(read('1,500.50', 'LAK')).toEqual(fail('import_amount_invalid'));
    expect(read('12.345', 'THB')).toEqual(fail('import_amount_invalid'));
    expect(read('12.340', 'THB')).toEqual(ok(1234));
  });

  it.each([
    ['1,234,567.89', '.'],
    ['1.234.567,89', ','],
    ['1 234 567,89', ','],
    ['1\u00a0234\u00a0567.89', '.'],
    ['1\u202f234\u202f567,89', ','],
    ["1'234'567.89", '.'],
    ['1234567.89', '.'],
    ['1234567,89', ','],
  ] as const)('reads thousands separators: %j', (cell, decimal) => {
    expect(read(cell, 'THB', decimal)).toEqual(ok(123456789));
  });

  it('refuses misplaced or mixed separators', () => {
    expect(read('1,23,456.00')).toEqual(fail('import_amount_invalid'));
    expect(read('1,234.567,00')).toEqual(fail('import_amount_invalid'));
    expect(read('1.500.000', 'LAK', '.')).toEqual(fail('import_amount_invalid'));
    expect(read('1.500.000', 'LAK', ',')).toEqual(ok(1500000));
    expect(read('12,5', 'THB', ',')).toEqual(ok(1250));
  });

  it('reads negatives as a leading or trailing minus, a Unicode minus, or parentheses', () => {
    expect(read('-12.50')).toEqual(ok(1250, true));
    expect(read('12.50-')).toEqual(ok(1250, true));
    expect(read('\u221212.50')).toEqual(ok(1250, true));
    expect(read('(12.50)')).toEqual(ok(1250, true));
    expect(read('+12.50')).toEqual(ok(1250));
    expect(read('--12')).toEqual(fail('import_amount_invalid'));
    expect(read('(-12)')).toEqual(fail('import_amount_invalid'));
  });

  it('reads a currency symbol, code or word around the number', () => {
    expect(read('₭1,500', 'THB')).toEqual(ok(1500, false, 'LAK'));
    expect(read('1,500 ₭', 'THB')).toEqual(ok(1500, false, 'LAK'));
    expect(read('฿12.50', 'LAK')).toEqual(ok(1250, false, 'THB'));
    expect(read('-฿12.50', 'LAK')).toEqual(ok(1250, true, 'THB'));
    expect(read('(฿12.50)', 'LAK')).toEqual(ok(1250, true, 'THB'));
    expect(read('$3.99', 'LAK')).toEqual(ok(399, false, 'USD'));
    expect(read('CA$3.99', 'LAK')).toEqual(ok(399, false, 'CAD'));
    expect(read('€3,99', 'LAK', ',')).toEqual(ok(399, false, 'EUR'));
    expect(read('£3.99', 'LAK')).toEqual(ok(399, false, 'GBP'));
    expect(read('LAK 45,000', 'THB')).toEqual(ok(45000, false, 'LAK'));
    expect(read('45,000 lak', 'THB')).toEqual(ok(45000, false, 'LAK'));
    expect(read('120 บาท', 'LAK')).toEqual(ok(12000, false, 'THB'));
    expect(read('45000 ກີບ', 'THB')).toEqual(ok(45000, false, 'LAK'));
  });

  it('refuses currencies the app does not keep, and two currencies in one cell', () => {
    expect(read('¥500')).toEqual(fail('import_currency_invalid'));
    expect(read('500 JPY')).toEqual(fail('import_currency_invalid'));
    expect(read('₭500 THB')).toEqual(fail('import_currency_invalid'));
  });

  it('zero, empty, text, formulas and exponents are errors of their own', () => {
    expect(read('0')).toEqual(fail('import_amount_zero'));
    expect(read('0.00')).toEqual(fail('import_amount_zero'));
    expect(read('-0')).toEqual(fail('import_amount_zero'));
    expect(read('')).toEqual(fail('import_amount_invalid'));
    expect(read('  ')).toEqual(fail('import_amount_invalid'));
    expect(read('abc')).toEqual(fail('import_amount_invalid'));
    expect(read('=1+1')).toEqual(fail('import_amount_invalid'));
    expect(read('1.0E21')).toEqual(fail('import_amount_invalid'));
    expect(read('12..5')).toEqual(fail('import_amount_invalid'));
  });

  it('refuses amounts over MAX_AMOUNT', () => {
    expect(read(String(MAX_AMOUNT), 'LAK')).toEqual(ok(MAX_AMOUNT));
    expect(read(String(MAX_AMOUNT + 1), 'LAK')).toEqual(fail('import_amount_too_large'));
    expect(read('9'.repeat(400), 'LAK')).toEqual(fail('import_amount_too_large'));
    expect(read(`${'9'.repeat(16)}.00`, 'THB')).toEqual(fail('import_amount_too_large'));
  });
});

describe('parseCurrencyCell', () => {
  it('reads codes, symbols and words of the app currencies', () => {
    expect(parseCurrencyCell('thb')).toBe('THB');
    expect(parseCurrencyCell(' LAK ')).toBe('LAK');
    expect(parseCurrencyCell('₭')).toBe('LAK');
    expect(parseCurrencyCell('บาท')).toBe('THB');
    expect(parseCurrencyCell('ກີບ')).toBe('LAK');
    expect(parseCurrencyCell('$')).toBe('USD');
    expect(parseCurrencyCell('JPY')).toBeNull();
    expect(parseCurrencyCell('')).toBeNull();
  });
});
