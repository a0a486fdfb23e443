import { z } from 'zod';
import { categoryIdSchema, transactionTypeSchema } from '../categories.js';
import { locationSchema } from '../events/transaction.js';
import { moneySchema } from '../money.js';

export const transactionViewSchema = z.object({
  id: z.string(),
  type: transactionTypeSchema,
  amount: moneySchema,
  categoryId: z.string(),
  date: z.string(),
  time: z.string().nullable(),
  note: z.string().nullable(),
  receipt: z.string().nullable(),
  location: locationSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Revision of the transaction's stream this view reflects (for If-Match on edit). */
  revision: z.number().int().nonnegative(),
});
export type TransactionView = z.infer<typeof transactionViewSchema>;

export const TRANSACTION_SORTS = ['newest', 'oldest', 'highest', 'lowest'] as const;
export type TransactionSort = (typeof TRANSACTION_SORTS)[number];

export const transactionListQuerySchema = z
  .object({
    type: transactionTypeSchema.optional(),
    categoryId: categoryIdSchema.optional(),
    sort: z.enum(TRANSACTION_SORTS, { error: 'field_invalid' }).default('newest'),
    limit: z.coerce.number({ error: 'field_invalid' }).int().min(1).max(200).default(50),
    cursor: z.string().max(512).optional(),
  })
  .strict();
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;

export const transactionListSchema = z.object({
  items: z.array(transactionViewSchema),
  nextCursor: z.string().nullable(),
});
export type TransactionList = z.infer<typeof transactionListSchema>;
