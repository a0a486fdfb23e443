import { z } from 'zod';
import { colorSchema, iconSchema } from './categories.js';
import { calendarDateSchema, instantSchema } from './calendar/schema.js';
import { uuidSchema } from './ids.js';
import {
  LOAN_TYPES,
  MAX_TERM_MONTHS,
  annualRateSchema,
  continueSchedule,
  dueDate,
  type LoanType,
  type ScheduleRow,
} from './loan-schedule.js';
import { MAX_AMOUNT, currencySchema } from './money.js';
import { LIMITS, boundedText, freeText } from './text.js';

/**
 * Debts and loans (issue 8). Every debt lives on its own stream `debt-<debtId>`; the debt,
 * its payments and its installment marks are events there.
 *
 * Money: every amount is an integer in minor units of the debt's own `currency` (LAK has no
 * minor unit, the others two digits). The annual interest rate is a decimal string of percent
 * ("3.99", at most 4 decimals, 0–100). Dates are local calendar dates `YYYY-MM-DD`.
 *
 * The schedule: the loan is scheduled from `currentAmount` (what is still owed on `startDate`);
 * the first installment falls due on `paymentDueDay` of the month after `startDate` (a short
 * month uses its last day). `initialAmount` is what was borrowed at first and only measures
 * progress. Rows can be paid in any order the user chooses (the page asks before it skips an
 * earlier pending row) and any paid row can be marked unpaid again: a paid row keeps the
 * figures it had when it was paid, and the pending rows always follow from the outstanding
 * balance with `pendingRows` below, taking the numbers no paid row holds:
 *
 *   outstanding = currentAmount − Σ principal of paid rows − Σ extra payments
 *
 * "Still owed" means this outstanding balance everywhere (tracker cards and total, detail,
 * payment limit): the principal left to repay, what it would take to clear the debt today.
 * Future interest is not owed yet; where it is shown it is labelled apart, as "still to pay
 * with interest" (`totals.remainingPayment`, Σ amount of the pending rows). `currentAmount`
 * is what was owed when the schedule started, and is labelled so.
 *
 * An extra payment (RecordPayment, not tied to a row) is all principal: the pending rows keep
 * the same installment and the term shortens. A change of terms (EditDebt) keeps the paid rows
 * and recomputes the pending ones; for an EMI loan the installment is recomputed from the
 * outstanding balance over the remaining term (`termMonths` − paid rows).
 *
 * When the outstanding balance reaches zero the debt is paid off on the date of the payment
 * that cleared it (DebtPaidOff); anything that makes it owe again (a row unmarked, a payment
 * deleted or lowered, terms raised) reopens it (DebtReopened). A payment larger than the
 * outstanding balance is refused (`payment_exceeds_balance`, 422, field `amount`).
 */

export const DEBT_TYPES = ['loan', 'credit_card', 'mortgage', 'other'] as const;
export type DebtType = (typeof DEBT_TYPES)[number];
export const debtTypeSchema = z.enum(DEBT_TYPES, { error: 'type_invalid' });
export const loanTypeSchema = z.enum(LOAN_TYPES, { error: 'type_invalid' });

/** Longest debt name and lender, in characters after trimming. */
export const DEBT_NAME_MAX = 60;
export const DEBT_LENDER_MAX = 80;
/** The phrase DeleteDebt must carry, exactly. */
export const DELETE_DEBT_PHRASE = 'Delete Debt';

const positiveAmount = z
  .number({ error: 'amount_required' })
  .int({ error: 'amount_not_integer' })
  .refine((n) => n > 0, { error: 'amount_not_positive' })
  .refine((n) => n <= MAX_AMOUNT, { error: 'amount_too_large' });
const nonNegativeAmount = z
  .number({ error: 'amount_required' })
  .int({ error: 'amount_not_integer' })
  .refine((n) => n >= 0, { error: 'amount_not_positive' })
  .refine((n) => n <= MAX_AMOUNT, { error: 'amount_too_large' });

export const debtNameSchema = boundedText(DEBT_NAME_MAX, 'name_required');
export const lenderSchema = freeText(DEBT_LENDER_MAX);
export const debtNotesSchema = freeText(LIMITS.note);
/** Like a category's icon: a name from the icon set, never free text. */
export const debtIconSchema = iconSchema;
/** Installments fall due on this day of each month, 1–31. Missing: 400 `field_required`; outside: `due_day_invalid`. */
export const paymentDueDaySchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'field_required' : 'due_day_invalid') })
  .int({ error: 'due_day_invalid' })
  .min(1, { error: 'due_day_invalid' })
  .max(31, { error: 'due_day_invalid' });
