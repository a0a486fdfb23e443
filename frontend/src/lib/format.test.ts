import { describe, expect, it } from 'vitest';
import { formatLongDate, formatMoney, formatNumber, minorUnitDigits } from './format';

describe('formatting for the reader', () => {
  it('writes LAK without decimals and the other currencies with two', () => {
    expect(minorUnitDigits('LAK')).toBe(0);
    expect(minorUnitDigits('THB')).toBe(2);
    expect(formatMoney({ amount: 1234567, currency: 'LAK' }, 'en')).toBe('LAK\u00a01,234,567');
    expect(formatMoney({ amount: 123450, currency: 'USD' }, 'en')).toBe('$1,234.50');
  });

  it('writes Thai money and dates as the Thai locale does, Buddhist era included', () => {
    expect(formatMoney({ amount: 123450, currency: 'THB' }, 'th')).toBe('฿1,234.50');
    expect(formatLongDate('2026-11-23', 'th')).toBe('23 พฤศจิกายน 2569');
  });

  it('writes Lao the CLDR way even where the browser has no Lao data', () => {
    for (const native of [true, false]) {
      expect(formatMoney({ amount: 1234567, currency: 'LAK' }, 'lo', native)).toBe('₭1.234.567');
      expect(formatMoney({ amount: -123456, currency: 'USD' }, 'lo', native)).toBe('US$-1.234,56');
      expect(formatNumber(1234567.5, 'lo', 1, native)).toBe('1.234.567,5');
      expect(formatLongDate('2026-11-23', 'lo', native)).toBe('23 ພະຈິກ 2026');
    }
  });

  it('writes English dates in full', () => {
    expect(formatLongDate('2026-01-05', 'en')).toBe('January 5, 2026');
  });
});
