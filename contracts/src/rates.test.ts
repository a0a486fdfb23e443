import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES } from './money.js';
import { convertMoney, DEFAULT_RATES, rateTableSchema, sumInCurrency } from './rates.js';

describe('convertMoney', () => {
  it('leaves an amount in its own currency untouched', () => {
    expect(convertMoney({ amount: 12345, currency: 'THB' }, 'THB', DEFAULT_RATES)).toEqual({
      amount: 12345,
      currency: 'THB',
    });
  });

  it('converts through the dollar with each currency’s minor unit', () => {
    // 100.00 USD is 2,185,000 LAK (no decimals) and 3,245.00 THB.
    expect(convertMoney({ amount: 10000, currency: 'USD' }, 'LAK', DEFAULT_RATES)).toEqual({
      amount: 2_185_000,
      currency: 'LAK',
    });
    expect(convertMoney({ amount: 10000, currency: 'USD' }, 'THB', DEFAULT_RATES)).toEqual({
      amount: 324_500,
      currency: 'THB',
    });
    // 2,185,000 LAK back to dollars is exactly 100.00.
    expect(convertMoney({ amount: 2_185_000, currency: 'LAK' }, 'USD', DEFAULT_RATES).amount).toBe(10000);
  });

  it('rounds half up once, to the target’s minor unit', () => {
    const rates = { ...DEFAULT_RATES, THB: '2', LAK: '1' };
    // 1 LAK = 2 THB major → 200 satang; 0.5 of a minor unit rounds up.
    expect(convertMoney({ amount: 1, currency: 'LAK' }, 'THB', rates).amount).toBe(200);
    // 0.01 THB at 2 THB and 100 LAK to the dollar is 0.5 LAK: half up gives 1, and -1 below zero.
    expect(convertMoney({ amount: 1, currency: 'THB' }, 'LAK', { ...rates, LAK: '100' }).amount).toBe(1);
    expect(convertMoney({ amount: -1, currency: 'THB' }, 'LAK', { ...rates, LAK: '100' }).amount).toBe(-1);
    // 0.01 THB at 2 THB and 98 LAK is 0.49 LAK: down to 0.
    expect(convertMoney({ amount: 1, currency: 'THB' }, 'LAK', { ...rates, LAK: '98' }).amount).toBe(0);
  });

  it('is exact where binary floating point is not', () => {
    const rates = { ...DEFAULT_RATES, EUR: '0.1', GBP: '0.3' };
    // 0.30 EUR at 0.1 EUR and 0.3 GBP to the dollar is exactly 0.90 GBP.
    expect(convertMoney({ amount: 30, currency: 'EUR' }, 'GBP', rates).amount).toBe(90);
  });

  it('never moves further than half a minor unit from the exact value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.constantFrom(...CURRENCIES),
        fc.constantFrom(...CURRENCIES),
        (amount, from, to) => {
          const converted = convertMoney({ amount, currency: from }, to, DEFAULT_RATES);
          const back = convertMoney(converted, from, DEFAULT_RATES);
          // A round trip through a currency with fewer digits can lose at most its rounding.
          const lossBound = (Math.abs(amount) === 0 ? 0 : 1) * 25_000 + 1;
          expect(Math.abs(back.amount - amount)).toBeLessThanOrEqual(lossBound);
        },
      ),
    );
  });
});

describe('sumInCurrency', () => {
  it('adds per currency first and converts each total once', () => {
    const total = sumInCurrency(
      [
        { amount: 5000, currency: 'USD' },
        { amount: 5000, currency: 'USD' },
        { amount: 1_092_500, currency: 'LAK' },
      ],
      'USD',
      DEFAULT_RATES,
    );
    expect(total).toEqual({ amount: 15000, currency: 'USD' });
  });
});

describe('rateTableSchema', () => {
  it('accepts the bundled table and rejects zero, negative, float-like and missing rates', () => {
    expect(rateTableSchema.safeParse(DEFAULT_RATES).success).toBe(true);
    expect(rateTableSchema.safeParse({ ...DEFAULT_RATES, THB: '0' }).success).toBe(false);
    expect(rateTableSchema.safeParse({ ...DEFAULT_RATES, THB: '-3' }).success).toBe(false);
    expect(rateTableSchema.safeParse({ ...DEFAULT_RATES, THB: '1e3' }).success).toBe(false);
    expect(rateTableSchema.safeParse({ ...DEFAULT_RATES, USD: '2' }).success).toBe(false);
    const { EUR, ...missing } = DEFAULT_RATES;
    void EUR;
    expect(rateTableSchema.safeParse(missing).success).toBe(false);
  });
});
