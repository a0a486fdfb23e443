import type { DebtEvent } from '@plenty/contracts/events/debt';
import type { DebtTerms } from '@plenty/contracts/debt-schedule';
import type { DebtType } from '@plenty/contracts/debts';
import type { LoanType, ScheduleRow } from '@plenty/contracts/loan-schedule';
import type { Currency } from '@plenty/contracts/money';

/** A row as it was paid, with the payment that paid it. */
export interface PaidRow extends ScheduleRow {
  readonly paymentId: string;
  readonly date: string;
  readonly notes: string | null;
  /** The wallet it was paid from; null: none moved. */
  readonly walletId: string | null;
}

/** A payment not tied to a row: all of it is principal. */
export interface ExtraPayment {
  readonly paymentId: string;
  readonly amount: number;
  readonly date: string;
  readonly notes: string | null;
  /** The wallet it was paid from; null: none moved. */
  readonly walletId: string | null;
}

export interface DebtDetails {
  readonly name: string;
  readonly type: DebtType;
  readonly initialAmount: number;
  readonly currentAmount: number;
  readonly annualRatePercent: string;
  readonly minimumPayment: number | null;
  readonly paymentDueDay: number;
  readonly lender: string | null;
  readonly description: string | null;
  readonly icon: string;
  readonly color: string;
  readonly currency: Currency;
  readonly loanType: LoanType;
  readonly termMonths: number | null;
  readonly monthlyPayment: number | null;
  readonly openDate: string;
  readonly startDate: string;
  /** The wallet the borrowed money went into; null: none. */
  readonly walletId: string | null;
  /** The regular monthly payment. */
  readonly installment: number;
  /** Paid rows in the order they were marked paid (any order of numbers). */
  readonly paidRows: readonly PaidRow[];
  readonly extras: readonly ExtraPayment[];
  /** Every payment id the debt ever used, so none is used twice. */
  readonly usedPaymentIds: readonly string[];
  readonly paidOffAt: string | null;
}

export type DebtState =
  | { readonly status: 'none' }
  | { readonly status: 'open'; readonly debt: DebtDetails }
  | { readonly status: 'deleted' };

export const initialDebtState: DebtState = { status: 'none' };

/** What is still owed: current amount − principal of paid rows − extra payments. */
export function outstandingOf(debt: DebtDetails): number {
  let owed = debt.currentAmount;
  for (const row of debt.paidRows) owed -= row.principal;
  for (const extra of debt.extras) owed -= extra.amount;
  return owed;
}

export function termsOf(debt: DebtDetails): DebtTerms {
  return {
    annualRatePercent: debt.annualRatePercent,
    loanType: debt.loanType,
    startDate: debt.startDate,
    paymentDueDay: debt.paymentDueDay,
    termMonths: debt.termMonths ?? undefined,
    installment: debt.installment,
  };
}

function withoutUndefined<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function evolveOpen(debt: DebtDetails, known: DebtEvent): DebtState {
  switch (known.type) {
    case 'DebtEdited': {
      const next = { ...debt, ...withoutUndefined(known.data.changes) } as DebtDetails;
      return { status: 'open', debt: { ...next, installment: known.data.installment ?? debt.installment } };
    }
    case 'PaymentRecorded': {
      const { paymentId, amount, date, notes, walletId } = known.data;
      return {
        status: 'open',
        debt: {
          ...debt,
          extras: [...debt.extras, { paymentId, amount, date, notes: notes ?? null, walletId: walletId ?? null }],
          usedPaymentIds: [...debt.usedPaymentIds, paymentId],
        },
      };
    }
    case 'PaymentEdited': {
      const { paymentId, changes } = known.data;
      const patch = withoutUndefined(changes);
      return {
        status: 'open',
        debt: {
          ...debt,
          extras: debt.extras.map((extra) => (extra.paymentId === paymentId ? { ...extra, ...patch } : extra)),
          paidRows: debt.paidRows.map((row) =>
            row.paymentId === paymentId
              ? {
                  ...row,
                  date: patch.date ?? row.date,
                  notes: patch.notes === undefined ? row.notes : patch.notes,
                  walletId: patch.walletId === undefined ? row.walletId : patch.walletId,
                }
              : row,
          ),
        },
      };
    }
    case 'PaymentDeleted':
      return {
        status: 'open',
        debt: { ...debt, extras: debt.extras.filter((extra) => extra.paymentId !== known.data.paymentId) },
      };
    case 'InstallmentMarkedPaid': {
      const { debtId: _debtId, notes, walletId, ...row } = known.data;
      return {
        status: 'open',
        debt: {
          ...debt,
          paidRows: [...debt.paidRows, { ...row, notes: notes ?? null, walletId: walletId ?? null }],
          usedPaymentIds: [...debt.usedPaymentIds, row.paymentId],
        },
      };
    }
    case 'InstallmentMarkedUnpaid':
      return {
        status: 'open',
        debt: { ...debt, paidRows: debt.paidRows.filter((row) => row.number !== known.data.number) },
      };
    case 'DebtPaidOff':
      return { status: 'open', debt: { ...debt, paidOffAt: known.data.paidOffAt } };
    case 'DebtReopened':
      return { status: 'open', debt: { ...debt, paidOffAt: null } };
    case 'DebtDeleted':
      return { status: 'deleted' };
    default:
      return { status: 'open', debt };
  }
}

export function evolveDebt(state: DebtState, event: { type: string; data: unknown }): DebtState {
  const known = event as DebtEvent;
  if (known.type === 'DebtOpened') {
    const { debtId: _debtId, ...data } = known.data;
    return {
      status: 'open',
      debt: {
        ...data,
        minimumPayment: data.minimumPayment ?? null,
        lender: data.lender ?? null,
        description: data.description ?? null,
        termMonths: data.termMonths ?? null,
        monthlyPayment: data.monthlyPayment ?? null,
        walletId: data.walletId ?? null,
        paidRows: [],
        extras: [],
        usedPaymentIds: [],
        paidOffAt: null,
      },
    };
  }
  return state.status === 'open' ? evolveOpen(state.debt, known) : state;
}
