import { z } from 'zod';
import { daysInMonthOf, monthOfDate } from './calendar/date.js';
import { divideHalfUp, saturate } from './money.js';

/**
 * Budget status of a month (DESIGN.md section 9), with the spent share of the limit:
 * no threshold set → `no_budget`; below 75 % → `on_track`; from 75 % to below 90 % →
 * `approaching`; from 90 % up to and including 100 % → `critical`; above 100 % → `over`.
 * A month before the user's records begin (`firstMonthWithData`) has `no_data`: nothing was
 * recorded, so it cannot be "on track".
 */
export const BUDGET_STATUSES = ['no_data', 'no_budget', 'on_track', 'approaching', 'critical', 'over'] as const;
export type BudgetStatus = (typeof BUDGET_STATUSES)[number];
export const budgetStatusSchema = z.enum(BUDGET_STATUSES);

/** Shares are integers of basis points: 10000 is 100 %, 7500 is 75 %. */
export const BASIS_POINTS = 10_000;

/** The thresholds, in basis points of the limit. */
export const APPROACHING_FROM = 7_500;
export const CRITICAL_FROM = 9_000;

/** The status of `spent` against `limit` (same currency, minor units, exact or not); null limit: no budget. */
export function budgetStatus(spent: number | bigint, limit: number | bigint | null): BudgetStatus {
  if (limit === null || limit <= 0) return 'no_budget';
  // spent / limit against 75 % and 90 % without division: spent × 10000 < limit × 7500.
  const scaledSpent = BigInt(spent) * BigInt(BASIS_POINTS);
  if (scaledSpent < BigInt(limit) * BigInt(APPROACHING_FROM)) return 'on_track';
  if (scaledSpent < BigInt(limit) * BigInt(CRITICAL_FROM)) return 'approaching';
  if (spent <= limit) return 'critical';
  return 'over';
}

/** The spent share of the limit in basis points, rounded down (7499.9 bp is 7499), exactly; null without a limit. */
export function basisPointsUsed(spent: bigint, limit: bigint | null): bigint | null {
  if (limit === null || limit <= 0n) return null;
  return ((spent > 0n ? spent : 0n) * BigInt(BASIS_POINTS)) / limit;
}

/** `basisPointsUsed` of amounts that are numbers, saturated at 2^53 − 1 (see `saturate`). */
export function percentUsed(spent: number, limit: number | null): number | null {
  const used = basisPointsUsed(BigInt(spent), limit === null ? null : BigInt(limit));
  return used === null ? null : saturate(used);
}

/**
 * The first month whose figures mean something: the month of the user's oldest recorded
 * transaction, or the current month (`today`'s) when there is none yet or it is later, since
 * the account exists now. Months before it have no data, whatever the budget.
 */
export function firstMonthWithData(oldestTransactionDate: string | null, today: string): string {
  const current = monthOfDate(today);
  if (oldestTransactionDate === null) return current;
  const oldest = monthOfDate(oldestTransactionDate);
  return oldest < current ? oldest : current;
}

/** Whether `month` comes before the user's records begin (see `firstMonthWithData`). */
export const isBeforeData = (month: string, firstMonth: string | null | undefined): boolean =>
  firstMonth !== null && firstMonth !== undefined && month < firstMonth;

export interface MonthProgress {
  readonly daysInMonth: number;
  /** Days of the month up to and including today; the whole month once it is past, 0 before it starts. */
  readonly daysElapsed: number;
  /** Days of the month after today; 0 on its last day and for a past month. */
  readonly daysLeft: number;
}

/** Where `today` (the user's local date) stands in `month`. */
export function monthProgress(month: string, today: string): MonthProgress {
  const total = daysInMonthOf(month);
  const current = monthOfDate(today);
  if (current > month) return { daysInMonth: total, daysElapsed: total, daysLeft: 0 };
  if (current < month) return { daysInMonth: total, daysElapsed: 0, daysLeft: total };
  const day = Number(today.slice(8, 10));
  return { daysInMonth: total, daysElapsed: day, daysLeft: total - day };
}

export interface BudgetSummary extends MonthProgress {
  readonly status: BudgetStatus;
  /** The monthly budget in the display currency; null when none is set. */
  readonly limit: bigint | null;
  /** Expenses of the month. */
  readonly spent: bigint;
  /** limit − spent, negative once over; null without a budget. */
  readonly remaining: bigint | null;
  /** spent / limit in basis points, rounded down; null without a budget. */
  readonly percentUsed: bigint | null;
  /** spent / daysElapsed, rounded half up; 0 before the month starts. */
  readonly dailyAverage: bigint;
  /**
   * The month's expected total: for the current month the spending so far carried at the
   * same daily pace to the end of the month (spent × daysInMonth / daysElapsed, rounded half
   * up); for a past or future month what is recorded.
   */
  readonly projectedTotal: bigint;
  /** Expenses of recurring rules still to come in the month (after today), included in `projectedTotal`. */
  readonly scheduledExpense: bigint;
  /** The status the projected total would reach. */
  readonly projectedStatus: BudgetStatus;
}

/**
 * Budget tracker figures for `month`, seen on the user's local date `today`. Amounts are
 * exact integer minor units of one currency (sums and conversions can pass 2^53); `spent` is
 * never negative.
 */
export function budgetSummary(input: {
  readonly month: string;
  readonly today: string;
  readonly limit: bigint | null;
  readonly spent: bigint;
  /** The user's first month with data (`firstMonthWithData`); earlier months are `no_data`. */
  readonly firstMonth?: string | null;
  /**
   * Expenses of recurring rules dated after `today` within the month (occurrences not yet posted
   * nor skipped), in the same currency; added to the projection. Default 0.
   */
  readonly scheduled?: bigint;
}): BudgetSummary {
  const { month, today, spent } = input;
  const noData = isBeforeData(month, input.firstMonth);
  const limit = input.limit !== null && input.limit > 0n ? input.limit : null;
  const progress = monthProgress(month, today);
  const dailyAverage = progress.daysElapsed === 0 ? 0n : divideHalfUp(spent, BigInt(progress.daysElapsed));
  const isCurrent = progress.daysElapsed > 0 && progress.daysLeft > 0;
  const scheduledExpense = progress.daysLeft > 0 && input.scheduled !== undefined ? input.scheduled : 0n;
  const projectedTotal =
    (isCurrent ? divideHalfUp(spent * BigInt(progress.daysInMonth), BigInt(progress.daysElapsed)) : spent) +
    scheduledExpense;
  return {
    ...progress,
    status: noData ? 'no_data' : budgetStatus(spent, limit),
    limit,
    spent,
    remaining: limit === null || noData ? null : limit - spent,
    percentUsed: noData ? null : basisPointsUsed(spent, limit),
    dailyAverage,
    projectedTotal,
    scheduledExpense,
    projectedStatus: noData ? 'no_data' : budgetStatus(projectedTotal, limit),
  };
}
