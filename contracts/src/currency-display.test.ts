import { describe, expect, it } from 'vitest';
import { CURRENCY_DISPLAY, formatCurrencyAmount, formatMinorUnits, numberSeparators } from './currency-display.js';
import { CURRENCIES, MAX_AMOUNT, minorUnitExponent } from './money.js';

const LANGUAGES = ['en', 'th', 'lo'] as const;

describe('how each currency is written', () => {
  it('writes kip with its sign and no decimals in every language, never as a bank code', () => {
    expect(formatCurrencyAmount(9_000_000, 'LAK', 'en')).toBe('₭9,000,000');
    expect(formatCurrencyAmount(9_000_000, 'LAK', 'th')).toBe('₭9,000,000');
    expect(formatCurrencyAmount(9_000_000, 'LAK', 'lo')).toBe('₭9.000.000');
    for (const locale of LANGUAGES) expect(formatCurrencyAmount(9_000_000, 'LAK', locale)).not.toMatch(/LAK/);
  });

  it('writes baht and the other currencies with the same sign in every language', () => {
    const written = (locale: string) =>
      CURRENCIES.map((currency) => formatCurrencyAmount(123_450, currency, locale).replace(/[\d.,]/g, ''));
    expect(written('en')).toEqual(['₭', '฿', '$', '€', '£', 'CA$', 'A$']);
    expect(written('th')).toEqual(written('en'));
    expect(written('lo')).toEqual(written('en'));
  });

  it('shows two decimals for every currency but kip, in the language’s marks', () => {
    expect(formatCurrencyAmount(123_450, 'THB', 'en')).toBe('฿1,234.50');
    expect(formatCurrencyAmount(123_450, 'THB', 'th')).toBe('฿1,234.50');
    expect(formatCurrencyAmount(123_450, 'THB', 'lo')).toBe('฿1.234,50');
    expect(formatCurrencyAmount(5, 'USD', 'en')).toBe('$0.05');
    expect(formatCurrencyAmount(120_000, 'EUR', 'lo')).toBe('€1.200,00');
    expect(formatCurrencyAmount(0, 'GBP', 'th')).toBe('£0.00');
    expect(formatCurrencyAmount(0, 'LAK', 'lo')).toBe('₭0');
  });

  it('agrees with the minor-unit exponent the domain uses', () => {
    for (const currency of CURRENCIES) expect(CURRENCY_DISPLAY[currency].decimals).toBe(minorUnitExponent(currency));
  });

  it('puts one minus sign before the currency sign in every language', () => {
    expect(formatCurrencyAmount(-12_000, 'LAK', 'en')).toBe('−₭12,000');
    expect(formatCurrencyAmount(-12_000, 'LAK', 'lo')).toBe('−₭12.000');
    expect(formatCurrencyAmount(-150, 'AUD', 'th')).toBe('−A$1.50');
  });

  it('is exact for the largest amounts and for sums past 2^53', () => {
    expect(formatCurrencyAmount(MAX_AMOUNT, 'USD', 'en')).toBe('$22,517,998,136,852.48');
    expect(formatCurrencyAmount(11_258_999_068_426_240_123n, 'LAK', 'en')).toBe('₭11,258,999,068,426,240,123');
  });

  it('refuses a fraction of a minor unit', () => {
    expect(() => formatCurrencyAmount(1.5, 'THB', 'en')).toThrow(RangeError);
  });

  it('reads region tags by their language and falls back to English marks', () => {
    expect(numberSeparators('lo-LA')).toEqual({ group: '.', decimal: ',' });
    expect(numberSeparators('th-TH')).toEqual({ group: ',', decimal: '.' });
    expect(numberSeparators('fr')).toEqual({ group: ',', decimal: '.' });
    expect(formatMinorUnits(1_000, 0, 'en')).toBe('1,000');
    expect(formatMinorUnits(999, 0, 'en')).toBe('999');
  });
});