/** EMI term in months, 1–600. Outside: 400 `term_invalid`. */
export const termMonthsSchema = z
  .number({ error: 'term_invalid' })
  .int({ error: 'term_invalid' })
  .min(1, { error: 'term_invalid' })
  .max(MAX_TERM_MONTHS, { error: 'term_invalid' });
/** "3.99": percent a year, 0–100, at most 4 decimals. Negative or malformed: `rate_invalid`; above 100: `rate_too_high`. */
export const interestRateSchema = annualRateSchema;
/** A schedule row's number, 1-based. */
export const installmentNumberSchema = z
  .number({ error: 'field_required' })
  .int({ error: 'field_invalid' })
  .min(1, { error: 'field_invalid' })
  .max(1200, { error: 'field_invalid' });

/**
 * The fields of a debt as the user gives them (OpenDebt) and as DebtOpened stores them.
 * `termMonths` is required for an EMI loan (the installment is derived from it);
 * `monthlyPayment` is required for a fixed-payment loan (the term follows from it).
 * The other of the two is ignored and not stored.
 */
export const debtFieldsSchema = z
  .object({
    name: debtNameSchema,
    type: debtTypeSchema,
    /** What was borrowed at first. */
    initialAmount: positiveAmount,
    /** What is still owed on `startDate`; the schedule starts from it. At most `initialAmount`. */
    currentAmount: positiveAmount,
    annualRatePercent: interestRateSchema,
    /** The lender's minimum monthly payment (credit cards), informative only. */
    minimumPayment: nonNegativeAmount.optional(),
    paymentDueDay: paymentDueDaySchema,
    lender: lenderSchema.optional(),
    description: debtNotesSchema.optional(),
    icon: debtIconSchema,
    color: colorSchema,
    currency: currencySchema,
    loanType: loanTypeSchema,
    termMonths: termMonthsSchema.optional(),
    monthlyPayment: positiveAmount.optional(),
    /** The day the debt was taken on. */
    openDate: calendarDateSchema,
    /** The schedule's start: the first installment falls due in the following month. */
    startDate: calendarDateSchema,
  })
  .strict();
export type DebtFields = z.infer<typeof debtFieldsSchema>;

// ---------------------------------------------------------------------------------------------
// Events on `debt-<debtId>`. Personal text (name, lender, description, payment notes) is
// encrypted with the user's data key (see debtPersonalFields).

/** `installment` is the regular monthly payment: derived for EMI, the user's `monthlyPayment` for fixed. */
export const debtOpenedSchema = debtFieldsSchema.extend({ debtId: uuidSchema, installment: positiveAmount }).strict();

/**
 * Only the fields that change; `minimumPayment`, `lender`, `description`: null clears them.
 * A change of `currentAmount`, `annualRatePercent`, `paymentDueDay`, `loanType`, `termMonths`,
 * `monthlyPayment` or `startDate` is a change of terms: the pending rows are recomputed.
 * `currency` can change only while the debt has no payment.
 */
export const debtChangesSchema = z
  .object({
    name: debtNameSchema.optional(),
    type: debtTypeSchema.optional(),
    initialAmount: positiveAmount.optional(),
    currentAmount: positiveAmount.optional(),
    annualRatePercent: interestRateSchema.optional(),
    minimumPayment: nonNegativeAmount.nullable().optional(),
    paymentDueDay: paymentDueDaySchema.optional(),
    lender: lenderSchema.nullable().optional(),
    description: debtNotesSchema.nullable().optional(),
    icon: debtIconSchema.optional(),
    color: colorSchema.optional(),
    currency: currencySchema.optional(),
    loanType: loanTypeSchema.optional(),
    termMonths: termMonthsSchema.optional(),
    monthlyPayment: positiveAmount.optional(),
    openDate: calendarDateSchema.optional(),
    startDate: calendarDateSchema.optional(),
  })
  .strict();
export type DebtChanges = z.infer<typeof debtChangesSchema>;

/** `installment` is present when the terms changed: the regular payment from then on. */
export const debtEditedSchema = z
  .object({ debtId: uuidSchema, changes: debtChangesSchema, installment: positiveAmount.optional() })
  .strict();

