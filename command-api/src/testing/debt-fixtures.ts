/** A car loan and the commands and events the debt decider tests build on it. */
import type { DebtCommand } from '@plenty/contracts/commands/debt';
import type { DebtEvent } from '@plenty/contracts/events/debt';
import { carLoanFields, carLoanSchedule } from '@plenty/contracts/testing/car-loan';
import { decideDebt } from '../debt/debt.decider.js';
import { evolveDebt, initialDebtState, type DebtState } from '../debt/debt.state.js';

export const debtId = '0192f0c4-7a1b-7c3d-8e4f-5a6b7c8d9e0f';
export const commandId = '0192f0c4-7a1b-7c3d-8e4f-000000000001';
export const pay = (n: number) => `0192f0c4-7a1b-7c3d-8e4f-${String(n).padStart(12, '0')}`;
export const now = new Date('2026-11-23T10:00:00Z');

/** The car loan of 12,000 THB at 6 % over 12 months, as OpenDebt sends it and DebtOpened records it. */
export const carLoan = { debtId, ...carLoanFields } as const;

export const openCommand = (
  overrides: Partial<Extract<DebtCommand, { type: 'OpenDebt' }>['data']> = {},
): DebtCommand => ({ type: 'OpenDebt', data: { commandId, ...carLoan, ...overrides } });

export const schedule = carLoanSchedule;

export const opened: Extract<DebtEvent, { type: 'DebtOpened' }> = {
  type: 'DebtOpened',
  data: { ...carLoan, installment: schedule.installment },
};

export const rowPaid = (number: number, date = '2026-03-01'): DebtEvent => {
  const row = schedule.rows[number - 1];
  if (row === undefined) throw new Error(`no row ${number}`);
  return { type: 'InstallmentMarkedPaid', data: { ...row, debtId, paymentId: pay(number), date } };
};

export const mark = (number: number, paymentId = pay(number), date = '2026-03-01'): DebtCommand => ({
  type: 'MarkInstallmentPaid',
  data: { commandId, debtId, number, paymentId, date },
});
export const unmark = (number: number): DebtCommand => ({
  type: 'MarkInstallmentUnpaid',
  data: { commandId, debtId, number },
});
export const record = (amount: number, paymentId = pay(100), date = '2026-04-10'): DebtCommand => ({
  type: 'RecordPayment',
  data: { commandId, debtId, paymentId, amount, date },
});

export function stateOf(events: readonly DebtEvent[]): DebtState {
  return events.reduce<DebtState>(evolveDebt, initialDebtState);
}

export function given(...events: DebtEvent[]) {
  const state = stateOf(events);
  return { when: (command: DebtCommand) => decideDebt(command, state, now) };
}

export function eventsOf(decision: ReturnType<typeof decideDebt>): DebtEvent[] {
  if (!Array.isArray(decision)) throw new Error(`refused: ${decision.code}`);
  return decision;
}
