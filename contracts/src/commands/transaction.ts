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

export const editTransactionSchema = z
  .object({
    ...commandBase,
    transactionId: uuidSchema,
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