/** An extra payment, not tied to a schedule row: all of it reduces the principal. */
export const paymentRecordedSchema = z
  .object({
    debtId: uuidSchema,
    paymentId: uuidSchema,
    amount: positiveAmount,
    date: calendarDateSchema,
    notes: debtNotesSchema.optional(),
  })
  .strict();

/** `notes: null` clears the notes. The amount of an installment's payment cannot change. */
export const paymentChangesSchema = z
  .object({
    amount: positiveAmount.optional(),
    date: calendarDateSchema.optional(),
    notes: debtNotesSchema.nullable().optional(),
  })
  .strict();
export type PaymentChanges = z.infer<typeof paymentChangesSchema>;

export const paymentEditedSchema = z
  .object({ debtId: uuidSchema, paymentId: uuidSchema, changes: paymentChangesSchema })
  .strict();

/** Only extra payments; an installment's payment goes with InstallmentMarkedUnpaid. */
export const paymentDeletedSchema = z.object({ debtId: uuidSchema, paymentId: uuidSchema }).strict();

/**
 * Row `number` paid on `date`: the payment `paymentId` of the row's amount. The row's figures
 * at the time it was paid are kept here, so later changes of terms leave it as it was.
 */
export const installmentMarkedPaidSchema = z
  .object({
    debtId: uuidSchema,
    number: installmentNumberSchema,
    paymentId: uuidSchema,
    date: calendarDateSchema,
    notes: debtNotesSchema.optional(),
    dueDate: calendarDateSchema,
    amount: positiveAmount,
    principal: nonNegativeAmount,
    interest: nonNegativeAmount,
    /** Outstanding balance after this row. */
    balance: nonNegativeAmount,
  })
  .strict();

/** Row `number` back to pending; its payment `paymentId` is removed. */
export const installmentMarkedUnpaidSchema = z
  .object({ debtId: uuidSchema, number: installmentNumberSchema, paymentId: uuidSchema })
  .strict();

/** The outstanding balance reached zero; `paidOffAt` is the date of the payment that cleared it. */
export const debtPaidOffSchema = z.object({ debtId: uuidSchema, paidOffAt: calendarDateSchema }).strict();
/** A paid-off debt owes again. */
export const debtReopenedSchema = z.object({ debtId: uuidSchema }).strict();
export const debtDeletedSchema = z.object({ debtId: uuidSchema }).strict();

export type DebtOpened = { type: 'DebtOpened'; data: z.infer<typeof debtOpenedSchema> };
export type DebtEdited = { type: 'DebtEdited'; data: z.infer<typeof debtEditedSchema> };
export type PaymentRecorded = { type: 'PaymentRecorded'; data: z.infer<typeof paymentRecordedSchema> };
export type PaymentEdited = { type: 'PaymentEdited'; data: z.infer<typeof paymentEditedSchema> };
export type PaymentDeleted = { type: 'PaymentDeleted'; data: z.infer<typeof paymentDeletedSchema> };
export type InstallmentMarkedPaid = {
  type: 'InstallmentMarkedPaid';
  data: z.infer<typeof installmentMarkedPaidSchema>;
};
export type InstallmentMarkedUnpaid = {
  type: 'InstallmentMarkedUnpaid';
  data: z.infer<typeof installmentMarkedUnpaidSchema>;
};
export type DebtPaidOff = { type: 'DebtPaidOff'; data: z.infer<typeof debtPaidOffSchema> };
export type DebtReopened = { type: 'DebtReopened'; data: z.infer<typeof debtReopenedSchema> };
export type DebtDeleted = { type: 'DebtDeleted'; data: z.infer<typeof debtDeletedSchema> };
export type DebtEvent =
  | DebtOpened
  | DebtEdited
  | PaymentRecorded
  | PaymentEdited
  | PaymentDeleted
  | InstallmentMarkedPaid
  | InstallmentMarkedUnpaid
  | DebtPaidOff
  | DebtReopened
  | DebtDeleted;

export const debtEventSchemas = {
  DebtOpened: debtOpenedSchema,
  DebtEdited: debtEditedSchema,
  PaymentRecorded: paymentRecordedSchema,
  PaymentEdited: paymentEditedSchema,
  PaymentDeleted: paymentDeletedSchema,
  InstallmentMarkedPaid: installmentMarkedPaidSchema,
  InstallmentMarkedUnpaid: installmentMarkedUnpaidSchema,
  DebtPaidOff: debtPaidOffSchema,
  DebtReopened: debtReopenedSchema,
  DebtDeleted: debtDeletedSchema,
} as const;

