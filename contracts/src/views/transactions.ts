import { z } from 'zod';
import { categoryIdSchema, transactionTypeSchema } from '../categories.js';
import { locationSchema } from '../events/transaction.js';
import { uuidSchema } from '../ids.js';
import { currencySchema, exactTotalSchema, moneySchema } from '../money.js';
import { isCleanLine } from '../text.js';
import { calendarDateSchema } from '../calendar/schema.js';
import { splitLineViewSchema } from '../splits.js';
import { tagSchema } from '../tags.js';

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
  /** Its wallet: the one it names, else the user's default wallet of its currency (wallets.ts). */
  walletId: z.string(),
  /** The recurring rule and occurrence it was posted from; null (or absent in older documents) when entered by hand. */
  recurrence: z.object({ ruleId: z.string(), date: z.string() }).nullable().optional(),
  /** The import batch and row it was added from; null (or absent in older documents) otherwise. */
  import: z.object({ batchId: z.string(), row: z.number().int().nonnegative() }).nullable().optional(),
  /** Its category lines (splits.ts); null (or absent in older documents) for a one-category transaction. */
  splits: z.array(splitLineViewSchema).nullable().optional(),
  /** Its tags as spelled (tags.ts); [] (or absent in older documents) for none. */
  tags: z.array(z.string()).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Revision of the transaction's stream this view reflects (for If-Match on edit). */
  revision: z.number().int().nonnegative(),
});
export type TransactionView = z.infer<typeof transactionViewSchema>;

export const TRANSACTION_SORTS = ['newest', 'oldest', 'highest', 'lowest'] as const;
export type TransactionSort = (typeof TRANSACTION_SORTS)[number];

/**
 * The form notes are stored and searched in: NFC, lower case (Thai and Lao have no case and
 * stay as they are), so "Café" is found by "cafe\u0301" and "NOY" by "noy".
 */
export const searchKey = (text: string): string => text.normalize('NFC').toLowerCase();

/** Longest search text, in characters after NFC. */
export const SEARCH_TEXT_MAX = 100;

/** Text searched in notes: NFC, 1 to 100 characters, matched case-insensitively. */
export const searchTextSchema = z
  .string({ error: 'field_invalid' })
  .transform((s) => s.normalize('NFC'))
  .pipe(
    z
      .string()
      .min(1, { error: 'field_required' })
      .max(SEARCH_TEXT_MAX, { error: 'text_too_long' })
      .refine(isCleanLine, { error: 'field_invalid' }),
  );

/**
 * Filters of the list and its totals beside type, category, wallet, rule and batch:
 * - `from` / `to`: local dates, both included (either may be left out); `to` before `from`: 400
 *   `date_range_invalid` on `to`;
 * - `tag`: only transactions with this tag (compared by `tagKey`);
 * - `categoryId` matches a split transaction when one of its lines is of the category, and the
 *   totals then count that line's amount, not the whole.
 * `q` is read by `parseSearch` (search.ts): words and amount terms.
 */
const rangeAndTag = {
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
  tag: tagSchema.optional(),
};
const rangeInOrder = (query: { from?: string | undefined; to?: string | undefined }): boolean =>
  query.from === undefined || query.to === undefined || query.from <= query.to;

export const transactionListQuerySchema = z
  .object({
    type: transactionTypeSchema.optional(),
    categoryId: categoryIdSchema.optional(),
    /** Only this wallet's transactions (not its transfers: those are in GET /wallets/:id/movements). */
    walletId: uuidSchema.optional(),
    /** Only the transactions a recurring rule posted. */
    ruleId: uuidSchema.optional(),
    /** Only the transactions an import batch added. */
    importId: uuidSchema.optional(),
    ...rangeAndTag,
    q: searchTextSchema.optional(),
    sort: z.enum(TRANSACTION_SORTS, { error: 'field_invalid' }).default('newest'),
    limit: z.coerce.number({ error: 'field_invalid' }).int().min(1).max(200).default(50),
    // An amount sort's cursor holds where each currency stands: up to seven positions.
    cursor: z.string().max(2048).optional(),
  })
  .strict()
  .refine(rangeInOrder, { error: 'date_range_invalid', path: ['to'] });
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;

export const transactionListSchema = z.object({
  items: z.array(transactionViewSchema),
  nextCursor: z.string().nullable(),
});
export type TransactionList = z.infer<typeof transactionListSchema>;

/** `GET /transactions/totals`: the same filters as the list, over every match. */
export const transactionTotalsQuerySchema = z
  .object({
    type: transactionTypeSchema.optional(),
    categoryId: categoryIdSchema.optional(),
    walletId: uuidSchema.optional(),
    /** Only the transactions an import batch added. */
    importId: uuidSchema.optional(),
    ...rangeAndTag,
    q: searchTextSchema.optional(),
  })
  .strict()
  .refine(rangeInOrder, { error: 'date_range_invalid', path: ['to'] });
export type TransactionTotalsQuery = z.infer<typeof transactionTotalsQuerySchema>;

