import { describe, expect, it } from 'vitest';

import { expectAnswers } from '../../lib/testing/expect-answers';
import { DEFAULT_PREFERENCES_VIEW } from '@plenty/contracts/preferences';
import { DEFAULT_RATES } from '@plenty/contracts/rates';
import {
  budgetInput,
  formFromView,
  parseBudget,
  parseRate,
  rateInputs,
  timeZoneOptions,
  validatePreferences,
  validateRates,
} from './preferences-form';

const zones = ['Asia/Bangkok', 'Asia/Vientiane', 'UTC'];

describe('monthly budget', () => {
  it('reads the amount in the language’s number format as minor units of the currency', () => {
    expectAnswers(parseBudget, [
      [['1,500.50', 'THB', 'en'], { ok: true, budget: { amount: 150050, currency: 'THB' } }],
      [['1.500,50', 'THB', 'lo'], { ok: true, budget: { amount: 150050, currency: 'THB' } }],
      [['๑,๕๐๐', 'THB', 'th'], { ok: true, budget: { amount: 150000, currency: 'THB' } }],
      [['2.000.000', 'LAK', 'lo'], { ok: true, budget: { amount: 2000000, currency: 'LAK' } }],
      [['฿ 900', 'THB', 'th'], { ok: true, budget: { amount: 90000, currency: 'THB' } }],
    ]);
  });

  it('takes an empty field as no budget', () => {
    expect(parseBudget('', 'USD', 'en')).toEqual({ ok: true, budget: null });
    expect(parseBudget('   ', 'USD', 'en')).toEqual({ ok: true, budget: null });
  });

  it('refuses zero, negative, malformed, too precise and too large amounts with a message to show', () => {
    expectAnswers(parseBudget, [
      [['0', 'USD', 'en'], { ok: false, error: 'error.amount_not_positive' }],
      [['0.00', 'USD', 'en'], { ok: false, error: 'error.amount_not_positive' }],
      [['-5', 'USD', 'en'], { ok: false, error: 'error.amount_not_positive' }],
      [['12abc', 'USD', 'en'], { ok: false, error: 'error.amount_invalid' }],
      [['1.2.3', 'USD', 'en'], { ok: false, error: 'error.amount_invalid' }],
      [['10.5', 'LAK', 'en'], { ok: false, error: 'error.amount_too_precise' }],
      [['10.123', 'USD', 'en'], { ok: false, error: 'error.amount_too_precise' }],
      [['99999999999999999', 'USD', 'en'], { ok: false, error: 'error.amount_too_large' }],
    ]);
  });

  it('shows a stored budget for editing in the language’s decimal mark, and reads it back unchanged', () => {
    const budget = { amount: 150050, currency: 'EUR' } as const;
    expect(budgetInput(budget, 'en')).toBe('1500.50');
    expect(budgetInput(budget, 'lo')).toBe('1500,50');
    expect(budgetInput({ amount: 5, currency: 'USD' }, 'en')).toBe('0.05');
    expect(budgetInput({ amount: 2000000, currency: 'LAK' }, 'lo')).toBe('2000000');
    expect(budgetInput(null, 'th')).toBe('');
    for (const locale of ['en', 'th', 'lo'] as const) {
      expect(parseBudget(budgetInput(budget, locale), 'EUR', locale)).toEqual({ ok: true, budget });
    }
  });
});

