import { z } from 'zod';
import { uuidSchema } from './ids.js';

/** Most rows one import takes (the header excluded). */
export const IMPORT_MAX_ROWS = 100_000;

/** Which batch and row of it a transaction was imported from (on `TransactionAdded`; imports.ts). */
export const importRefSchema = z
  .object({
    batchId: uuidSchema,
    row: z
      .number()
      .int()
      .min(0)
      .max(IMPORT_MAX_ROWS - 1),
  })
  .strict();
export type ImportRef = z.infer<typeof importRefSchema>;
