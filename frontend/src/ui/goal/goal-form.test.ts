import { describe, expect, it } from 'vitest';
import type { GoalView } from '@plenty/contracts/goals';
import { amountInput, goalChanges, goalNameTaken, parseAmount, validateGoal, validateMovement } from './goal-form';

const lak = (amount: number) => ({ amount, currency: 'LAK' as const });
const house: GoalView = {
  id: 'g-house',
  name: 'House',
  target: lak(50_000_000),
  saved: lak(1_000_000),
  targetDate: '2027-12-31',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  reachedAt: null,
};
const draft = { name: 'Trip', target: '2,000.50', currency: 'THB' as const, saved: '', targetDate: '2027-06-30' };

describe('parseAmount', () => {
  it('reads the separators of each language into minor units', () => {
    expect(parseAmount('1,234.50', 'THB', 'en')).toEqual({ ok: true, amount: 123_450 });
    expect(parseAmount('1.234,50', 'THB', 'lo')).toEqual({ ok: true, amount: 123_450 });
    expect(parseAmount('1.500.000', 'LAK', 'lo')).toEqual({ ok: true, amount: 1_500_000 });
    expect(parseAmount('๑๒๓', 'THB', 'th')).toEqual({ ok: true, amount: 12_300 });
    expect(parseAmount('₭ 25,000', 'LAK', 'en')).toEqual({ ok: true, amount: 25_000 });
  });

  it('says what is wrong with what was typed', () => {
    expect(parseAmount('', 'THB', 'en')).toEqual({ ok: false, error: 'amount_required' });
    expect(parseAmount('12a', 'THB', 'en')).toEqual({ ok: false, error: 'amount_invalid' });
    expect(parseAmount('1.005', 'THB', 'en')).toEqual({ ok: false, error: 'amount_too_precise' });
    expect(parseAmount('10.5', 'LAK', 'en')).toEqual({ ok: false, error: 'amount_too_precise' });
    expect(parseAmount('-5', 'THB', 'en')).toEqual({ ok: false, error: 'amount_not_positive' });
    expect(parseAmount('0', 'THB', 'en')).toEqual({ ok: false, error: 'amount_not_positive' });
    expect(parseAmount('0', 'THB', 'en', true)).toEqual({ ok: true, amount: 0 });
  });

  it('reads back what amountInput writes', () => {
    for (const locale of ['en', 'th', 'lo'] as const) {
      expect(parseAmount(amountInput(123_450, 'THB', locale), 'THB', locale)).toEqual({ ok: true, amount: 123_450 });
      expect(parseAmount(amountInput(7, 'USD', locale), 'USD', locale)).toEqual({ ok: true, amount: 7 });
    }
    expect(amountInput(123_450, 'THB', 'lo')).toBe('1234,50');
    expect(amountInput(123_400, 'THB', 'en')).toBe('1234.00');
    expect(amountInput(2_500_000, 'LAK', 'en')).toBe('2500000');
  });
});

describe('validateGoal', () => {
  it('gives the values to send, with nothing saved when the field is empty', () => {
    expect(validateGoal(draft, [house], 'en')).toEqual({
      errors: {},
      value: {
        name: 'Trip',
        target: { amount: 200_050, currency: 'THB' },
        saved: { amount: 0, currency: 'THB' },
        targetDate: '2027-06-30',
      },
    });
  });

  it('refuses a name another goal has, in any case, but not the goal’s own', () => {
    expect(validateGoal({ ...draft, name: '  hOUSE ' }, [house], 'en').errors).toEqual({
      name: 'error.goal_name_taken',
    });
    expect(validateGoal({ ...draft, name: 'house' }, [house], 'en', house.id).errors).toEqual({});
    expect(goalNameTaken('ho  use', [house])).toBe(false);
  });

  it('names every field that is wrong', () => {
    const result = validateGoal({ ...draft, name: ' ', target: '0', saved: 'x', targetDate: '2027-02-29' }, [], 'en');
    expect(result.value).toBeNull();
    expect(result.errors).toEqual({
      name: 'error.name_required',
      target: 'error.target_not_positive',
      saved: 'error.amount_invalid',
      targetDate: 'error.date_invalid',
    });
  });

  it('requires the target amount and the target date with the spec’s messages', () => {
    expect(validateGoal({ ...draft, target: ' ', targetDate: '' }, [], 'en').errors).toEqual({
      target: 'error.target_required',
      targetDate: 'error.target_date_required',
    });
    expect(validateGoal({ ...draft, name: 'x'.repeat(61) }, [], 'en').errors).toEqual({
      name: 'goals.validation.nameTooLong',
    });
  });
});

describe('goalChanges', () => {
  it('lists only what differs from the goal', () => {
    const value = { name: 'House', target: lak(60_000_000), saved: lak(1_000_000), targetDate: '2030-01-01' };
    expect(goalChanges(house, value)).toEqual({ target: lak(60_000_000), targetDate: '2030-01-01' });
    expect(goalChanges(house, { ...value, target: house.target, targetDate: '2027-12-31' })).toEqual({});
  });
});

describe('validateMovement', () => {
  it('accepts a contribution on a date, in the goal’s currency', () => {
    expect(validateMovement('250.000', '2026-11-23', house, 'in', 'lo')).toEqual({
      value: { amount: lak(250_000), date: '2026-11-23' },
    });
  });

  it('takes out no more than is saved', () => {
    expect(validateMovement('1000001', '2026-11-23', house, 'out', 'en')).toEqual({
      amount: 'error.goal_withdrawal_too_large',
      value: null,
    });
    expect(validateMovement('1000000', '2026-11-23', house, 'out', 'en').value).toEqual({
      amount: lak(1_000_000),
      date: '2026-11-23',
    });
  });

  it('needs an amount and a real date', () => {
    expect(validateMovement('', '2026-13-01', house, 'in', 'en')).toEqual({
      amount: 'error.amount_required',
      date: 'error.date_invalid',
      value: null,
    });
  });
});
