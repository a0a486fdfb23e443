import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, minorUnitExponent } from './money.js';
import {
  MAX_RATE,
  MIN_RATE,
  boundedRateTableSchema,
  convertExact,
  convertMoney,
  DEFAULT_RATES,
  rateTableSchema,
  sumInCurrency,
  sumInCurrencyExact,
} from './rates.js';

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

describe('the bounded rate table of SetExchangeRates', () => {
  const issuesOf = (table: Record<string, string>) => {
    const result = boundedRateTableSchema.safeParse(table);
    // The first code for each field, as the form shows it.
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.reverse().map((i) => [i.path.join('.'), i.message]));
  };

  it('takes rates from 0.000001 to 1,000,000,000 per dollar, both ends included', () => {
    expect(issuesOf({ ...DEFAULT_RATES, THB: MIN_RATE, LAK: MAX_RATE })).toEqual({});
  });

  it('refuses a rate outside the range with rate_out_of_range on its currency, and zero as before', () => {
    expect(issuesOf({ ...DEFAULT_RATES, LAK: '999999999999', THB: '0.00000001' })).toEqual({
      LAK: 'rate_out_of_range',
      THB: 'rate_out_of_range',
    });
    expect(issuesOf({ ...DEFAULT_RATES, EUR: '1000000000.00000001' })).toEqual({ EUR: 'rate_out_of_range' });
    expect(issuesOf({ ...DEFAULT_RATES, EUR: '0.00000099' })).toEqual({ EUR: 'rate_out_of_range' });
    expect(issuesOf({ ...DEFAULT_RATES, EUR: '0' })).toEqual({ EUR: 'rate_not_positive' });
    expect(issuesOf({ ...DEFAULT_RATES, EUR: 'x' })).toEqual({ EUR: 'rate_invalid' });
  });

  it('leaves the events’ table as it was, so tables recorded before the bound still replay', () => {
    expect(rateTableSchema.safeParse({ ...DEFAULT_RATES, LAK: '999999999999', THB: '0.00000001' }).success).toBe(true);
  });
});

describe('exact conversion', () => {
  const hostile = { ...DEFAULT_RATES, LAK: '999999999999', THB: '0.00000001' };

  it('never throws: a THB 1.00 expense with the hostile table is an exact, enormous kip figure', () => {
    // 1.00 THB / 0.00000001 THB per dollar × 999999999999 kip per dollar.
    expect(convertExact(100n, 'THB', 'LAK', hostile)).toBe(99_999_999_999_900_000_000n);
    expect(convertMoney({ amount: 100, currency: 'THB' }, 'LAK', hostile)).toEqual({
      amount: Number.MAX_SAFE_INTEGER,
      currency: 'LAK',
    });
    expect(convertMoney({ amount: -100, currency: 'THB' }, 'LAK', hostile).amount).toBe(-Number.MAX_SAFE_INTEGER);
  });

  it('equals the exact rational value rounded half up, for any amount and rates in range', () => {
    const rate = fc
      .tuple(fc.bigInt({ min: 100n, max: 100_000_000_000_000_000n }))
      .map(([scaledRate]) => `${scaledRate / 100_000_000n}.${String(scaledRate % 100_000_000n).padStart(8, '0')}`);
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(2n ** 60n), max: 2n ** 60n }),
        fc.constantFrom(...CURRENCIES),
        fc.constantFrom(...CURRENCIES),
        rate,
        rate,
        (amount, from, to, fromRate, toRate) => {
          const rates = { ...DEFAULT_RATES, [from]: fromRate, [to]: toRate, USD: '1' };
          const converted = convertExact(amount, from, to, rates);
          if (from === to) {
            expect(converted).toBe(amount);
            return;
          }
          // |converted − exact| ≤ 1/2: 2·|converted·den − num| ≤ den.
          const scale = (r: string) => {
            const [whole = '0', fraction = ''] = r.split('.');
            return BigInt(whole + fraction.padEnd(8, '0'));
          };
          const num = amount * scale(rates[to]) * 10n ** BigInt(minorUnitExponent(to));
          const den = scale(rates[from]) * 10n ** BigInt(minorUnitExponent(from));
          const gap = converted * den - num;
          expect(2n * (gap < 0n ? -gap : gap) <= den).toBe(true);
        },
      ),
    );
  });

  it('sums each currency exactly before converting it once', () => {
    const values = Array.from({ length: 9 }, () => ({ amount: 2 ** 51, currency: 'THB' as const }));
    expect(sumInCurrencyExact(values, 'THB', DEFAULT_RATES)).toBe(9n * 2n ** 51n);
    expect(sumInCurrency(values, 'THB', DEFAULT_RATES).amount).toBe(Number.MAX_SAFE_INTEGER);
  });
});
