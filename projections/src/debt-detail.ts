import { sumOfRows } from '@plenty/contracts/loan-schedule';
import { saturate } from '@plenty/contracts/money';
import {
  debtListItemSchema,
  type DebtDetail,
  type DebtListItem,
  type DebtPaymentView,
  type DebtScheduleRow,
} from '@plenty/contracts/views/debts';
import { pendingRows } from '@plenty/contracts/debt-schedule';
import { type DebtEvent } from '@plenty/contracts/events/debt';
import type { RecordedEvent } from '@plenty/platform/event-store/port';

/*
 * A debt's detail as its events leave it: opened, edited, paid by installments and extra
 * payments, paid off and reopened, with its schedule worked out again after each change. Pure:
 * the debts projection stores what these give.
 */

export type Recorded<E> = RecordedEvent & E;

/** Every event of a debt stream, in the order a debt's life goes. */
export const DEBT_EVENT_TYPES: readonly DebtEvent['type'][] = [
  'DebtOpened',
  'DebtEdited',
  'PaymentRecorded',
  'PaymentEdited',
  'PaymentDeleted',
  'InstallmentMarkedPaid',
  'InstallmentMarkedUnpaid',
  'DebtPaidOff',
  'DebtReopened',
  'DebtDeleted',
];

const paidRowsOf = (debt: DebtDetail) => debt.schedule.filter((row) => row.status === 'paid');
const extrasOf = (debt: DebtDetail) => debt.payments.filter((payment) => payment.installmentNumber === null);

/** current amount − principal of paid rows − extra payments. */
export function outstandingOfDebt(debt: Pick<DebtDetail, 'currentAmount' | 'schedule' | 'payments'>): number {
  let owed = debt.currentAmount;
  for (const row of debt.schedule) if (row.status === 'paid') owed -= row.principal;
  for (const payment of debt.payments) if (payment.installmentNumber === null) owed -= payment.amount;
  return owed;
}

/** Newest first: by date, then by when it was recorded. */
function byNewest(a: DebtPaymentView, b: DebtPaymentView): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return a.recordedAt < b.recordedAt ? 1 : a.recordedAt > b.recordedAt ? -1 : 0;
}

/**
 * The derived parts of a debt from its terms, paid rows and payments: the pending rows, the
 * totals, the progress, the next installment and the maturity date.
 */
export function withSchedule(debt: DebtDetail): DebtDetail {
  const paid = paidRowsOf(debt).sort((a, b) => a.number - b.number);
  const paidNumbers = paid.map((row) => row.number);
  const owed = outstandingOfDebt(debt);
  const pending: DebtScheduleRow[] = pendingRows(
    {
      annualRatePercent: debt.annualRatePercent,
      loanType: debt.loanType,
      startDate: debt.startDate,
      paymentDueDay: debt.paymentDueDay,
      termMonths: debt.loanType === 'emi' ? debt.termMonths : undefined,
      installment: debt.installment,
    },
    paidNumbers,
    owed,
  ).map((row) => ({ ...row, status: 'pending', paymentId: null, paidOn: null }));
  // Paid rows can be paid in any order: the schedule reads in number order, paid and pending mixed.
  const schedule = [...paid, ...pending].sort((a, b) => a.number - b.number);
  // Summed exactly. Commands keep a schedule's total within MAX_AMOUNT, so these are exact
  // numbers; a debt recorded before that rule can add up past 2^53 − 1 and saturates there.
  let paidTotal = 0n;
  for (const payment of debt.payments) paidTotal += BigInt(payment.amount);
  let extras = 0n;
  for (const extra of extrasOf(debt)) extras += BigInt(extra.amount);
  const repaid = debt.initialAmount - owed;
  const percent = Math.min(
    10000,
    Math.max(0, Number((BigInt(Math.max(0, repaid)) * 10000n) / BigInt(debt.initialAmount))),
  );
  const next = pending[0];
  return {
    ...debt,
    schedule,
    payments: [...debt.payments].sort(byNewest),
    termMonths: debt.loanType === 'emi' ? debt.termMonths : schedule.length,
    maturityDate: schedule.at(-1)?.dueDate ?? null,
    progress: {
      repaid,
      outstanding: owed,
      percent,
      paidInstallments: paid.length,
      totalInstallments: schedule.length,
    },
    paidNumbers,
    nextInstallment: next === undefined ? null : { number: next.number, dueDate: next.dueDate, amount: next.amount },
    totals: {
      totalInterest: saturate(sumOfRows(schedule, 'interest')),
      totalPayment: saturate(sumOfRows(schedule, 'amount')),
      paid: saturate(paidTotal),
      interestPaid: saturate(sumOfRows(paid, 'interest')),
      principalPaid: saturate(sumOfRows(paid, 'principal') + extras),
      remainingPayment: saturate(sumOfRows(pending, 'amount')),
    },
  };
}