/** Sums in integer minor units of one currency; amounts are positive, the type says the sign. */
export const currencyTotalsSchema = z.object({
  currency: currencySchema,
  income: z.number().int().nonnegative(),
  expense: z.number().int().nonnegative(),
});
export type CurrencyTotals = z.infer<typeof currencyTotalsSchema>;

export const transactionTotalsSchema = z.object({
  count: z.number().int().nonnegative(),
  /** One entry per currency that occurs, in the order of CURRENCIES. */
  totals: z.array(currencyTotalsSchema),
  /** True when a sum is too large to be exact and shows 2^53 − 1 instead (see views/dashboard.ts). */
  outOfRange: z.boolean(),
});
export type TransactionTotals = z.infer<typeof transactionTotalsSchema>;

/**
 * A document of the `transaction_totals` view: running sums of a user's transactions per
 * (type, category, currency), in integer minor units, so totals without a text search fold
 * a few documents instead of every transaction. `sum`: what they count in the category (a split
 * transaction its lines in it); `count`: the transactions whose own category it is (a split one's
 * first line's), so the counts of all documents add up to the transactions, each once (0 for a
 * category that only has lines of split transactions).
 */
export const transactionTotalsDocSchema = z.object({
  id: z.string(),
  type: transactionTypeSchema,
  categoryId: z.string(),
  currency: currencySchema,
  count: z.number().int().nonnegative(),
  /** Exact: a number while safe, else a decimal string (`ExactTotal`). */
  sum: exactTotalSchema,
});
export type TransactionTotalsDoc = z.infer<typeof transactionTotalsDocSchema>;

/** The fields whose changes the history shows. */
export const HISTORY_FIELDS = [
  'type',
  'amount',
  'categoryId',
  'date',
  'time',
  'note',
  'receipt',
  'location',
  'walletId',
  'splits',
  'tags',
] as const;
export type HistoryField = (typeof HISTORY_FIELDS)[number];

/** One changed field: money as a money object, text as text, categories by id; null when unset. */
export const historyChangeSchema = z.object({
  field: z.enum(HISTORY_FIELDS),
  from: z.unknown(),
  to: z.unknown(),
});
export type HistoryChange = z.infer<typeof historyChangeSchema>;

export const HISTORY_ENTRY_TYPES = ['added', 'edited', 'deleted'] as const;

/**
 * One event of a transaction stream as its history shows it. Before projection version 3 the
 * `transaction_history` view held one such document per event; a view still frozen in that
 * layout while its rebuild runs is read the same way (`transactionHistoryEntriesOf`).
 */
export const transactionHistoryDocSchema = z.object({
  id: z.string(),
  transactionId: z.string(),
  revision: z.number().int().nonnegative(),
  type: z.enum(HISTORY_ENTRY_TYPES),
  occurredAt: z.string(),
  changes: z.array(historyChangeSchema),
});
export type TransactionHistoryDoc = z.infer<typeof transactionHistoryDocSchema>;

export const transactionHistoryQuerySchema = z
  .object({
    limit: z.coerce.number({ error: 'field_invalid' }).int().min(1).max(200).default(50),
    cursor: z.string().max(512).optional(),
  })
  .strict();
export type TransactionHistoryQuery = z.infer<typeof transactionHistoryQuerySchema>;

export const transactionHistoryEntrySchema = transactionHistoryDocSchema.pick({
  revision: true,
  type: true,
  occurredAt: true,
  changes: true,
});
export type TransactionHistoryEntry = z.infer<typeof transactionHistoryEntrySchema>;

/** Revisions of a transaction stream a history chunk holds: revisions 64·k to 64·k + 63 in chunk k. */
export const HISTORY_CHUNK_SIZE = 64;

/**
 * A document of the `transaction_history` view (projection version 3): the entries of one
 * transaction's revisions `revision` to `revision + 63`, oldest first, id `<transactionId>:<k>`.
 * The adding event at revision 0 has no document of its own while nothing followed it: the
 * transaction's document in `transactions` (its `createdAt`) answers for it, and the first
 * later event writes it into chunk 0.
 */
export const transactionHistoryChunkSchema = z.object({
  id: z.string(),
  transactionId: z.string(),
  /** The first revision the chunk holds (64·k), indexed like the revision of a one-event document. */
  revision: z.number().int().nonnegative(),
  entries: z.array(transactionHistoryEntrySchema).min(1).max(HISTORY_CHUNK_SIZE),
});
export type TransactionHistoryChunk = z.infer<typeof transactionHistoryChunkSchema>;

/** The entries a document of the view holds, oldest first, in either layout. */
export const transactionHistoryEntriesOf = (
  doc: TransactionHistoryChunk | TransactionHistoryDoc,
): readonly TransactionHistoryEntry[] =>
  'entries' in doc
    ? doc.entries
    : [{ revision: doc.revision, type: doc.type, occurredAt: doc.occurredAt, changes: doc.changes }];

/** Newest first. */
export const transactionHistorySchema = z.object({
  items: z.array(transactionHistoryEntrySchema),
  nextCursor: z.string().nullable(),
});
export type TransactionHistory = z.infer<typeof transactionHistorySchema>;
