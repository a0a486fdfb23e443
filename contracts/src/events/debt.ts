import { z } from 'zod';
import { calendarDateSchema } from '../calendar/schema.js';
import { colorSchema } from '../categories.js';
import {
  debtFieldsSchema,
  debtIconSchema,
  debtNameSchema,
  debtNotesSchema,
  debtTypeSchema,
  installmentNumberSchema,
  interestRateSchema,
  lenderSchema,
  loanTypeSchema,
  nonNegativeAmount,
  paymentDueDaySchema,
  positiveAmount,
  termMonthsSchema,
} from '../debts.js';
import { uuidSchema } from '../ids.js';
import { currencySchema } from '../money.js';

/*
 * Events on `debt-<debtId>` (see debts.ts for the rules). Personal text (name, lender,
 * description, payment notes) is encrypted with the user's data key (see debtPersonalFields).
 */

/** `installment` is the regular monthly payment: derived for EMI, the user's `monthlyPayment` for fixed. */
export const debtOpenedSchema = debtFieldsSchema.extend({ debtId: uuidSchema, installment: positiveAmount }).strict();

/**
 * A debt payment or borrowed money may name the wallet it moved through (wallets.ts): the
 * principal is a transfer between the wallet and the debt (neither income nor expense) and the
 * interest of an installment is an expense of `builtin-interest`. Without a wallet, a payment
 * moves no wallet and counts in no budget, as before wallets.
 */
export const paymentWalletSchema = uuidSchema.optional();

/**
 * Only the fields that change; `minimumPayment`, `lender`, `description`: null clears them.
 * A change of `currentAmount`, `annualRatePercent`, `paymentDueDay`, `loanType`, `termMonths`,
 * `monthlyPayment` or `startDate` is a change of terms: the pending rows are recomputed.
 * `currency` can change only while the debt has no payment. `walletId`: the wallet the borrowed
 * money went into from now on (its movement moves there, on the open date); null: into none.
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
    walletId: uuidSchema.nullable().optional(),
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
    walletId: paymentWalletSchema,
  })
  .strict();

/** `notes: null` clears the notes. The amount of an installment's payment cannot change. */
export const paymentChangesSchema = z
  .object({
    amount: positiveAmount.optional(),
    date: calendarDateSchema.optional(),
    notes: debtNotesSchema.nullable().optional(),
    /** Another wallet; null: paid from no wallet. */
    walletId: uuidSchema.nullable().optional(),
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
    walletId: paymentWalletSchema,
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
