import { z } from 'zod';
import { categoryIdSchema, transactionTypeSchema } from './categories.js';
import { recurrenceSchema } from './calendar/recurrence.js';
import { calendarDateSchema } from './calendar/schema.js';
import { uuidSchema, uuidV5 } from './ids.js';
import { positiveMoneySchema } from './money.js';
import { LIMITS, freeText } from './text.js';
import { splitLinesSchema } from './splits.js';
import { tagsSchema } from './tags.js';

/*
 * Recurring rules: a transaction that repeats (rent, salary, a phone top-up, school fees). Each
 * rule is an aggregate on its own stream `recurring-<ruleId>`.
 *
 * Posting. Each occurrence is posted as a normal transaction (`TransactionAdded` with
 * `recurrence: { ruleId, date }`) on the stream `transaction-<id>` whose id is derived from the
 * user, the rule and the occurrence date (`occurrenceTransactionId`). The stream can be opened
 * once only, so a crash, a restart, two servers at once or a replay never post an occurrence
 * twice: a second attempt finds the stream and stops. Posting is the command `PostOccurrence`
 * (the user's "Post now", or the server's poster for `mode: 'auto'` rules with the command id
 * `occurrenceCommandId(…, 'post')`), through the same pipeline and checks as AddTransaction.
 *
 * Modes. `auto`: each due occurrence (its date ≤ today in the user's time zone) is posted by
 * the server, in date order, catching up after downtime. `confirm`: a due occurrence waits as an
 * "upcoming" item until the user posts it (possibly with another amount) or skips it.
 *
 * Versions. "This and following" (`EditRecurringRule` with `from`) gives the occurrences on or
 * after `from` the new fields and schedule (whose start date is ≥ `from`); those before keep the
 * previous version. "This one" (`EditOccurrence`) changes one occurrence not yet posted; a
 * posted one is an ordinary transaction, edited as one.
 *
 * Pause, hold, resume. A paused rule posts nothing and its occurrences from `pausedOn` up to the
 * day it is resumed are skipped. An `auto` rule whose occurrence cannot be posted (its wallet was
 * archived, its category is gone without a replacement) is held (`RecurringRuleHeld`, with the
 * date and the error code): it posts nothing until the user fixes and resumes it; resuming a held
 * rule posts the held occurrence and the ones after it. Deleting a rule keeps what was posted.
 *
 * Errors (422 unless said): 404 `recurring_not_found` (another user's, unknown or deleted rule);
 * 409 `recurring_exists`; `recurring_paused` (posting or skipping while paused or held),
 * `recurring_not_paused` (resuming an active rule), `recurring_ended` (nothing left to post);
 * `occurrence_not_found` (the date is not an occurrence of the rule, field `date`);
 * 409 `occurrence_already_posted`; `occurrence_skipped` (posting a skipped one);
 * `occurrence_too_far` (posting or editing an occurrence more than `MAX_DAYS_AHEAD` days
 * ahead); `recurrence_invalid` (schedule rules, recurrence.ts; an edit whose start date is
 * before `from`); the wallet and category rules of AddTransaction on the rule's fields.
 */

export const RECURRING_MODES = ['auto', 'confirm'] as const;
export type RecurringMode = (typeof RECURRING_MODES)[number];

/** How far ahead an occurrence may be posted, edited or skipped. */
export const MAX_DAYS_AHEAD = 62;

export const recurringRuleFieldsSchema = z
  .object({
    type: transactionTypeSchema,
    amount: positiveMoneySchema,
    categoryId: categoryIdSchema,
    /** The wallet each occurrence is paid from or into; absent: the default wallet of the amount's currency. */
    walletId: uuidSchema.optional(),
    note: freeText(LIMITS.note).optional(),
    /**
     * Category lines each occurrence is split into (splits.ts: they add up to `amount`, the first
     * is `categoryId`'s); an occurrence whose amount is changed ("this one", or posting another
     * amount) keeps the lines only when they still add up, else it is refused with
     * `split_total_mismatch`.
     */
    splits: splitLinesSchema.optional(),
    /** Tags each occurrence carries (tags.ts); renamed and deleted with the tag. */
    tags: tagsSchema.optional(),
    mode: z.enum(RECURRING_MODES, { error: 'field_invalid' }),
    /** Reminders (in the app and by mail when the user's preferences allow) before each occurrence. */
    remind: z.boolean({ error: 'field_invalid' }),
    schedule: recurrenceSchema,
  })
  .strict();
export type RecurringRuleFields = z.infer<typeof recurringRuleFieldsSchema>;

