import { z } from 'zod';
import { transactionChangesSchema, transactionFieldsSchema } from '../events/transaction.js';
import { uuidSchema } from '../ids.js';
import { splitAddsUp } from '../splits.js';

const commandBase = { commandId: uuidSchema };

/** The split rules a command can check alone (splits.ts); the handler checks the categories. */
export const addTransactionSchema = transactionFieldsSchema
  .extend({ ...commandBase, transactionId: uuidSchema })
  .strict()
  .superRefine((command, ctx) => {
    const lines = command.splits;
    if (lines === undefined) return;
    if (!splitAddsUp(lines, command.amount.amount)) {
      ctx.addIssue({ code: 'custom', message: 'split_total_mismatch', path: ['splits'] });
    }
    if (lines[0]?.categoryId !== command.categoryId) {
      ctx.addIssue({ code: 'custom', message: 'split_category_mismatch', path: ['categoryId'] });
    }
  });

/**
 * EditTransaction: `changes` to the transaction. `baseRevision`, when given, is the revision of
 * the transaction the changes were made on (the view's `revision`); if the transaction has been
 * changed since (on another device, by an earlier command), the edit is refused with 409
 * `transaction_changed` and appends nothing, so an edit made offline on old data never
 * overwrites a newer one unseen. A command already applied is answered as before, whatever its
 * `baseRevision`.
 */
export const editTransactionSchema = z
  .object({
    ...commandBase,
    transactionId: uuidSchema,
    baseRevision: z.number().int().nonnegative().optional(),
    changes: transactionChangesSchema.refine((c) => Object.keys(c).length > 0, { error: 'nothing_to_change' }),
  })
  .strict();

export const deleteTransactionSchema = z.object({ ...commandBase, transactionId: uuidSchema }).strict();

export type AddTransaction = { type: 'AddTransaction'; data: z.infer<typeof addTransactionSchema> };
export type EditTransaction = { type: 'EditTransaction'; data: z.infer<typeof editTransactionSchema> };
export type DeleteTransaction = { type: 'DeleteTransaction'; data: z.infer<typeof deleteTransactionSchema> };
export type TransactionCommand = AddTransaction | EditTransaction | DeleteTransaction;

export const transactionCommandSchemas = {
  AddTransaction: addTransactionSchema,
  EditTransaction: editTransactionSchema,
  DeleteTransaction: deleteTransactionSchema,
} as const;
