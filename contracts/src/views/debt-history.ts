import { z } from 'zod';

/**
 * The history of a debt (issue 8): one document of the `debt_history` view per event of a
 * `debt-<debtId>` stream, newest first in `GET /api/queries/debts/:id/history`.
 *
 * Amounts are integers in minor units of the debt's currency (`currency` on every entry, as
 * it was when the event happened); the interest rate is the contract's percent string ("3.9");
 * dates are `YYYY-MM-DD`. Texts (name, lender, description, notes) are as the user wrote them.
 */

/** The fields of a debt whose changes an edit entry shows, in this order. */
export const DEBT_HISTORY_FIELDS = [
  'name',
  'type',
  'lender',
  'description',
  'icon',
  'color',
  'currency',
  'initialAmount',
  'currentAmount',
  'annualRatePercent',
  'minimumPayment',
  'paymentDueDay',
  'loanType',
  'termMonths',
  'monthlyPayment',
  'openDate',
  'startDate',
  /** The wallet the borrowed money went into (a wallet id, null: none). */
  'walletId',
] as const;
export type DebtHistoryField = (typeof DEBT_HISTORY_FIELDS)[number];

/** One changed field; null when unset or cleared. */
export const debtHistoryChangeSchema = z.object({
  field: z.enum(DEBT_HISTORY_FIELDS),
  from: z.unknown(),
  to: z.unknown(),
});
export type DebtHistoryChange = z.infer<typeof debtHistoryChangeSchema>;

export const DEBT_HISTORY_ENTRY_TYPES = [
  'opened',
  'edited',
  'payment_recorded',
  'payment_edited',
  'payment_deleted',
  'installment_paid',
  'installment_unpaid',
  'paid_off',
  'reopened',
  'deleted',
] as const;
export type DebtHistoryEntryType = (typeof DEBT_HISTORY_ENTRY_TYPES)[number];

/** A document of the `debt_history` view. */
export const debtHistoryDocSchema = z.object({
  id: z.string(),
  debtId: z.string(),
  revision: z.number().int().nonnegative(),
  type: z.enum(DEBT_HISTORY_ENTRY_TYPES),
  occurredAt: z.string(),
  currency: z.string(),
  /** Edits of the debt and of a payment (`amount`, `date` and `notes` for a payment). */
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  /** The payment's amount: recorded, edited (as it was before), deleted, or an installment's. */
  amount: z.number().int().nonnegative().nullable(),
  /** The payment's date, or the date the debt was paid off. */
  date: z.string().nullable(),
  /** The installment's number for `installment_paid` and `installment_unpaid`. */
  installmentNumber: z.number().int().positive().nullable(),
});
export type DebtHistoryDoc = z.infer<typeof debtHistoryDocSchema>;

export const debtHistoryQuerySchema = z
  .object({
    limit: z.coerce.number({ error: 'field_invalid' }).int().min(1).max(200).default(50),
    cursor: z.string().max(512).optional(),
  })
  .strict();
export type DebtHistoryQuery = z.infer<typeof debtHistoryQuerySchema>;

export const debtHistoryEntrySchema = debtHistoryDocSchema.omit({ id: true, debtId: true });
export type DebtHistoryEntry = z.infer<typeof debtHistoryEntrySchema>;

/** Newest first. Another user's, unknown or malformed debt id: 404 `debt_not_found`. */
export const debtHistorySchema = z.object({
  items: z.array(debtHistoryEntrySchema),
  nextCursor: z.string().nullable(),
});
export type DebtHistory = z.infer<typeof debtHistorySchema>;
