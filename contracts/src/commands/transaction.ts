import { z } from 'zod';
import { transactionChangesSchema, transactionFieldsSchema } from '../events/transaction.js';
import { uuidSchema } from '../ids.js';

const commandBase = { commandId: uuidSchema };

export const addTransactionSchema = transactionFieldsSchema
  .extend({ ...commandBase, transactionId: uuidSchema })
  .strict();

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
