import { z } from 'zod';
import { calendarDateSchema } from '../calendar/schema.js';
import { DELETE_DEBT_PHRASE, debtFieldsSchema, debtNotesSchema, installmentNumberSchema } from '../debts.js';
import { debtChangesSchema, paymentChangesSchema, paymentRecordedSchema } from '../events/debt.js';
import { uuidSchema } from '../ids.js';

/*
 * Debt commands: POST /api/commands/<Name> with `{ commandId, ...payload }`; answer
 * `{ streamId: 'debt-<debtId>', revision, position }`. Another user's debt, or one that does not
 * exist or was deleted: 404 `debt_not_found`.
 */

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
    /** The wallet it was paid from, in the debt's currency (see events/debt.ts `paymentWalletSchema`). */
    walletId: uuidSchema.optional(),
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
