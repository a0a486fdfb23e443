import { daysBetween } from '@plenty/contracts/calendar/date';
import type { Money } from '@plenty/contracts/money';

/** Percent of the target saved, 0–100, rounded down so that 100 means reached. */
export function progressPercent(saved: Money, target: Money): number {
  if (target.amount <= 0 || saved.amount <= 0) return 0;
  if (saved.amount >= target.amount) return 100;
  return Math.floor((saved.amount * 100) / target.amount);
}

/** What is still missing to reach the target, never below zero. */
export function remaining(saved: Money, target: Money): Money {
  return { amount: Math.max(0, target.amount - saved.amount), currency: target.currency };
}

export type GoalStatus =
  | { readonly kind: 'reached' }
  | { readonly kind: 'noDate' }
  | { readonly kind: 'dueToday' }
  | { readonly kind: 'daysLeft'; readonly days: number }
  | { readonly kind: 'overdue'; readonly days: number };

/** How a goal stands on `today`: reached, or the days left (or past) to its target date. */
export function goalStatus(
  goal: { readonly saved: Money; readonly target: Money; readonly targetDate: string | null },
  today: string,
): GoalStatus {
  if (goal.saved.amount >= goal.target.amount) return { kind: 'reached' };
  if (goal.targetDate === null) return { kind: 'noDate' };
  const days = daysBetween(today, goal.targetDate);
  if (days === 0) return { kind: 'dueToday' };
  return days > 0 ? { kind: 'daysLeft', days } : { kind: 'overdue', days: -days };
}