/** Paths in event data holding personal text, encrypted with the user's data key. */
export const debtPersonalFields = {
  DebtOpened: ['name', 'lender', 'description'],
  DebtEdited: ['changes.name', 'changes.lender', 'changes.description'],
  PaymentRecorded: ['notes'],
  PaymentEdited: ['changes.notes'],
  PaymentDeleted: [],
  InstallmentMarkedPaid: ['notes'],
  InstallmentMarkedUnpaid: [],
  DebtPaidOff: [],
  DebtReopened: [],
  DebtDeleted: [],
} as const satisfies Record<DebtEvent['type'], readonly string[]>;

// ---------------------------------------------------------------------------------------------
// Commands: POST /api/commands/<Name> with `{ commandId, ...payload }`; answer
// `{ streamId: 'debt-<debtId>', revision, position }`. Another user's debt, or one that does not
// exist or was deleted: 404 `debt_not_found`.

const commandBase = { commandId: uuidSchema };

/**
 * OpenDebt: a new debt with a client-made UUIDv7 `debtId`. 400 with field codes for bad shapes
 * (`rate_invalid`, `rate_too_high`, `term_invalid`, `due_day_invalid`, `field_required` for a
 * missing `termMonths` (EMI) or `monthlyPayment` (fixed), …); 422 for terms that cannot make a
 * schedule: `current_amount_above_initial` (currentAmount), `payment_below_interest` and
 * `schedule_too_long` (monthlyPayment, a schedule would exceed 1,200 rows); 409 `debt_exists`.
 */
export const openDebtSchema = debtFieldsSchema
  .extend({ ...commandBase, debtId: uuidSchema })
  .strict()
  .superRefine((debt, ctx) => {
    if (debt.loanType === 'emi' && debt.termMonths === undefined) {
      ctx.addIssue({ code: 'custom', path: ['termMonths'], message: 'field_required' });
    }
    if (debt.loanType === 'fixed' && debt.monthlyPayment === undefined) {
      ctx.addIssue({ code: 'custom', path: ['monthlyPayment'], message: 'field_required' });
    }
  });

/** EditDebt: 422 as OpenDebt for new terms, plus `debt_has_payments` (currency) and `payments_exceed_amount` (currentAmount below what was repaid). */
export const editDebtSchema = z
  .object({
    ...commandBase,
    debtId: uuidSchema,
    changes: debtChangesSchema.refine((c) => Object.keys(c).length > 0, { error: 'nothing_to_change' }),
  })
  .strict();

/** RecordPayment: an extra payment. 422 `payment_exceeds_balance` (amount) when it is more than is owed; 409 `payment_exists`. */
export const recordPaymentSchema = paymentRecordedSchema.extend(commandBase).strict();

/** EditPayment: 404 `payment_not_found`; 422 `payment_is_installment` (amount of a row's payment), `payment_exceeds_balance`. */
export const editPaymentSchema = z
  .object({
    ...commandBase,
    debtId: uuidSchema,
    paymentId: uuidSchema,
    changes: paymentChangesSchema.refine((c) => Object.keys(c).length > 0, { error: 'nothing_to_change' }),
  })
  .strict();

/** DeletePayment: an extra payment is removed; a row's payment unmarks its row (as MarkInstallmentUnpaid). */
export const deletePaymentSchema = z.object({ ...commandBase, debtId: uuidSchema, paymentId: uuidSchema }).strict();

/**
 * MarkInstallmentPaid: pays pending row `number` (any of them, in any order) on `date` with a
 * payment of the row's amount, id `paymentId`. 404 `installment_not_found` (no such pending
 * row); 409 `installment_already_paid` (marking a paid row again appends nothing).
 */
export const markInstallmentPaidSchema = z
  .object({
    ...commandBase,
    debtId: uuidSchema,
    number: installmentNumberSchema,
    paymentId: uuidSchema,
    date: calendarDateSchema,
    notes: debtNotesSchema.optional(),
  })
  .strict();

/**
 * MarkInstallmentUnpaid: paid row `number` (any of them) back to pending; its payment goes and
 * the pending rows are worked out again. It undoes MarkInstallmentPaid. 409 `installment_not_paid`.
 */
export const markInstallmentUnpaidSchema = z
  .object({ ...commandBase, debtId: uuidSchema, number: installmentNumberSchema })
  .strict();

