import { z } from 'zod';
import { categoryIdSchema, transactionTypeSchema } from '../categories.js';
import { calendarDateSchema, localTimeSchema } from '../calendar/schema.js';
import { uuidSchema } from '../ids.js';
import { positiveMoneySchema } from '../money.js';
import { recurrenceRefSchema } from '../recurring.js';
import { importRefSchema } from '../import-ref.js';
import { splitLinesSchema } from '../splits.js';
import { tagsSchema } from '../tags.js';
import { LIMITS, freeText } from '../text.js';

export const locationSchema = z
  .object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    label: freeText(LIMITS.locationLabel).optional(),
  })
  .strict();
export type TransactionLocation = z.infer<typeof locationSchema>;

export const receiptRefSchema = z.string().min(1).max(LIMITS.receiptRef);

export const transactionFieldsSchema = z
  .object({
    type: transactionTypeSchema,
    amount: positiveMoneySchema,
    categoryId: categoryIdSchema,
    date: calendarDateSchema,
    time: localTimeSchema.optional(),
    note: freeText(LIMITS.note).optional(),
    receipt: receiptRefSchema.optional(),
    location: locationSchema.optional(),
    /** The wallet it was paid from or into; absent: the user's default wallet of its currency (wallets.ts). */
    walletId: uuidSchema.optional(),
    /** Category lines sharing the amount (splits.ts); absent: the whole amount is `categoryId`'s. */
    splits: splitLinesSchema.optional(),
    /** Free tags (tags.ts); absent or empty: none. */
    tags: tagsSchema.optional(),
  })
  .strict();
export type TransactionFields = z.infer<typeof transactionFieldsSchema>;

export const transactionAddedSchema = transactionFieldsSchema
  .extend({
    transactionId: uuidSchema,
    /** Set when a recurring rule's occurrence was posted (recurring.ts); never sent by a client. */
    recurrence: recurrenceRefSchema.optional(),
    /** Set when a row of an import batch was added (imports.ts); never sent by a client. */
    import: importRefSchema.optional(),
  })
  .strict();

/** Optional fields set to null are cleared. */
export const transactionChangesSchema = z
  .object({
    type: transactionTypeSchema.optional(),
    amount: positiveMoneySchema.optional(),
    categoryId: categoryIdSchema.optional(),
    date: calendarDateSchema.optional(),
    time: localTimeSchema.nullable().optional(),
    note: freeText(LIMITS.note).nullable().optional(),
    receipt: receiptRefSchema.nullable().optional(),
    location: locationSchema.nullable().optional(),
    /** Moves it to another wallet; a transaction always has one. */
    walletId: uuidSchema.optional(),
    /** New lines, or null to make it a one-category transaction again (splits.ts). */
    splits: splitLinesSchema.nullable().optional(),
    /** The whole new set of tags; null or [] clears them. */
    tags: tagsSchema.nullable().optional(),
  })
  .strict();
export type TransactionChanges = z.infer<typeof transactionChangesSchema>;

export const transactionEditedSchema = z
  .object({ transactionId: uuidSchema, changes: transactionChangesSchema })
  .strict();

export const transactionDeletedSchema = z.object({ transactionId: uuidSchema }).strict();

export type TransactionAdded = { type: 'TransactionAdded'; data: z.infer<typeof transactionAddedSchema> };
export type TransactionEdited = { type: 'TransactionEdited'; data: z.infer<typeof transactionEditedSchema> };
export type TransactionDeleted = { type: 'TransactionDeleted'; data: z.infer<typeof transactionDeletedSchema> };
export type TransactionEvent = TransactionAdded | TransactionEdited | TransactionDeleted;

export const transactionEventSchemas = {
  TransactionAdded: transactionAddedSchema,
  TransactionEdited: transactionEditedSchema,
  TransactionDeleted: transactionDeletedSchema,
} as const;

/** Paths in event data holding personal text, encrypted with the user's data key. */
export const transactionPersonalFields = {
  TransactionAdded: ['note', 'receipt', 'location', 'splits', 'tags'],
  TransactionEdited: ['changes.note', 'changes.receipt', 'changes.location', 'changes.splits', 'changes.tags'],
  TransactionDeleted: [],
} as const satisfies Record<TransactionEvent['type'], readonly string[]>;