/**
 * One occurrence's own changes ("this one"); `note` null clears it. `splits`: the occurrence's
 * own lines (they add up to its amount; sent without `categoryId`, its category becomes the
 * first line's), or null to post it in one category (`categoryId`); so an occurrence of a split
 * rule can be given another amount together with lines that fit.
 */
export const occurrenceChangesSchema = z
  .object({
    amount: positiveMoneySchema.optional(),
    categoryId: categoryIdSchema.optional(),
    walletId: uuidSchema.optional(),
    note: freeText(LIMITS.note).nullable().optional(),
    splits: splitLinesSchema.nullable().optional(),
  })
  .strict();
export type OccurrenceChanges = z.infer<typeof occurrenceChangesSchema>;

/** Which rule and occurrence a posted transaction came from (on `TransactionAdded`). */
export const recurrenceRefSchema = z.object({ ruleId: uuidSchema, date: calendarDateSchema }).strict();
export type RecurrenceRef = z.infer<typeof recurrenceRefSchema>;

// Events on `recurring-<ruleId>`.
export const recurringRuleCreatedSchema = recurringRuleFieldsSchema
  .extend({
    ruleId: uuidSchema,
    /** The transaction the rule was made from ("Repeat…"), if any. */
    fromTransactionId: uuidSchema.optional(),
  })
  .strict();
export const recurringRuleEditedSchema = z
  .object({ ruleId: uuidSchema, from: calendarDateSchema, rule: recurringRuleFieldsSchema })
  .strict();
export const occurrenceEditedSchema = z
  .object({ ruleId: uuidSchema, date: calendarDateSchema, changes: occurrenceChangesSchema })
  .strict();
export const occurrenceSkippedSchema = z.object({ ruleId: uuidSchema, date: calendarDateSchema }).strict();
/** `on`: the user's local date when paused or resumed. */
export const recurringRulePausedSchema = z.object({ ruleId: uuidSchema, on: calendarDateSchema }).strict();
export const recurringRuleResumedSchema = z.object({ ruleId: uuidSchema, on: calendarDateSchema }).strict();
/** The poster could not post `date`: `reason` is the error code the posting was refused with. */
export const recurringRuleHeldSchema = z
  .object({ ruleId: uuidSchema, date: calendarDateSchema, reason: z.string().min(1).max(64) })
  .strict();
export const recurringRuleDeletedSchema = z.object({ ruleId: uuidSchema }).strict();

export type RecurringRuleCreated = { type: 'RecurringRuleCreated'; data: z.infer<typeof recurringRuleCreatedSchema> };
export type RecurringRuleEdited = { type: 'RecurringRuleEdited'; data: z.infer<typeof recurringRuleEditedSchema> };
export type OccurrenceEdited = { type: 'OccurrenceEdited'; data: z.infer<typeof occurrenceEditedSchema> };
export type OccurrenceSkipped = { type: 'OccurrenceSkipped'; data: z.infer<typeof occurrenceSkippedSchema> };
export type RecurringRulePaused = { type: 'RecurringRulePaused'; data: z.infer<typeof recurringRulePausedSchema> };
export type RecurringRuleResumed = { type: 'RecurringRuleResumed'; data: z.infer<typeof recurringRuleResumedSchema> };
export type RecurringRuleHeld = { type: 'RecurringRuleHeld'; data: z.infer<typeof recurringRuleHeldSchema> };
export type RecurringRuleDeleted = { type: 'RecurringRuleDeleted'; data: z.infer<typeof recurringRuleDeletedSchema> };
export type RecurringEvent =
  | RecurringRuleCreated
  | RecurringRuleEdited
  | OccurrenceEdited
  | OccurrenceSkipped
  | RecurringRulePaused
  | RecurringRuleResumed
  | RecurringRuleHeld
  | RecurringRuleDeleted;

export const recurringEventSchemas = {
  RecurringRuleCreated: recurringRuleCreatedSchema,
  RecurringRuleEdited: recurringRuleEditedSchema,
  OccurrenceEdited: occurrenceEditedSchema,
  OccurrenceSkipped: occurrenceSkippedSchema,
  RecurringRulePaused: recurringRulePausedSchema,
  RecurringRuleResumed: recurringRuleResumedSchema,
  RecurringRuleHeld: recurringRuleHeldSchema,
  RecurringRuleDeleted: recurringRuleDeletedSchema,
} as const;

export const recurringPersonalFields = {
  RecurringRuleCreated: ['note', 'splits', 'tags'],
  RecurringRuleEdited: ['rule.note', 'rule.splits', 'rule.tags'],
  OccurrenceEdited: ['changes.note', 'changes.splits'],
  OccurrenceSkipped: [],
  RecurringRulePaused: [],
  RecurringRuleResumed: [],
  RecurringRuleHeld: [],
  RecurringRuleDeleted: [],
} as const satisfies Record<RecurringEvent['type'], readonly string[]>;