/** DeleteDebt: `confirmPhrase` must be exactly "Delete Debt", else 400 field `confirmPhrase` `debt_phrase_mismatch`. */
export const deleteDebtSchema = z
  .object({
    ...commandBase,
    debtId: uuidSchema,
    confirmPhrase: z.literal(DELETE_DEBT_PHRASE, { error: 'debt_phrase_mismatch' }),
  })
  .strict();

export type OpenDebt = { type: 'OpenDebt'; data: z.infer<typeof openDebtSchema> };
export type EditDebt = { type: 'EditDebt'; data: z.infer<typeof editDebtSchema> };
export type RecordPayment = { type: 'RecordPayment'; data: z.infer<typeof recordPaymentSchema> };
export type EditPayment = { type: 'EditPayment'; data: z.infer<typeof editPaymentSchema> };
export type DeletePayment = { type: 'DeletePayment'; data: z.infer<typeof deletePaymentSchema> };
export type MarkInstallmentPaid = { type: 'MarkInstallmentPaid'; data: z.infer<typeof markInstallmentPaidSchema> };
export type MarkInstallmentUnpaid = {
  type: 'MarkInstallmentUnpaid';
  data: z.infer<typeof markInstallmentUnpaidSchema>;
};
export type DeleteDebt = { type: 'DeleteDebt'; data: z.infer<typeof deleteDebtSchema> };
export type DebtCommand =
  | OpenDebt
  | EditDebt
  | RecordPayment
  | EditPayment
  | DeletePayment
  | MarkInstallmentPaid
  | MarkInstallmentUnpaid
  | DeleteDebt;

export const debtCommandSchemas = {
  OpenDebt: openDebtSchema,
  EditDebt: editDebtSchema,
  RecordPayment: recordPaymentSchema,
  EditPayment: editPaymentSchema,
  DeletePayment: deletePaymentSchema,
  MarkInstallmentPaid: markInstallmentPaidSchema,
  MarkInstallmentUnpaid: markInstallmentUnpaidSchema,
  DeleteDebt: deleteDebtSchema,
} as const;

// ---------------------------------------------------------------------------------------------
// The schedule's pending part, shared by the command side, the projector and the form preview.

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

// ---------------------------------------------------------------------------------------------
// Query answers. Texts (`name`, `lender`, `description`, `notes`) are null once the user's key
// is erased or when not given.

export const DEBT_STATUSES = ['active', 'paid_off'] as const;
export type DebtStatus = (typeof DEBT_STATUSES)[number];
export const ROW_STATUSES = ['pending', 'paid'] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];

const minor = z.number().int();
const nonNegativeMinor = z.number().int().nonnegative();

/** One row of the schedule; the rows are in number order, paid and pending mixed. */
export const debtScheduleRowSchema = z.object({
  number: z.number().int().positive(),
  dueDate: calendarDateSchema,
  /** principal + interest. */
  amount: nonNegativeMinor,
  principal: nonNegativeMinor,
  interest: nonNegativeMinor,
  /** Outstanding balance after this row. */
  balance: nonNegativeMinor,
  status: z.enum(ROW_STATUSES),
  /** The payment that paid the row; null while pending. */
  paymentId: z.string().nullable(),
  /** The date it was paid; null while pending. */
  paidOn: calendarDateSchema.nullable(),
});
export type DebtScheduleRow = z.infer<typeof debtScheduleRowSchema>;

/** A payment: a row's (`installmentNumber` set) or an extra one (`installmentNumber` null). */
export const debtPaymentViewSchema = z.object({
  paymentId: z.string(),
  amount: nonNegativeMinor,
  date: calendarDateSchema,
  notes: z.string().nullable(),
  installmentNumber: z.number().int().positive().nullable(),
  recordedAt: instantSchema,
  updatedAt: instantSchema,
});
export type DebtPaymentView = z.infer<typeof debtPaymentViewSchema>;

/** How much of the debt is repaid: `initialAmount − outstanding` against `initialAmount`. */
export const debtProgressSchema = z.object({
  /** initialAmount − outstanding (what was repaid before the app included). */
  repaid: minor,
  /** "Still owed": the principal left to repay (see the top of this file). */
  outstanding: nonNegativeMinor,
  /** repaid / initialAmount in basis points, rounded down, 0–10000 (10000 = 100 %). */
  percent: z.number().int().min(0).max(10000),
  paidInstallments: z.number().int().nonnegative(),
  /** Paid rows + pending rows. */
  totalInstallments: z.number().int().nonnegative(),
});
export type DebtProgress = z.infer<typeof debtProgressSchema>;

