import { describe, expect, it } from 'vitest';
import { expectAnswers } from './testing/expect-answers';
import { amountInput, parseAmount } from './amount';

describe('amounts typed in the language of the page', () => {
  it('reads English and Thai grouping and decimals', () => {
    expect(parseAmount('1,234.50', 'THB', 'en')).toEqual({ ok: true, amount: 123450 });
    expect(parseAmount('฿ 1,234.5', 'THB', 'th')).toEqual({ ok: true, amount: 123450 });
    expect(parseAmount('.5', 'USD', 'en')).toEqual({ ok: true, amount: 50 });
  });

  it('reads Lao grouping with dots and decimals with a comma', () => {
    expect(parseAmount('1.234.567', 'LAK', 'lo')).toEqual({ ok: true, amount: 1234567 });
    expect(parseAmount('12,50', 'THB', 'lo')).toEqual({ ok: true, amount: 1250 });
  });

  it('reads Thai and Lao digits', () => {
    expect(parseAmount('๑๒๐', 'THB', 'th')).toEqual({ ok: true, amount: 12000 });
    expect(parseAmount('໕໐໐໐', 'LAK', 'lo')).toEqual({ ok: true, amount: 5000 });
  });

  it('follows the currency: LAK has no decimals', () => {
    expect(parseAmount('10.5', 'LAK', 'en')).toEqual({ ok: false, error: 'amount_too_precise' });
    expect(parseAmount('10.00', 'LAK', 'en')).toEqual({ ok: true, amount: 10 });
    expect(parseAmount('1.005', 'USD', 'en')).toEqual({ ok: false, error: 'amount_too_precise' });
  });

  it('explains what is wrong', () => {
    expectAnswers(parseAmount, [
      [['  ', 'USD', 'en'], { ok: false, error: 'amount_required' }],
      [['0', 'USD', 'en'], { ok: false, error: 'amount_not_positive' }],
      [['-5', 'USD', 'en'], { ok: false, error: 'amount_not_positive' }],
      [['12a', 'USD', 'en'], { ok: false, error: 'amount_invalid' }],
      [['abc', 'USD', 'en'], { ok: false, error: 'amount_invalid' }],
      [['1.2.3', 'USD', 'en'], { ok: false, error: 'amount_invalid' }],
      [['99999999999999999', 'USD', 'en'], { ok: false, error: 'amount_too_large' }],
    ]);
  });

  it('accepts zero only when asked to, as for what a goal starts with', () => {
    expect(parseAmount('0', 'USD', 'en', { allowZero: true })).toEqual({ ok: true, amount: 0 });
    expect(parseAmount('0,00', 'USD', 'lo', { allowZero: true })).toEqual({ ok: true, amount: 0 });
    expect(parseAmount('-1', 'USD', 'en', { allowZero: true })).toEqual({ ok: false, error: 'amount_not_positive' });
  });

  it('writes an amount back for editing, and reads it again the same', () => {
    expect(amountInput(123450, 'THB', 'en')).toBe('1234.50');
    expect(amountInput(5, 'USD', 'lo')).toBe('0,05');
    expect(amountInput(1234567, 'LAK', 'lo')).toBe('1234567');
    for (const locale of ['en', 'th', 'lo'] as const) {
      for (const [amount, currency] of [
        [1, 'USD'],
        [123456789, 'THB'],
        [5000, 'LAK'],
      ] as const) {
        expect(parseAmount(amountInput(amount, currency, locale), currency, locale)).toEqual({ ok: true, amount });
      }
    }
  });
});
