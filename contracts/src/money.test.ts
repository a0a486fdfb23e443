import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  MAX_AMOUNT,
  add,
  allocate,
  formatMoney,
  minorUnitExponent,
  money,
  moneySchema,
  parseMoney,
  positiveMoneySchema,
  sum,
  toDecimalString,
} from './money.js';

describe('minor units', () => {
  it('follow CLDR: Lao kip has no decimals, the others two', () => {
    expect(minorUnitExponent('LAK')).toBe(0);
    for (const currency of ['THB', 'USD', 'EUR', 'GBP', 'CAD', 'AUD'] as const)
      expect(minorUnitExponent(currency)).toBe(2);
  });
});

describe('parsing what a person typed', () => {
  it('reads English, Thai and Lao separators into exact minor units', () => {
    expect(parseMoney('1,234.50', 'THB', 'en')).toEqual({ ok: true, value: { amount: 123450, currency: 'THB' } });
    expect(parseMoney('1,234.5', 'THB', 'th')).toEqual({ ok: true, value: { amount: 123450, currency: 'THB' } });
    expect(parseMoney('1.234.567', 'LAK', 'lo')).toEqual({ ok: true, value: { amount: 1234567, currency: 'LAK' } });
    expect(parseMoney('12,50', 'USD', 'lo')).toEqual({ ok: true, value: { amount: 1250, currency: 'USD' } });
  });

  it('reads Thai and Lao digits', () => {
    expect(parseMoney('๑๒๓.๔๕', 'THB', 'th')).toEqual({ ok: true, value: { amount: 12345, currency: 'THB' } });
    expect(parseMoney('໕໐໐໐', 'LAK', 'lo')).toEqual({ ok: true, value: { amount: 5000, currency: 'LAK' } });
  });

  it('never rounds: too many decimals is an error, not a float', () => {
    expect(parseMoney('0.10', 'USD', 'en')).toEqual({ ok: true, value: { amount: 10, currency: 'USD' } });
    expect(parseMoney('0.105', 'USD', 'en')).toEqual({ ok: false, error: 'amount_too_precise' });
    expect(parseMoney('10.5', 'LAK', 'en')).toEqual({ ok: false, error: 'amount_too_precise' });
  });

  it('refuses empty, negative, garbage and unsafe amounts', () => {
    expect(parseMoney('  ', 'USD', 'en')).toEqual({ ok: false, error: 'amount_required' });
    expect(parseMoney('-5', 'USD', 'en')).toEqual({ ok: false, error: 'amount_invalid' });
    expect(parseMoney('1e5', 'USD', 'en')).toEqual({ ok: false, error: 'amount_invalid' });
    expect(parseMoney('99999999999999999', 'USD', 'en')).toEqual({ ok: false, error: 'amount_too_large' });
  });

  it('round-trips every safe amount through its decimal text in every currency', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_AMOUNT }), fc.constantFrom(...CURRENCIES), (amount, currency) => {
        const value = money(amount, currency);
        expect(parseMoney(toDecimalString(value), currency, 'en')).toEqual({ ok: true, value });
      }),
    );
  });
});

describe('arithmetic', () => {
  it('adds and sums in one currency and refuses to mix currencies', () => {
    expect(add(money(150, 'THB'), money(250, 'THB'))).toEqual(money(400, 'THB'));
    expect(sum([money(1, 'LAK'), money(2, 'LAK')], 'LAK')).toEqual(money(3, 'LAK'));
    expect(() => add(money(1, 'THB'), money(1, 'USD'))).toThrow(/currency mismatch/);
  });

  it('refuses amounts beyond 2^51 and fractions', () => {
    expect(() => money(MAX_AMOUNT + 1, 'USD')).toThrow(RangeError);
    expect(() => money(1.5, 'USD')).toThrow(RangeError);
  });

  it('allocates without losing or inventing a minor unit', () => {
    expect(allocate(money(100, 'USD'), [1, 1, 1]).map((m) => m.amount)).toEqual([34, 33, 33]);
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 8 }).filter((r) => r.some((x) => x > 0)),
        (amount, ratios) => {
          const parts = allocate(money(amount, 'THB'), ratios);
          expect(parts.reduce((total, part) => total + part.amount, 0)).toBe(amount);
          ratios.forEach((ratio, i) => {
            if (ratio === 0) expect(parts[i]?.amount).toBe(0);
          });
        },
      ),
    );
  });
});

describe('schemas', () => {
  it('accept integer minor units of a supported currency only', () => {
    expect(moneySchema.safeParse({ amount: 100, currency: 'LAK' }).success).toBe(true);
    expect(moneySchema.safeParse({ amount: 1.5, currency: 'LAK' }).error?.issues[0]?.message).toBe(
      'amount_not_integer',
    );
    expect(moneySchema.safeParse({ amount: 1, currency: 'JPY' }).success).toBe(false);
    expect(positiveMoneySchema.safeParse({ amount: 0, currency: 'USD' }).error?.issues[0]?.message).toBe(
      'amount_not_positive',
    );
    expect(positiveMoneySchema.safeParse({ currency: 'USD' }).error?.issues[0]?.message).toBe('amount_required');
  });
});

describe('formatting', () => {
  it('shows kip without decimals and baht with two', () => {
    expect(formatMoney(money(1234567, 'LAK'), 'en')).toBe('₭1,234,567');
    expect(formatMoney(money(123450, 'THB'), 'th')).toBe('฿1,234.50');
  });
});