export function opened(event: Recorded<Extract<DebtEvent, { type: 'DebtOpened' }>>): DebtDetail {
  const { data, metadata } = event;
  return withSchedule({
    id: data.debtId,
    name: data.name,
    type: data.type,
    icon: data.icon,
    color: data.color,
    currency: data.currency,
    initialAmount: data.initialAmount,
    currentAmount: data.currentAmount,
    annualRatePercent: data.annualRatePercent,
    minimumPayment: data.minimumPayment ?? null,
    paymentDueDay: data.paymentDueDay,
    lender: data.lender ?? null,
    description: data.description ?? null,
    loanType: data.loanType,
    termMonths: data.termMonths ?? 0,
    installment: data.installment,
    monthlyPayment: data.loanType === 'fixed' ? (data.monthlyPayment ?? data.installment) : null,
    openDate: data.openDate,
    startDate: data.startDate,
    walletId: data.walletId ?? null,
    maturityDate: null,
    status: 'active',
    paidOffAt: null,
    progress: { repaid: 0, outstanding: 0, percent: 0, paidInstallments: 0, totalInstallments: 0 },
    paidNumbers: [],
    nextInstallment: null,
    createdAt: metadata.occurredAt,
    updatedAt: metadata.occurredAt,
    schedule: [],
    payments: [],
    totals: { totalInterest: 0, totalPayment: 0, paid: 0, interestPaid: 0, principalPaid: 0, remainingPayment: 0 },
  });
}

function edited(debt: DebtDetail, data: Extract<DebtEvent, { type: 'DebtEdited' }>['data']): DebtDetail {
  const changes = Object.fromEntries(Object.entries(data.changes).filter(([, value]) => value !== undefined));
  const next = { ...debt, ...changes, installment: data.installment ?? debt.installment } as DebtDetail;
  return {
    ...next,
    monthlyPayment:
      next.loanType === 'fixed' ? (data.changes.monthlyPayment ?? debt.monthlyPayment ?? next.installment) : null,
  };
}

/** The debt after one of its events (other than DebtOpened and DebtDeleted), schedule worked out again. */
export function applyToDebt(debt: DebtDetail, event: DebtEvent, at: string): DebtDetail {
  let next: DebtDetail;
  switch (event.type) {
    case 'DebtEdited':
      next = edited(debt, event.data);
      break;
    case 'PaymentRecorded': {
      const { paymentId, amount, date, notes, walletId } = event.data;
      const payment = {
        paymentId,
        amount,
        date,
        notes: notes ?? null,
        installmentNumber: null,
        walletId: walletId ?? null,
        recordedAt: at,
        updatedAt: at,
      };
      next = { ...debt, payments: [...debt.payments, payment] };
      break;
    }
    case 'PaymentEdited': {
      const { paymentId, changes } = event.data;
      next = {
        ...debt,
        payments: debt.payments.map((payment) =>
          payment.paymentId === paymentId
            ? {
                ...payment,
                amount: payment.installmentNumber === null ? (changes.amount ?? payment.amount) : payment.amount,
                date: changes.date ?? payment.date,
                notes: changes.notes === undefined ? payment.notes : changes.notes,
                walletId: changes.walletId === undefined ? (payment.walletId ?? null) : changes.walletId,
                updatedAt: at,
              }
            : payment,
        ),
        schedule: debt.schedule.map((row) =>
          row.paymentId === paymentId && changes.date !== undefined ? { ...row, paidOn: changes.date } : row,
        ),
      };
      break;
    }
    case 'PaymentDeleted':
      next = { ...debt, payments: debt.payments.filter((payment) => payment.paymentId !== event.data.paymentId) };
      break;
    case 'InstallmentMarkedPaid': {
      const { number, paymentId, date, notes, dueDate, amount, principal, interest, balance, walletId } = event.data;
      const row: DebtScheduleRow = {
        number,
        dueDate,
        amount,
        principal,
        interest,
        balance,
        status: 'paid',
        paymentId,
        paidOn: date,
      };
      const payment = {
        paymentId,
        amount,
        date,
        notes: notes ?? null,
        installmentNumber: number,
        walletId: walletId ?? null,
        recordedAt: at,
        updatedAt: at,
      };
      next = {
        ...debt,
        schedule: [...paidRowsOf(debt), row],
        payments: [...debt.payments, payment],
      };
      break;
    }
    case 'InstallmentMarkedUnpaid':
      next = {
        ...debt,
        schedule: paidRowsOf(debt).filter((row) => row.number !== event.data.number),
        payments: debt.payments.filter((payment) => payment.paymentId !== event.data.paymentId),
      };
      break;
    case 'DebtPaidOff':
      return { ...debt, status: 'paid_off', paidOffAt: event.data.paidOffAt, updatedAt: at };
    case 'DebtReopened':
      return { ...debt, status: 'active', paidOffAt: null, updatedAt: at };
    default:
      return debt;
  }
  return withSchedule({ ...next, updatedAt: at });
}

const ITEM_FIELDS = Object.keys(debtListItemSchema.shape) as (keyof DebtListItem)[];

/** The list item of a debt: its detail without the schedule, the payments, the description and the totals. */
export function listItemOf(debt: DebtDetail): DebtListItem {
  return Object.fromEntries(ITEM_FIELDS.map((field) => [field, debt[field]])) as DebtListItem;
}
