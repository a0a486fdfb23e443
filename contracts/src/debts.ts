import { z } from 'zod';
import { uuidSchema } from './ids.js';
import { colorSchema, iconSchema } from './categories.js';
import { calendarDateSchema } from './calendar/schema.js';
import { LOAN_TYPES, MAX_TERM_MONTHS, annualRateSchema } from './loan-schedule.js';
import { MAX_AMOUNT, currencySchema } from './money.js';
import { LIMITS, boundedText, freeText } from './text.js';

/**
 * Debts and loans (issue 8): the debt's fields. Its events are in events/debt.ts, its commands
 * in commands/debt.ts, the pending rows of its schedule in debt-schedule.ts and the query answers
 * in views/debts.ts. Every debt lives on its own stream `debt-<debtId>`; the debt,
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

/** An amount of the debt's currency, minor units, above zero. */
export const positiveAmount = z
  .number({ error: 'amount_required' })
  .int({ error: 'amount_not_integer' })
  .refine((n) => n > 0, { error: 'amount_not_positive' })
  .refine((n) => n <= MAX_AMOUNT, { error: 'amount_too_large' });
/** An amount of the debt's currency, minor units, zero or more. */
export const nonNegativeAmount = z
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
    /**
     * The wallet the borrowed money (`initialAmount`) went into on `openDate`, in the debt's
     * currency: it raises that wallet's balance and is not income. Absent: no wallet moved.
     */
    walletId: uuidSchema.optional(),
  })
  .strict();
export type DebtFields = z.infer<typeof debtFieldsSchema>;