/** The pending row due soonest (the lowest pending number); null once nothing is owed. */
export const nextInstallmentSchema = z.object({
  number: z.number().int().positive(),
  dueDate: calendarDateSchema,
  amount: nonNegativeMinor,
});

/** Fields every answer about a debt carries (list item and detail). */
const debtHeadShape = {
  id: z.string(),
  name: z.string().nullable(),
  type: debtTypeSchema,
  icon: z.string(),
  color: z.string(),
  currency: currencySchema,
  initialAmount: nonNegativeMinor,
  currentAmount: nonNegativeMinor,
  annualRatePercent: z.string(),
  minimumPayment: nonNegativeMinor.nullable(),
  paymentDueDay: z.number().int().min(1).max(31),
  lender: z.string().nullable(),
  loanType: loanTypeSchema,
  /** EMI: as given; fixed: paid rows + pending rows (the term follows from the payment). */
  termMonths: z.number().int().nonnegative(),
  /** The regular monthly payment: derived for EMI, the user's for fixed. */
  installment: nonNegativeMinor,
  /** Fixed loans: the user's monthly payment; null for EMI. */
  monthlyPayment: nonNegativeMinor.nullable(),
  openDate: calendarDateSchema,
  startDate: calendarDateSchema,
  /** Due date of the last row (paid or pending). */
  maturityDate: calendarDateSchema.nullable(),
  status: z.enum(DEBT_STATUSES),
  /** The date the balance reached zero; null while active. */
  paidOffAt: calendarDateSchema.nullable(),
  progress: debtProgressSchema,
  /** Numbers of the paid rows, ascending: with startDate and paymentDueDay they place the pending rows (overdueNumbers). */
  paidNumbers: z.array(z.number().int().positive()),
  nextInstallment: nextInstallmentSchema.nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
};

/** `GET /api/queries/debts`: one item per debt (active and paid off; the page hides paid-off ones). */
export const debtListItemSchema = z.object(debtHeadShape);
export type DebtListItem = z.infer<typeof debtListItemSchema>;

/** Totals of the schedule: all rows, paid and pending, and what was paid so far. */
export const debtTotalsSchema = z.object({
  /** Σ interest over all rows. */
  totalInterest: nonNegativeMinor,
  /** Σ amount over all rows. */
  totalPayment: nonNegativeMinor,
  /** Σ of every payment (rows and extra). */
  paid: nonNegativeMinor,
  interestPaid: nonNegativeMinor,
  /** Σ principal of paid rows + extra payments. */
  principalPaid: nonNegativeMinor,
  /** Σ amount of the pending rows: still to pay with interest (more than "still owed" by the future interest). */
  remainingPayment: nonNegativeMinor,
});
export type DebtTotals = z.infer<typeof debtTotalsSchema>;

/** `GET /api/queries/debts/:id`: another user's, unknown or deleted debt → 404 `debt_not_found`. */
export const debtDetailSchema = z.object({
  ...debtHeadShape,
  description: z.string().nullable(),
  schedule: z.array(debtScheduleRowSchema),
  /** Newest first (by date, then by when recorded). */
  payments: z.array(debtPaymentViewSchema),
  totals: debtTotalsSchema,
});
export type DebtDetail = z.infer<typeof debtDetailSchema>;

/**
 * The tracker's cards. `totalOutstanding` is the outstanding balance of active debts, converted
 * from each currency's total once into the user's display currency with the user's rate table;
 * `perCurrency` keeps the totals as recorded (order of CURRENCIES, only currencies that occur).
 */
export const debtSummarySchema = z.object({
  currency: currencySchema,
  totalOutstanding: nonNegativeMinor,
  /** Sums of many debts: a total past 2^53 − 1 saturates there (see views/dashboard.ts), as may the converted total. */
  perCurrency: z.array(z.object({ amount: minor, currency: currencySchema })),
  activeCount: z.number().int().nonnegative(),
  paidOffCount: z.number().int().nonnegative(),
  /** True when `totalOutstanding` or a per-currency total is too large to be exact. */
  outOfRange: z.boolean(),
});
export type DebtSummary = z.infer<typeof debtSummarySchema>;

/** `GET /api/queries/debts`: active debts first (next due date, then name), then paid-off ones (latest first). */
export const debtListSchema = z.object({ summary: debtSummarySchema, items: z.array(debtListItemSchema) });
export type DebtList = z.infer<typeof debtListSchema>;
