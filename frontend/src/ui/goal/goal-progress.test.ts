import { describe, expect, it } from 'vitest';
import { daysBetween } from '@plenty/contracts/calendar/date';
import { goalStatus, progressPercent, remaining } from './goal-progress';

const lak = (amount: number) => ({ amount, currency: 'LAK' as const });

describe('daysBetween', () => {
  it('counts calendar days across months, years and a leap day', () => {
    expect(daysBetween('2026-11-23', '2026-11-23')).toBe(0);
    expect(daysBetween('2026-11-23', '2026-12-01')).toBe(8);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-11-23', '2026-11-20')).toBe(-3);
  });
});

describe('progressPercent', () => {
  it('rounds down, so a goal shows 100 only once it is reached', () => {
    expect(progressPercent(lak(0), lak(1000))).toBe(0);
    expect(progressPercent(lak(333), lak(1000))).toBe(33);
    expect(progressPercent(lak(999_999), lak(1_000_000))).toBe(99);
    expect(progressPercent(lak(1_000_000), lak(1_000_000))).toBe(100);
  });

  it('stays at 100 when more than the target is saved', () => {
    expect(progressPercent(lak(1500), lak(1000))).toBe(100);
  });

  it('does not overflow for the largest amounts', () => {
    expect(progressPercent(lak(2 ** 50), lak(2 ** 51))).toBe(50);
  });
});

describe('remaining', () => {
  it('is what is missing, and zero once the target is met', () => {
    expect(remaining(lak(300), lak(1000))).toEqual(lak(700));
    expect(remaining(lak(1200), lak(1000))).toEqual(lak(0));
  });
});

describe('goalStatus', () => {
  const goal = (saved: number, targetDate: string | null) => ({ saved: lak(saved), target: lak(100), targetDate });

  it('says reached once saved meets the target, whatever the date', () => {
    expect(goalStatus(goal(100, '2020-01-01'), '2026-11-23')).toEqual({ kind: 'reached' });
  });

  it('counts the days left, today, and the days past the target date', () => {
    expect(goalStatus(goal(10, '2026-11-30'), '2026-11-23')).toEqual({ kind: 'daysLeft', days: 7 });
    expect(goalStatus(goal(10, '2026-11-23'), '2026-11-23')).toEqual({ kind: 'dueToday' });
    expect(goalStatus(goal(10, '2026-11-20'), '2026-11-23')).toEqual({ kind: 'overdue', days: 3 });
  });

  it('has no countdown without a target date', () => {
    expect(goalStatus(goal(10, null), '2026-11-23')).toEqual({ kind: 'noDate' });
  });
});
