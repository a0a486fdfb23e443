import { localDate } from '@plenty/contracts/calendar/zone';
import { pendingRows } from '@plenty/contracts/debt-schedule';
import { type DebtEvent } from '@plenty/contracts/events/debt';
import { domainError, type DomainError } from '@plenty/contracts/errors';
import {
  LoanScheduleError,
  sumOfRows,
  type LoanScheduleErrorCode,
  type ScheduleRow,
} from '@plenty/contracts/loan-schedule';
import { MAX_AMOUNT } from '@plenty/contracts/money';
import { evolveDebt, outstandingOf, termsOf, type DebtDetails, type DebtState } from './debt.state.js';

/** A schedule that cannot be made, as the error the user sees: the loan's field named as the form names it. */
export function scheduleProblem(error: unknown): DomainError {
  if (!(error instanceof LoanScheduleError)) throw error;
  const codes: Record<LoanScheduleErrorCode, DomainError['code']> = {
    principal_not_positive: 'amount_not_positive',
    rate_invalid: 'rate_invalid',
    rate_too_high: 'rate_too_high',
    term_invalid: 'term_invalid',
    due_day_invalid: 'due_day_invalid',
    date_invalid: 'date_invalid',
    payment_not_positive: 'payment_not_positive',
    payment_below_interest: 'payment_below_interest',
    schedule_too_long: 'schedule_too_long',
    schedule_total_too_large: 'schedule_total_too_large',
  };
  const field = error.field === 'principal' ? 'currentAmount' : error.field;
  return domainError(codes[error.code], 422, field);
}

/** The rows still to pay, or why the terms cannot make them. */
export function pendingOf(debt: DebtDetails): ScheduleRow[] | DomainError {
  try {
    return pendingRows(
      termsOf(debt),
      debt.paidRows.map((row) => row.number),
      outstandingOf(debt),
    );
  } catch (error) {
    return scheduleProblem(error);
  }
}

/** Σ amount of every row, paid and pending, exactly; null when the terms cannot make the pending rows. */
function scheduleTotal(debt: DebtDetails): bigint | null {
  const pending = pendingOf(debt);
  if (!Array.isArray(pending)) return null;
  return sumOfRows(debt.paidRows, 'amount') + sumOfRows(pending, 'amount');
}

/**
 * A debt's schedule, paid and pending rows together, pays at most MAX_AMOUNT, so every row
 * and total is an amount the events and views can hold. A command that would leave a larger
 * schedule is refused, unless it makes a larger one (recorded before this rule) smaller.
 */
function totalTooLarge(before: DebtDetails, after: DebtDetails, field: string | undefined): DomainError | null {
  const total = scheduleTotal(after);
  if (total === null || total <= BigInt(MAX_AMOUNT)) return null;
  const previous = scheduleTotal(before);
  if (previous !== null && total < previous) return null;
  return domainError('schedule_total_too_large', 422, field);
}

function latestPaymentDate(debt: DebtDetails): string | null {
  let latest: string | null = null;
  for (const payment of [...debt.paidRows, ...debt.extras])
    if (latest === null || payment.date > latest) latest = payment.date;
  return latest;
}

/**
 * The events plus the debt's change of life they cause: paid off when nothing is owed any more
 * (on `paidOn`, or the latest payment's date), reopened when a paid-off debt owes again, and
 * paid off on another day when a debt still paid off gets a `paidOn` of its own (its payment
 * of that day was re-dated).
 */
export function settle(
  state: DebtState,
  events: DebtEvent[],
  debtId: string,
  paidOn: string | null,
  now: Date,
  field?: string,
): DebtEvent[] | DomainError {
  const after = events.reduce<DebtState>(evolveDebt, state);
  if (after.status !== 'open') return events;
  if (state.status === 'open') {
    const problem = totalTooLarge(state.debt, after.debt, field);
    if (problem !== null) return problem;
  }
  const owed = outstandingOf(after.debt);
  if (owed === 0 && after.debt.paidOffAt === null) {
    const paidOffAt = paidOn ?? latestPaymentDate(after.debt) ?? localDate(now, 'UTC');
    return [...events, { type: 'DebtPaidOff', data: { debtId, paidOffAt } }];
  }
  if (owed === 0 && paidOn !== null && paidOn !== after.debt.paidOffAt) {
    return [...events, { type: 'DebtPaidOff', data: { debtId, paidOffAt: paidOn } }];
  }
  if (owed > 0 && after.debt.paidOffAt !== null) return [...events, { type: 'DebtReopened', data: { debtId } }];
  return events;
}
