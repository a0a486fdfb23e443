import { z } from 'zod';
import { recurrenceSchema } from '../calendar/recurrence.js';
import { calendarDateSchema, instantSchema } from '../calendar/schema.js';
import { transactionTypeSchema } from '../categories.js';
import { uuidV5 } from '../ids.js';
import { currencySchema, moneySchema } from '../money.js';
import { RECURRING_MODES, occurrenceChangesSchema, type RecurringRuleFields } from '../recurring.js';
import { splitLineViewSchema, type SplitLineView } from '../splits.js';
import { tagKey } from '../tags.js';

/*
 * Read models and query answers of recurring rules and of what is coming up.
 *
 * The `recurring_rules` view (projection `recurring`) holds one `RecurringRuleDoc` per rule of a
 * user (id: the rule id); a deleted rule's document is removed. The `recurring_due` view holds,
 * under the system user, one `RecurringDueDoc` per active `auto` rule that has an occurrence
 * left (id `systemDocId(userId, ruleId)`): the server's poster pages through it by `nextDue`. The
 * `reminders_due` view holds, under the system user, one `ReminderDueDoc` per rule with
 * reminders on and per active debt (id `systemDocId(userId, itemId)`), with the date of the next
 * occurrence or installment and its month (`dueMonth`), so the reminder mailer reads only the
 * current and the next month.
 */

/** Namespace of the ids of documents under the system user. */
const SYSTEM_DOC_NAMESPACE = '0c5e7a91-3d2b-4f68-a1e4-9b7c2d5f8e06';

/**
 * The id of a user's document under the system user: a one-way hash of the user and the item, so
 * the tombstone a removal leaves (which keeps its id) names neither once the account is erased.
 */
export const systemDocId = (userId: string, itemId: string): string =>
  uuidV5(`${userId}:${itemId}`, SYSTEM_DOC_NAMESPACE);

export const RECURRING_STATUSES = ['active', 'paused', 'held', 'ended'] as const;
export type RecurringStatus = (typeof RECURRING_STATUSES)[number];

/** A rule's fields as stored in the read model: `note` null when none (or once the user's key is erased). */
export const recurringRuleDocFieldsSchema = z.object({
  type: transactionTypeSchema,
  amount: moneySchema,
  categoryId: z.string(),
  /** Absent or null: the default wallet of the amount's currency. */
  walletId: z.string().nullable(),
  note: z.string().nullable(),
  /** Category lines each occurrence is split into (splits.ts); null (or absent in older documents): one category. */
  splits: z.array(splitLineViewSchema).nullable().optional(),
  /** Tags each occurrence carries, renamed and deleted with the tag; [] (or absent in older documents): none. */
  tags: z.array(z.string()).optional(),
  mode: z.enum(RECURRING_MODES),
  remind: z.boolean(),
  schedule: recurrenceSchema,
});
export type RecurringRuleDocFields = z.infer<typeof recurringRuleDocFieldsSchema>;

/** Lines as views keep them (a note null when none), or null for none. */
export const splitLinesOf = (
  lines:
    | readonly { readonly categoryId: string; readonly amount: number; readonly note?: string | null | undefined }[]
    | null
    | undefined,
): SplitLineView[] | null =>
  lines === undefined || lines === null || lines.length === 0
    ? null
    : lines.map((line) => ({ categoryId: line.categoryId, amount: line.amount, note: line.note ?? null }));

/** A rule's fields as the read model keeps them and the schedule functions read them: no wallet or note is null. */
export const ruleDocFields = (rule: RecurringRuleFields): RecurringRuleDocFields => ({
  type: rule.type,
  amount: rule.amount,
  categoryId: rule.categoryId,
  walletId: rule.walletId ?? null,
  note: rule.note ?? null,
  splits: splitLinesOf(rule.splits),
  tags: rule.tags ?? [],
  mode: rule.mode,
  remind: rule.remind,
  schedule: rule.schedule,
});

/**
 * Tags after a tag's rename (`to` given: `from` becomes `to`, merged when `to` is there already)
 * or deletion (`to` null), compared by `tagKey`; the same list when the tag is not in it.
 */
export function retagged(tags: readonly string[], from: string, to: string | null): string[] {
  const key = tagKey(from);
  if (!tags.some((tag) => tagKey(tag) === key)) return [...tags];
  const kept: string[] = [];
  for (const tag of tags) {
    const next = tagKey(tag) === key ? to : tag;
    if (next !== null && !kept.some((known) => tagKey(known) === tagKey(next))) kept.push(next);
  }
  return kept;
}

