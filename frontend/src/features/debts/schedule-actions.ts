import type { DebtScheduleRow } from '@plenty/contracts/debts';

/**
 * Rows are paid strictly in order: only the first pending row can be marked paid and only the
 * last paid row can be marked unpaid. The numbers of those two rows, or null when there is none.
 */
export function rowActions(schedule: readonly Pick<DebtScheduleRow, 'number' | 'status'>[]): {
  readonly payable: number | null;
  readonly unpayable: number | null;
} {
  const payable = schedule.find((row) => row.status === 'pending')?.number ?? null;
  const unpayable = schedule.findLast((row) => row.status === 'paid')?.number ?? null;
  return { payable, unpayable };
}
