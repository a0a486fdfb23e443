import { describe, expect, it } from 'vitest';
import { decimalOf, impliedRate, localizeDecimal, unitRate } from './rate';

describe('implied rate of a transfer across currencies', () => {
  it('divides the two integers exactly, with the decimals of each currency', () => {
    // 100.00 THB out (10000 minor units), 61,050 LAK in (no decimals): 1 THB = 610.5 LAK.
    expect(unitRate({ amount: 10_000, currency: 'THB' }, { amount: 61_050, currency: 'LAK' })).toBe('610.5');
    expect(unitRate({ amount: 61_050, currency: 'LAK' }, { amount: 10_000, currency: 'THB' })).toBe('0.001638');
    // 1.00 USD out, 35.12 THB in.
    expect(unitRate({ amount: 100, currency: 'USD' }, { amount: 3512, currency: 'THB' })).toBe('35.12');
  });

  it('keeps six significant digits, rounding half up, and drops trailing zeros', () => {
    expect(decimalOf(2n, 3n)).toBe('0.666667');
    expect(decimalOf(1n, 3n)).toBe('0.333333');
    expect(decimalOf(10n, 4n)).toBe('2.5');
    expect(decimalOf(12_345_678n, 1n)).toBe('12345678');
    expect(decimalOf(1_234_567n, 10n)).toBe('123456.7');
    expect(decimalOf(1n, 1_000_000_000n)).toBe('0.000000001');
  });

  it('stays exact for amounts far beyond what a float holds', () => {
    const big = 2 ** 51;
    expect(unitRate({ amount: big, currency: 'LAK' }, { amount: big, currency: 'LAK' })).toBe('1');
    expect(decimalOf(BigInt(big) + 1n, BigInt(big))).toBe('1');
  });

  it('writes the rate in the reader’s number format, both ways', () => {
    const rate = impliedRate({ amount: 100_000_00, currency: 'THB' }, { amount: 610_500_000, currency: 'LAK' }, 'lo');
    expect(rate?.forward).toEqual({ from: 'THB', to: 'LAK', rate: '6.105' });
    expect(rate?.backward).toEqual({ from: 'LAK', to: 'THB', rate: '0,0001638' });
    expect(localizeDecimal('1234567.5', 'en')).toBe('1,234,567.5');
    expect(localizeDecimal('1234567.5', 'lo')).toBe('1.234.567,5');
  });

  it('has no rate within one currency or without two amounts', () => {
    expect(impliedRate({ amount: 100, currency: 'THB' }, { amount: 100, currency: 'THB' }, 'en')).toBeNull();
    expect(impliedRate({ amount: 0, currency: 'THB' }, { amount: 100, currency: 'LAK' }, 'en')).toBeNull();
  });
});
