import { z } from 'zod';
import { calendarDateSchema } from '../calendar/schema.js';
import { currencySchema, moneySchema } from '../money.js';

/**
 * The Activity page (audit history): one document of the `activity` view per event of a
 * user's `transaction-`, `debt-`, `transfer-` and `profile-` streams, served newest first by
 * `GET /api/queries/activity`, for the whole account or for one item.
 *
 * Amounts are integers in minor units with their currency (money objects); texts (notes,
 * names) are as the user wrote them at that event; dates are `YYYY-MM-DD`.
 */

export const ACTIVITY_KINDS = [
  'transaction',
  'debt',
  'goal',
  'category',
  'settings',
  'wallet',
  'transfer',
  'recurring',
  'import',
  'restore',
  'tag',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** The subject id of every settings entry: the user has one set of preferences. */
export const SETTINGS_SUBJECT_ID = 'preferences';

/** The entries of a recurring rule's history. */
export const RECURRING_ACTIVITY_TYPES = [
  'recurring_created',
  'recurring_edited',
  'occurrence_edited',
  'occurrence_skipped',
  'recurring_paused',
  'recurring_resumed',
  'recurring_held',
  'recurring_deleted',
] as const;

/** The entries of an import batch's history (subject id = the batch id). */
export const IMPORT_ACTIVITY_TYPES = [
  'import_started',
  'import_finished',
  'import_undo_started',
  'import_undone',
] as const;

/** The entries of a restore from a backup (subject id = the backup's id). */
export const RESTORE_ACTIVITY_TYPES = ['restore_started', 'restore_finished'] as const;

/** The entries of a tag's renames and deletion (subject id = the tag's key before the event). */
export const TAG_ACTIVITY_TYPES = ['tag_renamed', 'tag_deleted'] as const;

export const ACTIVITY_TYPES = [
  'transaction_added',
  'transaction_edited',
  'transaction_deleted',
  'debt_opened',
  'debt_edited',
  'payment_recorded',
  'payment_edited',
  'payment_deleted',
  'installment_paid',
  'installment_unpaid',
  'debt_paid_off',
  'debt_reopened',
  'debt_deleted',
  'goal_added',
  'goal_edited',
  'goal_contributed',
  'goal_withdrawn',
  'goal_deleted',
  'category_added',
  'category_edited',
  'category_deleted',
  'category_budget_set',
  'category_rollover_set',
  'preferences_changed',
  'exchange_rates_set',
  'exchange_rates_reset',
  'wallet_opened',
  'wallet_edited',
  'wallet_archived',
  'wallet_restored',
  'wallet_reconciled',
  'transfer_recorded',
  'transfer_edited',
  'transfer_deleted',
  ...RECURRING_ACTIVITY_TYPES,
  ...IMPORT_ACTIVITY_TYPES,
  ...RESTORE_ACTIVITY_TYPES,
  ...TAG_ACTIVITY_TYPES,
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** One changed field: money as a money object or minor units of the entry's currency, null when unset. */
export const activityChangeSchema = z.object({ field: z.string(), from: z.unknown(), to: z.unknown() });
export type ActivityChange = z.infer<typeof activityChangeSchema>;

/**
 * What names the item, as it was at that event (after it, or just before a deletion):
 * a transaction's note, category and amount; the name of a debt, goal, category or wallet
 * (null for a default wallet the user has not renamed: its name is `wallet.default`, "Cash",
 * in the entry's `currency`; also null once the user's key is erased); a transfer's note
 * and the amount that left (`amountOut`).
 */
export const activitySubjectSchema = z.object({
  name: z.string().nullable(),
  categoryId: z.string().nullable(),
  amount: moneySchema.nullable(),
});
export type ActivitySubject = z.infer<typeof activitySubjectSchema>;

/** A transfer as it stood after the event (just before it, for a deletion). */
export const activityTransferSchema = z.object({
  fromWalletId: z.string(),
  toWalletId: z.string(),
  amountOut: moneySchema,
  amountIn: moneySchema,
  date: calendarDateSchema,
  time: z.string().nullable(),
  note: z.string().nullable(),
});
export type ActivityTransfer = z.infer<typeof activityTransferSchema>;

/** The numbers of an import or a restore at one of its events (see `counts` below); null where they do not apply. */
export const activityCountsSchema = z.object({
  /** `import_started`: rows in the file; `restore_started`: events in the backup; `tag_renamed`: transactions with the tag. */
  rows: z.number().int().nonnegative().nullable(),
  /** `import_finished`: rows added; `restore_finished`: events appended. */
  added: z.number().int().nonnegative().nullable(),
  /** `import_finished`: rows found already in; `restore_finished`: events found already restored. */
  existing: z.number().int().nonnegative().nullable(),
  /** `import_finished`: rows not added, by reason (an error or file-reading code, or `duplicate`). */
  skipped: z.record(z.string(), z.number().int().nonnegative()).nullable(),
  /** `import_undone`: transactions the undo deleted; `tag_deleted`: transactions the tag was taken off. */
  deleted: z.number().int().nonnegative().nullable(),
  /** `restore_started`: whether the account had data and the user confirmed the merge; `tag_renamed`: merged into a tag that existed. */
  merge: z.boolean().nullable(),
});
export type ActivityCounts = z.infer<typeof activityCountsSchema>;

/**
 * A document of the `activity` view.
 *
 * Wallet and transfer entries (subject id = the wallet's or the transfer's id, so
 * `?subjectId=` is each one's history):
 * - `wallet_opened`: subject name; `amount` the opening balance (money of the wallet's
 *   currency), `date` the opening date, `currency` the wallet's; `changes` empty.
 * - `wallet_edited`: `changes` among name, kind, openingBalance (minor units of `currency`),
 *   openingDate, icon, color, excludeFromTotals; a default wallet's first edit compares with
 *   its defaults (name null, kind cash, opening balance 0, opening date null).
 * - `wallet_archived`, `wallet_restored`: subject name and `currency` only.
 * - `wallet_reconciled`: `amount` the adjustment (signed money, may be 0), `date` the day
 *   reconciled, `changes` one `{ field: 'balance', from: the balance Plenty showed, to: the
 *   balance the user entered }` in minor units of `currency`.
 * - `transfer_recorded`, `transfer_deleted`: `transfer` the transfer, `amount` its amountOut,
 *   `date` its date, subject name its note.
 * - `transfer_edited`: `transfer` after the edit, `changes` among fromWalletId, toWalletId,
 *   amountOut, amountIn (money objects), date, time, note.
 * A transaction moved to another wallet is a `transaction_edited` whose `changes` hold
 * `{ field: 'walletId', from, to }` (wallet ids).
 *
 * Recurring rule entries (subject id = the rule's id; subject: the rule's note, category and
 * amount as they stood after the event, just before it for a deletion):
 * - `recurring_created`: `date` the schedule's start date, `amount` the rule's amount.
 * - `recurring_edited` ("this and following"): `date` the first occurrence date it applies
 *   from, `changes` among type, amount (money), categoryId, walletId (null: the default
 *   wallet), note, mode, remind, schedule (a `recurrence.ts` schedule), against the version
 *   that governed that date.
 * - `occurrence_edited` ("this one"): `date` the occurrence, `changes` among amount (money),
 *   categoryId, walletId, note against what the occurrence was to be posted with.
 * - `occurrence_skipped`: `date` the occurrence skipped.
 * - `recurring_paused`, `recurring_resumed`: `date` the user's day of the pause or resumption.
 * - `recurring_held`: `date` the occurrence that could not be posted, `reason` the error code.
 * - `recurring_deleted`: nothing more (what it posted is kept).
 * A transaction a rule posted is a `transaction_added` with `recurrence` (the rule and the
 * occurrence date).
 *
 * Import entries (kind `import`, subject id = the batch id, subject name = the file's name):
 * `import_started` (`counts.rows`), `import_finished` (`counts.added`, `existing`, `skipped`),
 * `import_undo_started`, `import_undone` (`counts.deleted`). The transactions an import added and
 * an undo deleted have their own `transaction_added` and `transaction_deleted` entries.
 * Restore entries (kind `restore`, subject id = the backup's id, no name): `restore_started`
 * (`counts.rows` the backup's events, `counts.merge`), `restore_finished` (`counts.added`,
 * `counts.existing`); the events it restored keep their own entries, at their first times.
 * Category budget entries (kind `category`, subject id and subject categoryId = the category,
 * subject name = a custom category's name): `category_budget_set` (`amount` the limit, null for
 * none; `date` the first day of the month it was set for; `changes` one `{ field: 'repeat', from:
 * null, to: true when it carries on, false for that month only }`), `category_rollover_set`
 * (`changes` one `{ field: 'rollover', from: null, to: on }`).
 * Tag entries (kind `tag`, subject id = the tag's key, its name in lower case, before the event;
 * subject name = the tag as it was named then; no page of its own): `tag_renamed` (`changes` one
 * `{ field: 'name', from, to }`, `counts.rows` the transactions that carried it, `counts.merge`
 * true when it was merged into a tag that existed), `tag_deleted` (`counts.deleted` the
 * transactions it was taken off).
 */
export const activityDocSchema = z.object({
  /** The event's id. */
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  /** The transaction, debt, goal or category id; `SETTINGS_SUBJECT_ID` for settings. */
  subjectId: z.string(),
  subject: activitySubjectSchema,
  type: z.enum(ACTIVITY_TYPES),
  occurredAt: z.string(),
  /**
   * Orders the entries newest first: `<occurredAt>|<event store position, zero-padded>`.
   * The time comes first so the list reads in the order of the times it shows and a date
   * range is one contiguous slice of it (the query seeks to its end and stops at its
   * start); the position breaks ties, which matter because the events of one command share
   * their time (an installment marked paid and the debt paid off). Both parts are fixed
   * when the event is appended, so the key is stable across redeliveries and rebuilds, and
   * the position makes it unique. The position alone orders events as the store does but
   * would make a date range a scan.
   */
  sortKey: z.string(),
  /** Fields an edit really changed, in a fixed order. */
  changes: z.array(activityChangeSchema),
  /** The money the event moved: a payment, an installment, a contribution or withdrawal; a new debt's amount. */
  amount: moneySchema.nullable(),
  /** The date the user gave the payment, installment, contribution or withdrawal; a debt's payoff date. */
  date: z.string().nullable(),
  /** The installment's number for `installment_paid`, `installment_unpaid` and an installment's payment edit. */
  installmentNumber: z.number().int().positive().nullable(),
  /** The currency of a debt's amounts that `changes` gives in minor units; null for other items. */
  currency: currencySchema.nullable(),
  /** Where a deleted category's transactions went. */
  replacementCategoryId: z.string().nullable(),
  /** Transfer entries: the transfer (see above); null for other items. */
  transfer: activityTransferSchema.nullable(),
  /** A transaction a recurring rule posted: the rule and the occurrence date; null (or absent) otherwise. */
  recurrence: z.object({ ruleId: z.string(), date: calendarDateSchema }).nullable().optional(),
  /** `recurring_held`: the error code the occurrence was refused with; null (or absent) otherwise. */
  reason: z.string().nullable().optional(),
  /** Import and restore entries: their numbers (see above); null (or absent) otherwise. */
  counts: activityCountsSchema.nullable().optional(),
});
export type ActivityDoc = z.infer<typeof activityDocSchema>;

/**
 * The fields of an entry that most entries leave empty, with their empty value. An entry is
 * stored without those it leaves empty (a transaction's entry is a third smaller, and a
 * rebuild writes one per event): `storedActivityDoc` leaves them out, `activityDocOf` puts
 * them back. A stored entry may carry them (written before, or by another version): both read
 * the same.
 */
const EMPTY_ACTIVITY_FIELDS = {
  changes: [] as ActivityChange[],
  amount: null,
  date: null,
  installmentNumber: null,
  currency: null,
  replacementCategoryId: null,
  transfer: null,
  recurrence: null,
  reason: null,
  counts: null,
} as const satisfies Partial<ActivityDoc>;

type EmptyActivityField = keyof typeof EMPTY_ACTIVITY_FIELDS;

/** An entry as stored: any of the fields it leaves empty may be absent. */
export type StoredActivityDoc = Omit<ActivityDoc, EmptyActivityField> & Partial<Pick<ActivityDoc, EmptyActivityField>>;

/** The entry to store: without the fields it leaves empty (null, absent, or no changes). */
export function storedActivityDoc(doc: StoredActivityDoc): StoredActivityDoc {
  const stored: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(doc)) {
    if (value === undefined) continue;
    if (Object.hasOwn(EMPTY_ACTIVITY_FIELDS, field)) {
      if (value === null || (field === 'changes' && Array.isArray(value) && value.length === 0)) continue;
    }
    stored[field] = value;
  }
  return stored as StoredActivityDoc;
}

/** The whole entry of a stored one: every field it leaves empty given its empty value. */
export function activityDocOf(stored: StoredActivityDoc): ActivityDoc {
  const doc: Record<string, unknown> = { ...stored };
  for (const [field, empty] of Object.entries(EMPTY_ACTIVITY_FIELDS)) {
    if (doc[field] === undefined || doc[field] === null) doc[field] = Array.isArray(empty) ? [] : empty;
  }
  return doc as ActivityDoc;
}

/** An activity's sort key: see `sortKey`. `positionKey` is the store position zero-padded. */
export const activitySortKey = (occurredAt: string, positionKey: string): string => `${occurredAt}|${positionKey}`;

/** A subject id: a UUID, or `SETTINGS_SUBJECT_ID`. */
const subjectIdSchema = z
  .string()
  .regex(/^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|preferences)$/i, { error: 'id_invalid' });

/** `GET /api/queries/activity`: every filter optional; from/to are days of the user's time zone, inclusive. */
export const activityQuerySchema = z
  .object({
    kind: z.enum(ACTIVITY_KINDS, { error: 'field_invalid' }).optional(),
    subjectId: subjectIdSchema.transform((id) => id.toLowerCase()).optional(),
    from: calendarDateSchema.optional(),
    to: calendarDateSchema.optional(),
    limit: z.coerce.number({ error: 'field_invalid' }).int().min(1).max(200).default(50),
    cursor: z.string().max(512).optional(),
  })
  .strict()
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, {
    error: 'date_invalid',
    path: ['to'],
  });
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const activityEntrySchema = activityDocSchema.omit({ sortKey: true });
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** Newest first; `nextCursor` reads the older ones. */
export const activityPageSchema = z.object({
  items: z.array(activityEntrySchema),
  nextCursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;