const commandBase = { commandId: uuidSchema };

/** CreateRecurringRule: a new rule with a client-made UUIDv7 `ruleId`. */
export const createRecurringRuleSchema = recurringRuleCreatedSchema.extend(commandBase).strict();
/** EditRecurringRule: "this and following" from `from` (a whole-rule edit sends the next due date). */
export const editRecurringRuleSchema = recurringRuleEditedSchema.extend(commandBase).strict();
/** EditOccurrence: "this one", for an occurrence not yet posted. */
export const editOccurrenceSchema = z
  .object({
    ...commandBase,
    ruleId: uuidSchema,
    date: calendarDateSchema,
    changes: occurrenceChangesSchema.refine((c) => Object.keys(c).length > 0, { error: 'nothing_to_change' }),
  })
  .strict();
export const skipOccurrenceSchema = occurrenceSkippedSchema.extend(commandBase).strict();
export const pauseRecurringRuleSchema = z.object({ ...commandBase, ruleId: uuidSchema }).strict();
export const resumeRecurringRuleSchema = z.object({ ...commandBase, ruleId: uuidSchema }).strict();
export const deleteRecurringRuleSchema = z.object({ ...commandBase, ruleId: uuidSchema }).strict();
/**
 * PostOccurrence (stream `transaction-<occurrenceTransactionId>`): posts one occurrence now, with
 * the rule's fields and the occurrence's own changes; `amount` replaces the amount (a utility
 * bill that varies), `transactionDate` the date of the transaction (default: the occurrence date).
 */
export const postOccurrenceSchema = z
  .object({
    ...commandBase,
    ruleId: uuidSchema,
    date: calendarDateSchema,
    amount: positiveMoneySchema.optional(),
    transactionDate: calendarDateSchema.optional(),
  })
  .strict();

export type CreateRecurringRule = { type: 'CreateRecurringRule'; data: z.infer<typeof createRecurringRuleSchema> };
export type EditRecurringRule = { type: 'EditRecurringRule'; data: z.infer<typeof editRecurringRuleSchema> };
export type EditOccurrence = { type: 'EditOccurrence'; data: z.infer<typeof editOccurrenceSchema> };
export type SkipOccurrence = { type: 'SkipOccurrence'; data: z.infer<typeof skipOccurrenceSchema> };
export type PauseRecurringRule = { type: 'PauseRecurringRule'; data: z.infer<typeof pauseRecurringRuleSchema> };
export type ResumeRecurringRule = { type: 'ResumeRecurringRule'; data: z.infer<typeof resumeRecurringRuleSchema> };
export type DeleteRecurringRule = { type: 'DeleteRecurringRule'; data: z.infer<typeof deleteRecurringRuleSchema> };
export type PostOccurrence = { type: 'PostOccurrence'; data: z.infer<typeof postOccurrenceSchema> };
export type RecurringCommand =
  | CreateRecurringRule
  | EditRecurringRule
  | EditOccurrence
  | SkipOccurrence
  | PauseRecurringRule
  | ResumeRecurringRule
  | DeleteRecurringRule;

/** The commands on the rule's own stream. */
export const recurringCommandSchemas = {
  CreateRecurringRule: createRecurringRuleSchema,
  EditRecurringRule: editRecurringRuleSchema,
  EditOccurrence: editOccurrenceSchema,
  SkipOccurrence: skipOccurrenceSchema,
  PauseRecurringRule: pauseRecurringRuleSchema,
  ResumeRecurringRule: resumeRecurringRuleSchema,
  DeleteRecurringRule: deleteRecurringRuleSchema,
} as const;

/** Namespace of occurrence transaction ids and of the poster's command ids. */
const OCCURRENCE_NAMESPACE = '6f1d2c84-93b7-4a5e-8c0f-2e9b7d41a6c3';

/** The id of the transaction an occurrence is posted as: the same for every attempt, anywhere. */
export const occurrenceTransactionId = (userId: string, ruleId: string, date: string): string =>
  uuidV5(`${userId}/${ruleId.toLowerCase()}/${date}`, OCCURRENCE_NAMESPACE);

/** The command id the server's poster uses for an occurrence (`post`) or for holding the rule (`hold`). */
export const occurrenceCommandId = (userId: string, ruleId: string, date: string, action: 'post' | 'hold'): string =>
  uuidV5(`${action}:${userId}/${ruleId.toLowerCase()}/${date}`, OCCURRENCE_NAMESPACE);