describe('preferences form', () => {
  it('shows the language the app is in, and sends it when it is not the stored one', () => {
    const values = formFromView(DEFAULT_PREFERENCES_VIEW, 'th', 'UTC');
    expect(values.language).toBe('th');
    expect(validatePreferences(values, DEFAULT_PREFERENCES_VIEW, 'th', zones)).toEqual({
      ok: true,
      changes: { language: 'th' },
    });
  });

  it('starts from the browser’s time zone until the user chose one', () => {
    expect(formFromView(DEFAULT_PREFERENCES_VIEW, 'en', 'Asia/Vientiane').timeZone).toBe('Asia/Vientiane');
    const chosen = { ...DEFAULT_PREFERENCES_VIEW, timeZone: 'Asia/Bangkok' };
    expect(formFromView(chosen, 'en', 'Asia/Vientiane').timeZone).toBe('Asia/Bangkok');
  });

  it('sends only what differs from the stored preferences', () => {
    const values = {
      ...formFromView(DEFAULT_PREFERENCES_VIEW, 'en', 'UTC'),
      currency: 'THB' as const,
      budget: '9,000',
    };
    expect(validatePreferences(values, DEFAULT_PREFERENCES_VIEW, 'en', zones)).toEqual({
      ok: true,
      changes: { currency: 'THB', monthlyBudget: { amount: 900000, currency: 'THB' } },
    });
    const stored = {
      ...DEFAULT_PREFERENCES_VIEW,
      currency: 'THB' as const,
      monthlyBudget: { amount: 900000, currency: 'THB' as const },
    };
    expect(validatePreferences(values, stored, 'en', zones)).toEqual({ ok: true, changes: {} });
  });

  it('clears the budget when the field is emptied', () => {
    const stored = {
      ...DEFAULT_PREFERENCES_VIEW,
      language: 'lo' as const,
      monthlyBudget: { amount: 900000, currency: 'LAK' as const },
    };
    const values = { ...formFromView(stored, 'lo', 'UTC'), budget: '' };
    expect(validatePreferences(values, stored, 'lo', zones)).toEqual({ ok: true, changes: { monthlyBudget: null } });
  });

  it('shows the stored bill reminder choices and sends them only when changed', () => {
    const stored = { ...DEFAULT_PREFERENCES_VIEW, billReminders: false, reminderDaysBefore: 5 };
    const values = formFromView(stored, 'en', 'UTC');
    expect(values).toMatchObject({ billReminders: false, reminderDaysBefore: 5 });
    expect(validatePreferences(values, stored, 'en', zones)).toEqual({ ok: true, changes: {} });
    expect(validatePreferences({ ...values, billReminders: true, reminderDaysBefore: 0 }, stored, 'en', zones)).toEqual(
      { ok: true, changes: { billReminders: true, reminderDaysBefore: 0 } },
    );
  });

  it('names the fields that need attention', () => {
    const values = { ...formFromView(DEFAULT_PREFERENCES_VIEW, 'th', 'UTC'), budget: '0', timeZone: 'Bangkok' };
    expect(validatePreferences(values, DEFAULT_PREFERENCES_VIEW, 'th', zones)).toEqual({
      ok: false,
      errors: { budget: 'error.amount_not_positive', timeZone: 'error.time_zone_invalid' },
    });
  });

  it('always offers UTC and the browser’s zone among the time zones, sorted', () => {
    expect(timeZoneOptions('Asia/Vientiane', ['Europe/Paris', 'Asia/Bangkok'])).toEqual([
      'Asia/Bangkok',
      'Asia/Vientiane',
      'Europe/Paris',
      'UTC',
    ]);
  });
});

describe('exchange rates', () => {
  it('reads a rate typed in the language’s decimal mark as the table’s decimal string', () => {
    expectAnswers(parseRate, [
      [['32.45', 'en'], { ok: true, rate: '32.45' }],
      [['32,45', 'lo'], { ok: true, rate: '32.45' }],
      [['21,850', 'en'], { ok: true, rate: '21850' }],
      [['0.8600', 'th'], { ok: true, rate: '0.86' }],
      [['.5', 'en'], { ok: true, rate: '0.5' }],
    ]);
  });

  it('refuses an empty, zero or malformed rate', () => {
    expectAnswers(parseRate, [
      [['', 'en'], { ok: false, error: 'error.field_required' }],
      [['0', 'en'], { ok: false, error: 'error.rate_not_positive' }],
      [['0.000', 'en'], { ok: false, error: 'error.rate_not_positive' }],
      [['1e3', 'en'], { ok: false, error: 'error.rate_invalid' }],
      [['0.123456789', 'en'], { ok: false, error: 'error.rate_invalid' }],
    ]);
  });

  it('refuses a rate outside 0.000001 to 1,000,000,000 per dollar, and takes both ends', () => {
    expectAnswers(parseRate, [
      [['0.00000001', 'en'], { ok: false, error: 'error.rate_out_of_range' }],
      [['999999999999', 'en'], { ok: false, error: 'error.rate_out_of_range' }],
      [['1000000000.01', 'en'], { ok: false, error: 'error.rate_out_of_range' }],
      [['0,000001', 'lo'], { ok: true, rate: '0.000001' }],
      [['1,000,000,000', 'en'], { ok: true, rate: '1000000000' }],
    ]);
  });

  it('round-trips the bundled table through the form in every language, USD fixed at 1', () => {
    for (const locale of ['en', 'th', 'lo'] as const) {
      expect(validateRates(rateInputs(DEFAULT_RATES, locale), locale)).toEqual({ ok: true, rates: DEFAULT_RATES });
    }
    const inputs = { ...rateInputs(DEFAULT_RATES, 'en'), USD: '7', EUR: 'abc' };
    expect(validateRates(inputs, 'en')).toEqual({ ok: false, errors: { EUR: 'error.rate_invalid' } });
  });
});
