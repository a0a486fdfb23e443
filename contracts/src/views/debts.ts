import { z } from 'zod';
import { calendarDateSchema, instantSchema } from '../calendar/schema.js';
import { debtTypeSchema, loanTypeSchema } from '../debts.js';
import { currencySchema } from '../money.js';

/*
 * Debt query answers. Texts (`name`, `lender`, `description`, `notes`) are null once the user's
 * key is erased or when not given.
 */

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
  /** The wallet it was paid from; null or absent: from no wallet (every payment from before wallets). */
  walletId: z.string().nullable().optional(),
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
  /** The wallet the borrowed money went into; null or absent: none. */
  walletId: z.string().nullable().optional(),
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
