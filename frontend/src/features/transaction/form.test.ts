import { describe, expect, it } from 'vitest';
import { fieldOfPath, firstField } from '../../lib/form/field-codes';
import {
  changesFrom,
  defaultCurrency,
  emptyForm,
  typeFromSearch,
  FIELD_MAPPING,
  FORM_FIELDS,
  geolocationFailure,
  locationFrom,
  validateForm,
} from './form';
import { savedTransaction } from './form-testing';

const filled = { ...emptyForm('en', '2026-11-23'), amount: '120', categoryId: 'builtin-food' };

describe('the transaction form', () => {
  it('says what spec section 5 says for each missing field, and focuses the first', () => {
    const result = validateForm({ ...emptyForm('en', ''), amount: '' }, 'en');
    expect(result).toEqual({
      ok: false,
      errors: {
        amount: 'error.amount_required',
        categoryId: 'error.category_required',
        date: 'transactions.validation.dateRequired',
      },
    });
    if (!result.ok) expect(firstField(FORM_FIELDS, result.errors)).toBe('amount');
  });

  it('refuses a zero or negative amount as not positive', () => {
    expect(validateForm({ ...filled, amount: '0' }, 'en')).toMatchObject({
      errors: { amount: 'error.amount_not_positive' },
    });
  });

  it('builds the command fields in minor units, leaving out empty optional fields', () => {
    expect(validateForm({ ...filled, currency: 'THB', note: '  lunch ', time: '12:30' }, 'en')).toEqual({
      ok: true,
      fields: {
        type: 'expense',
        amount: { amount: 12000, currency: 'THB' },
        categoryId: 'builtin-food',
        date: '2026-11-23',
        time: '12:30',
        note: 'lunch',
      },
    });
  });

  it('refuses dates that are not in the calendar', () => {
    expect(validateForm({ ...filled, date: '2026-02-30' }, 'en')).toMatchObject({
      errors: { date: 'error.date_invalid' },
    });
  });

  it('sends only what changed, clearing removed optional fields', () => {
    const before = savedTransaction({ time: '12:30', note: 'lunch', receipt: 'r1' });
    expect(
      changesFrom(before, {
        type: 'expense',
        amount: { amount: 15000, currency: 'THB' },
        categoryId: 'builtin-food',
        date: '2026-11-23',
        time: '12:30',
      }),
    ).toEqual({ amount: { amount: 15000, currency: 'THB' }, note: null, receipt: null });
  });

  it('sends the chosen wallet, and a new one only when it changed', () => {
    const bank = '0192f0c4-7a1b-7c3d-8e4f-0000000000c2';
    const checked = validateForm({ ...filled, walletId: bank }, 'en');
    expect(checked.ok && checked.fields.walletId).toBe(bank);
    const before = savedTransaction({});
    const same = { type: 'expense', amount: { amount: 12000, currency: 'THB' }, categoryId: 'builtin-food' } as const;
    expect(changesFrom(before, { ...same, date: '2026-11-23', walletId: before.walletId })).toEqual({});
    expect(changesFrom(before, { ...same, date: '2026-11-23', walletId: bank })).toEqual({ walletId: bank });
  });

  it('shows the wallet’s refusals on the wallet field', () => {
    expect(fieldOfPath('changes.walletId', FIELD_MAPPING)).toBe('walletId');
    expect(FIELD_MAPPING.codes?.wallet_archived).toBe('walletId');
    expect(FIELD_MAPPING.codes?.wallet_currency_mismatch).toBe('walletId');
  });

  it('maps server field paths to the form', () => {
    const field = (path: string) => fieldOfPath(path, FIELD_MAPPING);
    expect(field('amount.amount')).toBe('amount');
    expect(field('changes.amount.currency')).toBe('currency');
    expect(field('categoryId')).toBe('categoryId');
    expect(field('changes.location.latitude')).toBe('location');
    expect(field('commandId')).toBeNull();
  });

  it('starts in the currency of the language until preferences say otherwise', () => {
    expect(defaultCurrency('th')).toBe('THB');
    expect(defaultCurrency('lo')).toBe('LAK');
    expect(defaultCurrency('en')).toBe('USD');
    expect(defaultCurrency('en', 'EUR')).toBe('EUR');
  });

  it('starts a new transaction in the preferred currency', () => {
    expect(emptyForm('th', '2026-11-23', 'EUR').currency).toBe('EUR');
    expect(emptyForm('th', '2026-11-23').currency).toBe('THB');
  });
});

describe('transaction location', () => {
  const vientiane = { latitude: 17.96667, longitude: 102.6 };
  const before = savedTransaction({ location: vientiane });
  const same = { type: 'expense', amount: before.amount, categoryId: 'builtin-food', date: '2026-11-23' } as const;

  it('sends the location only while saving locations is on', () => {
    const values = { ...filled, location: vientiane };
    const on = validateForm(values, 'en', { saveLocation: true });
    expect(on).toMatchObject({ ok: true, fields: { location: vientiane } });
    const off = validateForm(values, 'en', { saveLocation: false });
    expect(off.ok && 'location' in off.fields).toBe(false);
    const none = validateForm(filled, 'en', { saveLocation: true });
    expect(none.ok && 'location' in none.fields).toBe(false);
  });

  it('changes or removes a location only while saving locations is on', () => {
    expect(changesFrom(before, same, { saveLocation: true })).toEqual({ location: null });
    expect(changesFrom(before, same, { saveLocation: false })).toEqual({});
    expect(changesFrom(before, { ...same, location: vientiane }, { saveLocation: true })).toEqual({});
    const moved = { latitude: 13.75633, longitude: 100.50177 };
    expect(changesFrom(before, { ...same, location: moved }, { saveLocation: true })).toEqual({ location: moved });
  });

  it('rounds the browser’s position to about a metre', () => {
    expect(locationFrom({ latitude: 17.966671234, longitude: -102.600004999 })).toEqual({
      latitude: 17.96667,
      longitude: -102.6,
    });
  });

  it('tells a refused permission from a missing position and a timeout', () => {
    expect(geolocationFailure(1)).toBe('denied');
    expect(geolocationFailure(2)).toBe('unavailable');
    expect(geolocationFailure(3)).toBe('timeout');
    expect(geolocationFailure(null)).toBe('unsupported');
  });
});

describe('the type the add form starts with', () => {
  it('is income when the address asks for it, and expense for anything else', () => {
    expect(typeFromSearch('?type=income')).toBe('income');
    expect(typeFromSearch('?type=expense')).toBe('expense');
    expect(typeFromSearch('?type=transfer')).toBe('expense');
    expect(typeFromSearch('')).toBe('expense');
    expect(emptyForm('en', '2026-11-23', 'THB', 'income')).toMatchObject({ type: 'income', currency: 'THB' });
  });
});