/** A rule's versions with a tag renamed (or deleted: `to` null) in each. */
export const retaggedVersions = <V extends { readonly rule: RecurringRuleDocFields }>(
  versions: readonly V[],
  from: string,
  to: string | null,
): V[] =>
  versions.map((version) =>
    (version.rule.tags ?? []).length === 0
      ? version
      : { ...version, rule: { ...version.rule, tags: retagged(version.rule.tags ?? [], from, to) } },
  );

/** One version of a rule: it governs the occurrences dated on or after `from` (until the next version's `from`). */
export const recurringVersionSchema = z.object({ from: calendarDateSchema, rule: recurringRuleDocFieldsSchema });
export type RecurringVersion = z.infer<typeof recurringVersionSchema>;

/** Changes of one occurrence, as stored: `note` null clears the rule's note. */
export const storedOccurrenceChangesSchema = occurrenceChangesSchema;

export const recurringRuleDocSchema = z.object({
  id: z.string(),
  /** Oldest first; the first one's `from` is its schedule's start date. */
  versions: z.array(recurringVersionSchema).min(1),
  status: z.enum(RECURRING_STATUSES),
  /** The user's local date the rule was paused on; null unless paused. */
  pausedOn: calendarDateSchema.nullable(),
  /** The occurrence the poster could not post, and the error code why; null unless held. */
  heldOn: calendarDateSchema.nullable(),
  heldReason: z.string().nullable(),
  /** Every occurrence on or before it is posted, skipped or passed over by a pause; null before the first. */
  handledThrough: calendarDateSchema.nullable(),
  /** Occurrences after `handledThrough` already posted (posted ahead, or out of order). */
  posted: z.array(calendarDateSchema),
  /** Occurrences after `handledThrough` skipped. */
  skipped: z.array(calendarDateSchema),
  /** "This one" changes of occurrences not yet handled, by occurrence date. */
  overrides: z.record(z.string(), storedOccurrenceChangesSchema),
  /** The first occurrence after `handledThrough` neither posted nor skipped; null once the schedule has ended. */
  nextDue: calendarDateSchema.nullable(),
  postedCount: z.number().int().nonnegative(),
  /** The latest occurrence date posted; null before the first. */
  lastPostedOn: calendarDateSchema.nullable(),
  fromTransactionId: z.string().nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type RecurringRuleDoc = z.infer<typeof recurringRuleDocSchema>;

/** Where a new rule stands: active, never paused or held, nothing handled or posted, no next date yet. */
export const newRuleStanding = (): Pick<
  RecurringRuleDoc,
  | 'status'
  | 'pausedOn'
  | 'heldOn'
  | 'heldReason'
  | 'handledThrough'
  | 'posted'
  | 'skipped'
  | 'overrides'
  | 'nextDue'
  | 'postedCount'
  | 'lastPostedOn'
> => ({
  status: 'active',
  pausedOn: null,
  heldOn: null,
  heldReason: null,
  handledThrough: null,
  posted: [],
  skipped: [],
  overrides: {},
  nextDue: null,
  postedCount: 0,
  lastPostedOn: null,
});

/** Under the system user: an active `auto` rule with an occurrence left. */
export interface RecurringDueDoc {
  readonly userId: string;
  readonly ruleId: string;
  /** The rule's `nextDue`. */
  readonly nextDue: string;
  [key: string]: unknown;
}

/** Under the system user: the next date a user may be reminded of for one rule or debt. */
export interface ReminderDueDoc {
  readonly userId: string;
  readonly item: 'recurring' | 'installment';
  /** The rule's or the debt's id. */
  readonly itemId: string;
  /** The next occurrence (rule) or the next pending installment's due date (debt). */
  readonly dueDate: string;
  /** `dueDate`'s month, `YYYY-MM`. */
  readonly dueMonth: string;
  [key: string]: unknown;
}

// Query answers.

/** A rule as the app shows it: its current version (the last one) and where it stands. */
export const recurringRuleViewSchema = recurringRuleDocFieldsSchema.extend({
  id: z.string(),
  /** The wallet as resolved: the rule's, else the default wallet of its currency. */
  walletId: z.string(),
  status: z.enum(RECURRING_STATUSES),
  pausedOn: calendarDateSchema.nullable(),
  heldOn: calendarDateSchema.nullable(),
  heldReason: z.string().nullable(),
  nextDue: calendarDateSchema.nullable(),
  lastPostedOn: calendarDateSchema.nullable(),
  postedCount: z.number().int().nonnegative(),
  fromTransactionId: z.string().nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type RecurringRuleView = z.infer<typeof recurringRuleViewSchema>;

/** `GET /recurring`: active, held and paused rules by next date, then ended ones (latest first). */
export const recurringRuleListSchema = z.object({ items: z.array(recurringRuleViewSchema) });
export type RecurringRuleList = z.infer<typeof recurringRuleListSchema>;

export const OCCURRENCE_STATES = ['posted', 'skipped', 'due', 'held', 'scheduled', 'paused'] as const;
export type OccurrenceState = (typeof OCCURRENCE_STATES)[number];

/** One occurrence of a rule with the fields it is (or was to be) posted with. */
export const occurrenceViewSchema = z.object({
  date: calendarDateSchema,
  state: z.enum(OCCURRENCE_STATES),
  type: transactionTypeSchema,
  amount: moneySchema,
  categoryId: z.string(),
  walletId: z.string(),
  note: z.string().nullable(),
  /** The lines it is (or was to be) split into; null: one category. */
  splits: z.array(splitLineViewSchema).nullable(),
  /** The tags it is (or was to be) posted with. */
  tags: z.array(z.string()),
  /** Changed by "this one". */
  edited: z.boolean(),
  /** The posted transaction's id (`occurrenceTransactionId`); null unless posted. */
  transactionId: z.string().nullable(),
});
export type OccurrenceView = z.infer<typeof occurrenceViewSchema>;

/**
 * `GET /recurring/:id` (404 `recurring_not_found`): the rule, its versions, the occurrences
 * waiting for the user (due, held; oldest first, at most 50) and the next ones (at most 12).
 */
export const recurringRuleDetailSchema = recurringRuleViewSchema.extend({
  versions: z.array(recurringVersionSchema),
  waiting: z.array(occurrenceViewSchema),
  next: z.array(occurrenceViewSchema),
});
export type RecurringRuleDetail = z.infer<typeof recurringRuleDetailSchema>;

/** `?days=` ahead of today (default 7, up to 62). */
export const upcomingQuerySchema = z
  .object({ days: z.coerce.number({ error: 'field_invalid' }).int().min(1).max(62).default(7) })
  .strict();
export type UpcomingQuery = z.infer<typeof upcomingQuerySchema>;

const minor = z.number().int();

/**
 * One thing coming up. `due`: its date is today or past and it waits for the user (a `confirm`
 * rule's occurrence, a held rule's, a pending installment); `overdue`: its date is before today.
 * `remind`: within the user's reminder days before its date (and the rule's reminders are on).
 */
export const upcomingItemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('recurring'),
    ruleId: z.string(),
    date: calendarDateSchema,
    type: transactionTypeSchema,
    amount: moneySchema,
    categoryId: z.string(),
    walletId: z.string(),
    note: z.string().nullable(),
    mode: z.enum(RECURRING_MODES),
    /** `due`, `held` or `scheduled`. */
    state: z.enum(OCCURRENCE_STATES),
    heldReason: z.string().nullable(),
    edited: z.boolean(),
    overdue: z.boolean(),
    remind: z.boolean(),
  }),
  z.object({
    kind: z.literal('installment'),
    debtId: z.string(),
    name: z.string().nullable(),
    number: z.number().int().positive(),
    date: calendarDateSchema,
    amount: moneySchema,
    overdue: z.boolean(),
    remind: z.boolean(),
  }),
]);
export type UpcomingItem = z.infer<typeof upcomingItemSchema>;

/**
 * `GET /upcoming`: what waits for the user (due and overdue, however old; at most 50 per rule)
 * and what comes in the next `days` days, oldest first; totals in the display currency
 * (`income` of income occurrences, `expense` of expense occurrences and installments), each
 * currency converted once; `outOfRange` when a total saturated.
 */
export const upcomingSchema = z.object({
  today: calendarDateSchema,
  through: calendarDateSchema,
  displayCurrency: currencySchema,
  items: z.array(upcomingItemSchema),
  totals: z.object({ income: minor, expense: minor, outOfRange: z.boolean() }),
  /** Items waiting for the user (due, held or overdue). */
  waitingCount: z.number().int().nonnegative(),
});
export type Upcoming = z.infer<typeof upcomingSchema>;
