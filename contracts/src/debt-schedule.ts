import { continueSchedule, dueDate, type LoanType, type ScheduleRow } from './loan-schedule.js';
import type { DebtListItem, DebtScheduleRow, RowStatus } from './views/debts.js';

/* The schedule's pending part, shared by the command side, the projector and the form preview. */

export interface DebtTerms {
  readonly annualRatePercent: string;
  readonly loanType: LoanType;
  readonly startDate: string;
  readonly paymentDueDay: number;
  /** EMI only: the whole term, paid rows included. */
  readonly termMonths?: number | undefined;
  /** The regular monthly payment. */
  readonly installment: number;
}

/**
 * The pending rows around the paid ones, from the outstanding balance: same installment,
 * interest on the declining balance, due dates counted from the start date. They take the
 * numbers no paid row holds, lowest first: after rows 1 and 3 were paid they are 2, 4, 5, …
 * An EMI loan ends at its term at the latest (the last row pays what remains); an extra
 * payment makes it end sooner. No rows when nothing is owed. `paid` is the paid rows' numbers
 * (or, for a schedule paid in order, how many rows are paid). Throws LoanScheduleError
 * (`payment_below_interest`, `schedule_too_long`) for terms that never end.
 */
export function pendingRows(terms: DebtTerms, paid: number | readonly number[], outstanding: number): ScheduleRow[] {
  if (outstanding <= 0) return [];
  const paidNumbers = typeof paid === 'number' ? Array.from({ length: paid }, (_, i) => i + 1) : paid;
  const paidCount = paidNumbers.length;
  const maxRows = terms.loanType === 'emi' ? Math.max(1, (terms.termMonths ?? 1) - paidCount) : undefined;
  const rows = continueSchedule({
    balance: outstanding,
    annualRatePercent: terms.annualRatePercent,
    installment: terms.installment,
    startDate: terms.startDate,
    paymentDueDay: terms.paymentDueDay,
    firstNumber: paidCount + 1,
    ...(maxRows === undefined ? {} : { maxRows }),
  });
  const numbers = unpaidNumbers(paidNumbers, rows.length);
  return rows.map((row, index) => {
    const number = numbers[index] ?? row.number;
    return number === row.number
      ? row
      : { ...row, number, dueDate: dueDate(terms.startDate, terms.paymentDueDay, number) };
  });
}

/** The first `count` row numbers (1, 2, 3, …) that are not among `paid`. */
export function unpaidNumbers(paid: readonly number[], count: number): number[] {
  const taken = new Set(paid);
  const numbers: number[] = [];
  for (let number = 1; numbers.length < count; number += 1) if (!taken.has(number)) numbers.push(number);
  return numbers;
}

/**
 * Overdue: a pending row whose due date is before `today`, the user's local calendar date in
 * their time zone (a row due today is not overdue yet).
 */
export function isOverdue(row: { readonly status: RowStatus; readonly dueDate: string }, today: string): boolean {
  return row.status === 'pending' && row.dueDate < today;
}

/**
 * The numbers of the overdue rows of a debt from its list item: the pending rows are the
 * lowest numbers no paid row holds, each due on its month's due day (see pendingRows).
 */
export function overdueNumbers(
  debt: Pick<DebtListItem, 'status' | 'startDate' | 'paymentDueDay' | 'paidNumbers' | 'progress'>,
  today: string,
): number[] {
  if (debt.status !== 'active') return [];
  const pendingCount = debt.progress.totalInstallments - debt.progress.paidInstallments;
  const overdue: number[] = [];
  for (const number of unpaidNumbers(debt.paidNumbers, pendingCount)) {
    if (dueDate(debt.startDate, debt.paymentDueDay, number) >= today) break;
    overdue.push(number);
  }
  return overdue;
}

/**
 * The earlier rows still pending when row `number` is paid: the user is asked to confirm a
 * payment that skips them (any order is allowed; the skip is only worth a warning).
 */
export function skippedBefore(
  schedule: readonly Pick<DebtScheduleRow, 'number' | 'status'>[],
  number: number,
): number[] {
  return schedule.filter((row) => row.status === 'pending' && row.number < number).map((row) => row.number);
}
