import { isOverdue, skippedBefore } from '@plenty/contracts/debt-schedule';
import { type DebtScheduleRow } from '@plenty/contracts/views/debts';

/** What a schedule row shows: paid, overdue (pending and past its due date in the user's today) or pending. */
export type RowState = 'paid' | 'overdue' | 'pending';

export function rowState(row: Pick<DebtScheduleRow, 'status' | 'dueDate'>, today: string): RowState {
  if (row.status === 'paid') return 'paid';
  return isOverdue(row, today) ? 'overdue' : 'pending';
}

/**
 * Any pending row can be marked paid and any paid row unpaid. Paying a row while earlier rows
 * are pending asks first: these are the earlier rows it would skip (none: no question).
 */
export function rowsSkippedBy(
  schedule: readonly Pick<DebtScheduleRow, 'number' | 'status'>[],
  row: Pick<DebtScheduleRow, 'number'>,
): number[] {
  return skippedBefore(schedule, row.number);
}
