import { describe, expect, it } from 'vitest';
import { formatLongDate, formatMoney, formatNumber, formatShortDate, minorUnitDigits } from './format';

describe('formatting for the reader', () => {
  it('writes LAK without decimals and the other currencies with two', () => {
    expect(minorUnitDigits('LAK')).toBe(0);
    expect(minorUnitDigits('THB')).toBe(2);
    expect(formatMoney({ amount: 1234567, currency: 'LAK' }, 'en')).toBe('₭1,234,567');
    expect(formatMoney({ amount: 123450, currency: 'USD' }, 'en')).toBe('$1,234.50');
  });

  it('writes Thai money and dates as the Thai locale does, Buddhist era included', () => {
    expect(formatMoney({ amount: 123450, currency: 'THB' }, 'th')).toBe('฿1,234.50');
    expect(formatLongDate('2026-11-23', 'th')).toBe('23 พฤศจิกายน 2569');
  });

  it('writes Lao the CLDR way even where the browser has no Lao data', () => {
    for (const native of [true, false]) {
      expect(formatNumber(1234567.5, 'lo', 1, native)).toBe('1.234.567,5');
      expect(formatLongDate('2026-11-23', 'lo', native)).toBe('23 ພະຈິກ 2026');
    }
  });

  it('writes each currency with the same sign in English, Thai and Lao, kip included', () => {
    const lak = { amount: 9_000_000, currency: 'LAK' } as const;
    expect([formatMoney(lak, 'en'), formatMoney(lak, 'th'), formatMoney(lak, 'lo')]).toEqual([
      '₭9,000,000',
      '₭9,000,000',
      '₭9.000.000',
    ]);
    const usd = { amount: -123456, currency: 'USD' } as const;
    expect([formatMoney(usd, 'en'), formatMoney(usd, 'th'), formatMoney(usd, 'lo')]).toEqual([
      '−$1,234.56',
      '−$1,234.56',
      '−$1.234,56',
    ]);
    const thb = { amount: 12_000, currency: 'THB' } as const;
    expect([formatMoney(thb, 'en'), formatMoney(thb, 'th'), formatMoney(thb, 'lo')]).toEqual([
      '฿120.00',
      '฿120.00',
      '฿120,00',
    ]);
  });

  it('writes a short date as day and abbreviated month, Lao the CLDR way without the browser’s data', () => {
    expect(formatShortDate('2026-11-27', 'en')).toBe('Nov 27');
    expect(formatShortDate('2026-11-27', 'th')).toBe('27 พ.ย.');
    expect(formatShortDate('2026-01-05', 'lo', false)).toBe('5 ມ.ກ.');
    expect(formatShortDate('2026-11-27', 'lo', false)).toBe('27 ພ.ຈ.');
  });

  it('writes English dates in full', () => {
    expect(formatLongDate('2026-01-05', 'en')).toBe('January 5, 2026');
  });
});
