import { describe, expect, it } from 'vitest';
import {
  addGoalSchema,
  compareGoals,
  editGoalSchema,
  goalAddedSchema,
  isReached,
  withdrawFromGoalSchema,
} from './goals.js';

const commandId = '0192f0c4-7a1b-7c3d-8e4f-000000000001';
const goalId = '0192f0c4-7a1b-7c3d-8e4f-00000000a001';
const lak = (amount: number) => ({ amount, currency: 'LAK' as const });

const codes = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('goal schemas', () => {
  it('trims the name and leaves the starting amount optional', () => {
    expect(
      addGoalSchema.parse({ commandId, goalId, name: '  Trip  ', target: lak(5), targetDate: '2027-01-31' }),
    ).toEqual({ commandId, goalId, name: 'Trip', target: lak(5), targetDate: '2027-01-31' });
  });

  it('requires the target amount and the target date, with the codes of the spec’s messages', () => {
    expect(codes(addGoalSchema.safeParse({ commandId, goalId, name: 'Trip', target: { currency: 'LAK' } }))).toEqual({
      'target.amount': 'target_required',
      targetDate: 'target_date_required',
    });
    expect(
      codes(addGoalSchema.safeParse({ commandId, goalId, name: 'Trip', target: lak(1), targetDate: null })),
    ).toEqual({ targetDate: 'target_date_required' });
  });

  it('names each wrong field with its code', () => {
    const result = addGoalSchema.safeParse({
      commandId,
      goalId: 'nope',
      name: '',
      target: lak(0),
      saved: lak(-1),
      targetDate: '2027-02-30',
      colour: 'red',
    });
    expect(codes(result)).toEqual({
      goalId: 'id_invalid',
      name: 'name_required',
      'target.amount': 'target_not_positive',
      'saved.amount': 'amount_not_positive',
      targetDate: 'date_invalid',
      '': expect.stringMatching(/colour|unrecognized/i),
    });
  });

  it('refuses a name longer than 60 characters', () => {
    const long = { commandId, goalId, name: 'x'.repeat(61), target: lak(1), targetDate: '2027-01-31' };
    expect(codes(addGoalSchema.safeParse(long))).toEqual({
      name: 'text_too_long',
    });
  });

  it('needs something to change in an edit, and keeps the date required', () => {
    expect(codes(editGoalSchema.safeParse({ commandId, goalId, changes: {} }))).toEqual({
      changes: 'nothing_to_change',
    });
    expect(codes(editGoalSchema.safeParse({ commandId, goalId, changes: { targetDate: null } }))).toEqual({
      'changes.targetDate': 'target_date_required',
    });
    expect(editGoalSchema.parse({ commandId, goalId, changes: { targetDate: '2027-03-01' } }).changes).toEqual({
      targetDate: '2027-03-01',
    });
  });

  it('moves only positive amounts in or out', () => {
    const result = withdrawFromGoalSchema.safeParse({ commandId, goalId, amount: lak(0), date: '2026-11-23' });
    expect(codes(result)).toEqual({ 'amount.amount': 'amount_not_positive' });
  });

  it('keeps the starting amount required in the event', () => {
    expect(goalAddedSchema.safeParse({ goalId, name: 'Trip', target: lak(5) }).success).toBe(false);
  });
});

describe('isReached', () => {
  it('holds once saved meets the target in the same currency', () => {
    expect(isReached({ target: lak(100), saved: lak(99) })).toBe(false);
    expect(isReached({ target: lak(100), saved: lak(100) })).toBe(true);
    expect(isReached({ target: lak(100), saved: { amount: 500, currency: 'THB' as const } })).toBe(false);
  });
});

describe('compareGoals', () => {
  it('puts the nearest date first, undated goals last, and equal dates by name in any case', () => {
    const goals = [
      { id: '1', name: 'Car', targetDate: '2028-01-01' },
      { id: '2', name: 'Emergency fund', targetDate: null },
      { id: '3', name: 'bike', targetDate: '2027-01-01' },
      { id: '4', name: 'Apartment', targetDate: '2027-01-01' },
      { id: '5', name: 'Another fund', targetDate: null },
    ];
    expect([...goals].sort(compareGoals).map((goal) => goal.name)).toEqual([
      'Apartment',
      'bike',
      'Car',
      'Another fund',
      'Emergency fund',
    ]);
  });
});
