import { DEBTS_VIEW, DEBT_ITEMS_VIEW, DEBT_SUMMARY_VIEW } from '@plenty/contracts/views/registry';
import { sumOfRows } from '@plenty/contracts/loan-schedule';
import { CURRENCIES, exactTotal, saturate, totalOf, type Currency, type ExactTotal } from '@plenty/contracts/money';
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
import type { UnitOfWork, ViewDefinition } from '@plenty/platform/read-store/port';
import { isNewerThan, type Projection } from './projection.js';

/** One document per live debt: the answer of `GET /api/queries/debts/:id`, schedule included. */
/** One document per user (id `summary`): what the tracker's cards add up. */
/** One document per live debt: its item of `GET /api/queries/debts` (the detail without schedule, payments and totals). */
export const DEBT_SUMMARY_ID = 'summary';

export const debtsView: ViewDefinition = { name: DEBTS_VIEW, fields: {}, indexes: [] };
export const debtItemsView: ViewDefinition = { name: DEBT_ITEMS_VIEW, fields: {}, indexes: [] };
export const debtSummaryView: ViewDefinition = { name: DEBT_SUMMARY_VIEW, fields: {}, indexes: [] };

/** Outstanding balance of the user's active debts per currency (exact), and how many debts are active and paid off. */
export interface DebtSummaryDoc {
  readonly outstanding: Partial<Record<Currency, ExactTotal>>;
  readonly activeCount: number;
  readonly paidOffCount: number;
  [key: string]: unknown;
}

type Recorded<E> = RecordedEvent & E;

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

function opened(event: Recorded<Extract<DebtEvent, { type: 'DebtOpened' }>>): DebtDetail {
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
      const { paymentId, amount, date, notes } = event.data;
      const payment = {
        paymentId,
        amount,
        date,
        notes: notes ?? null,
        installmentNumber: null,
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
      const { number, paymentId, date, notes, dueDate, amount, principal, interest, balance } = event.data;
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

function putDebt(uow: UnitOfWork, event: RecordedEvent, debt: DebtDetail): void {
  uow.put(DEBTS_VIEW, event.metadata.userId, debt.id, debt, event.position);
  uow.put(DEBT_ITEMS_VIEW, event.metadata.userId, debt.id, listItemOf(debt), event.position);
}

/** What one debt adds to its user's summary. */
function contribution(
  debt: DebtDetail | null,
): { currency: Currency; owed: number; active: number; paidOff: number } | null {
  if (debt === null) return null;
  const active = debt.status === 'active';
  return {
    currency: debt.currency,
    owed: active ? debt.progress.outstanding : 0,
    active: active ? 1 : 0,
    paidOff: active ? 0 : 1,
  };
}

async function updateSummary(
  uow: UnitOfWork,
  event: RecordedEvent,
  before: DebtDetail | null,
  after: DebtDetail | null,
): Promise<void> {
  const userId = event.metadata.userId;
  const stored = await uow.get<DebtSummaryDoc>(DEBT_SUMMARY_VIEW, userId, DEBT_SUMMARY_ID);
  const summary: DebtSummaryDoc = stored?.doc ?? { outstanding: {}, activeCount: 0, paidOffCount: 0 };
  const outstanding: Partial<Record<Currency, bigint>> = Object.fromEntries(
    Object.entries(summary.outstanding).map(([currency, total]) => [currency, totalOf(total)]),
  );
  let { activeCount, paidOffCount } = summary;
  for (const [sign, part] of [
    [-1, contribution(before)],
    [1, contribution(after)],
  ] as const) {
    if (part === null) continue;
    outstanding[part.currency] = (outstanding[part.currency] ?? 0n) + BigInt(sign * part.owed);
    activeCount += sign * part.active;
    paidOffCount += sign * part.paidOff;
  }
  const kept = Object.fromEntries(
    CURRENCIES.filter((c) => (outstanding[c] ?? 0n) !== 0n).map((c) => [c, exactTotal(outstanding[c] ?? 0n)]),
  );
  uow.put(DEBT_SUMMARY_VIEW, userId, DEBT_SUMMARY_ID, { outstanding: kept, activeCount, paidOffCount }, event.position);
}

/** The user's debts with their schedules, payments and progress, and the tracker's summary. */
export const debtsProjection: Projection = {
  name: 'debts',
  // 2: totals and the per-currency outstanding sums are exact.
  // 3: rows paid in any order; items carry `paidNumbers` (overdue rows on the tracker).
  version: 3,
  views: [debtsView, debtItemsView, debtSummaryView],
  handles: [
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
  ],
  async apply(event, uow) {
    const known = event as Recorded<DebtEvent>;
    const { userId, occurredAt } = known.metadata;
    const debtId = known.data.debtId;
    const stored = await uow.get<DebtDetail>(DEBTS_VIEW, userId, debtId);
    if (!isNewerThan(known, stored)) return;
    const before = stored?.doc ?? null;
    if (known.type === 'DebtOpened') {
      if (before !== null) return;
      const debt = opened(known);
      putDebt(uow, known, debt);
      return updateSummary(uow, known, null, debt);
    }
    if (before === null) return;
    if (known.type === 'DebtDeleted') {
      uow.remove(DEBTS_VIEW, userId, debtId, known.position);
      uow.remove(DEBT_ITEMS_VIEW, userId, debtId, known.position);
      return updateSummary(uow, known, before, null);
    }
    const after = applyToDebt(before, known, occurredAt);
    putDebt(uow, known, after);
    return updateSummary(uow, known, before, after);
  },
};
