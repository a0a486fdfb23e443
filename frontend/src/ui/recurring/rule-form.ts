/*
 * The recurring rule form without React: what the dialog holds, how it checks it as the
 * server does, the rule fields it sends, and the next dates it previews (computed with the
 * contracts' calendar module, so the preview is what the server will post). Shared with the
 * screens that open the rule dialog ("Repeat…" on a transaction).
 */
import { addDays, addMonthsToDate, isCalendarDate, parseDate } from '@plenty/contracts/calendar/date';
import {
  MAX_INTERVAL,
  MAX_OCCURRENCE_COUNT,
  occurrencesBetween,
  recurrenceSchema,
  type Recurrence,
  type RecurrenceFrequency,
} from '@plenty/contracts/calendar/recurrence';
import type { TransactionType } from '@plenty/contracts/categories';
import type { Currency } from '@plenty/contracts/money';
import { recurringRuleFieldsSchema, type RecurringMode, type RecurringRuleFields } from '@plenty/contracts/recurring';
import { LAST_DATE } from '@plenty/contracts/recurring-schedule';
import { LIMITS } from '@plenty/contracts/text';
import type { SplitLineView } from '@plenty/contracts/splits';
import { MAX_TAGS } from '@plenty/contracts/tags';
import type { RecurringRuleView } from '@plenty/contracts/views/recurring';
import { amountInput, parseAmount } from '../../lib/amount';
import type { Locale } from '../../lib/locale';
import type { MessageId } from '../../lib/messages';
import { splitDrafts, splitProblem, type SplitLineDraft } from '../split-lines/split-draft';

export const RULE_FIELDS = [
  'amount',
  'walletId',
  'categoryId',
  'note',
  'interval',
  'startDate',
  'monthDay',
  'endDate',
  'endCount',
  'splits',
  'tags',
] as const;
export type RuleField = (typeof RULE_FIELDS)[number];
export type RuleErrors = Partial<Record<RuleField, MessageId>>;

export type EndKind = 'never' | 'on' | 'after';

/** What the rule dialog holds while the user fills it in. */
export interface RuleDraft {
  readonly type: TransactionType;
  readonly amount: string;
  readonly currency: Currency;
  readonly categoryId: string;
  /** '' until the wallets are known (then the default wallet of the currency). */
  readonly walletId: string;
  readonly note: string;
  readonly frequency: RecurrenceFrequency;
  readonly interval: string;
  readonly startDate: string;
  /** Monthly and yearly: '1'–'31' or 'last'. */
  readonly monthDay: string;
  readonly endKind: EndKind;
  readonly endDate: string;
  readonly endCount: string;
  readonly mode: RecurringMode;
  readonly remind: boolean;
  /** The category lines each occurrence is split into; null while it has one category. */
  readonly splits: readonly SplitLineDraft[] | null;
  /** The tags each occurrence carries. */
  readonly tags: readonly string[];
}

/** A transaction (or anything like one) a rule may start from. */
export interface RuleSeed {
  readonly type: TransactionType;
  readonly amount: { readonly amount: number; readonly currency: Currency };
  readonly categoryId: string;
  readonly walletId: string | null;
  readonly note: string | null;
  readonly date: string;
  readonly splits?: readonly SplitLineView[] | null | undefined;
  readonly tags?: readonly string[] | undefined;
}

const dayOf = (date: string) => String(parseDate(date).day);

export function emptyRuleDraft(currency: Currency, today: string): RuleDraft {
  return {
    type: 'expense',
    amount: '',
    currency,
    categoryId: '',
    walletId: '',
    note: '',
    frequency: 'month',
    interval: '1',
    startDate: today,
    monthDay: dayOf(today),
    endKind: 'never',
    endDate: '',
    endCount: '12',
    mode: 'auto',
    remind: true,
    splits: null,
    tags: [],
  };
}

/**
 * "Repeat…" on a transaction: the same amount, category (or split lines), wallet, note and tags every month on the
 * transaction's day, starting the next month (the 31st stays the 31st: shorter months take
 * their last day).
 */
export function draftFromTransaction(seed: RuleSeed, locale: Locale): RuleDraft {
  const startDate = addMonthsToDate(seed.date, 1);
  return {
    ...emptyRuleDraft(seed.amount.currency, startDate),
    type: seed.type,
    amount: amountInput(seed.amount.amount, seed.amount.currency, locale),
    categoryId: seed.categoryId,
    walletId: seed.walletId ?? '',
    note: seed.note ?? '',
    monthDay: dayOf(seed.date),
    splits: splitDrafts(seed.splits, seed.amount.currency, locale),
    tags: [...(seed.tags ?? [])],
  };
}

/**
 * A rule as it is, to edit "this and following" from `from`: the schedule restarts on `from`
 * (an edit's start may not be before it), keeping its day of the month, and "after N times"
 * counts what is left from there.
 */
export function draftFromRule(rule: RecurringRuleView, from: string, locale: Locale): RuleDraft {
  const { schedule } = rule;
  const monthly = schedule.frequency === 'month' || schedule.frequency === 'year';
  const before =
    schedule.end.kind === 'after' && from > schedule.startDate
      ? occurrencesBetween(schedule, schedule.startDate, addDays(from, -1), MAX_OCCURRENCE_COUNT).length
      : 0;
  return {
    type: rule.type,
    amount: amountInput(rule.amount.amount, rule.amount.currency, locale),
    currency: rule.amount.currency,
    categoryId: rule.categoryId,
    walletId: rule.walletId,
    note: rule.note ?? '',
    frequency: schedule.frequency,
    interval: String(schedule.interval),
    startDate: from,
    monthDay: monthly ? String(schedule.monthDay ?? parseDate(schedule.startDate).day) : dayOf(from),
    endKind: schedule.end.kind,
    endDate: schedule.end.kind === 'on' ? schedule.end.date : '',
    endCount: schedule.end.kind === 'after' ? String(Math.max(1, schedule.end.count - before)) : '12',
    mode: rule.mode,
    remind: rule.remind,
    splits: splitDrafts(rule.splits, rule.amount.currency, locale),
    tags: [...(rule.tags ?? [])],
  };
}

/** A whole number typed in Western, Thai or Lao digits; null otherwise. */
export function wholeNumber(text: string): number | null {
  const western = text.trim().replace(/[๐-๙໐-໙]/g, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code >= 0x0ed0 ? code - 0x0ed0 : code - 0x0e50);
  });
  return /^\d{1,4}$/.test(western) ? Number(western) : null;
}

/** The schedule of the draft, or null while a part of it is not valid yet (for the preview). */
export function draftSchedule(draft: RuleDraft): Recurrence | null {
  const interval = wholeNumber(draft.interval);
  if (interval === null || !isCalendarDate(draft.startDate)) return null;
  const monthly = draft.frequency === 'month' || draft.frequency === 'year';
  const monthDay = draft.monthDay === 'last' ? 'last' : wholeNumber(draft.monthDay);
  const count = wholeNumber(draft.endCount);
  const end =
    draft.endKind === 'on'
      ? isCalendarDate(draft.endDate)
        ? { kind: 'on' as const, date: draft.endDate }
        : null
      : draft.endKind === 'after'
        ? count === null
          ? null
          : { kind: 'after' as const, count }
        : { kind: 'never' as const };
  if (end === null) return null;
  const parsed = recurrenceSchema.safeParse({
    frequency: draft.frequency,
    interval,
    startDate: draft.startDate,
    ...(monthly && monthDay !== null ? { monthDay } : {}),
    end,
  });
  return parsed.success ? parsed.data : null;
}

/** The first `count` dates of the draft's schedule (from its start), for the live preview. */
export function previewDates(draft: RuleDraft, count = 5): string[] {
  const schedule = draftSchedule(draft);
  if (schedule === null) return [];
  return occurrencesBetween(schedule, schedule.startDate, LAST_DATE, count).map((occurrence) => occurrence.date);
}

/** Past dates a new rule posts by itself as soon as it is saved (an `auto` rule starting before today); at most `cap`. */
export const PAST_DATES_CAP = 1000;
export function pastDatesPosted(draft: RuleDraft, today: string, cap = PAST_DATES_CAP): number {
  const schedule = draftSchedule(draft);
  if (schedule === null || draft.mode !== 'auto' || schedule.startDate > today) return 0;
  return occurrencesBetween(schedule, schedule.startDate, today, cap).length;
}

/** Whether the draft's day of the month is past a shorter month's end (the "last day" note). */
export const pastShortMonths = (draft: RuleDraft): boolean =>
  (draft.frequency === 'month' || draft.frequency === 'year') &&
  draft.monthDay !== 'last' &&
  (wholeNumber(draft.monthDay) ?? 0) > 28;

/** Checks the draft as the server will: a message per field, or the rule's fields to send. */
export function validateRule(
  draft: RuleDraft,
  locale: Locale,
): { readonly errors: RuleErrors; readonly value: RecurringRuleFields | null } {
  const errors: { -readonly [K in RuleField]?: MessageId } = {};
  const amount = parseAmount(draft.amount, draft.currency, locale);
  if (!amount.ok) errors.amount = `error.${amount.error}`;
  const split =
    draft.splits === null ? null : splitProblem(draft.splits, amount.ok ? amount.amount : null, draft.currency, locale);
  if (split !== null && split.error !== null) errors.splits = split.error;
  if (draft.splits === null && draft.categoryId === '') errors.categoryId = 'error.category_required';
  if (draft.tags.length > MAX_TAGS) errors.tags = 'error.tags_too_many';
  const lines = split?.lines ?? null;
  const note = draft.note.normalize('NFC').trim();
  if (note.length > LIMITS.note) errors.note = 'recurring.validation.noteTooLong';
  const interval = wholeNumber(draft.interval);
  if (interval === null || interval < 1 || interval > MAX_INTERVAL) errors.interval = 'recurring.validation.interval';
  if (!isCalendarDate(draft.startDate)) errors.startDate = 'error.date_invalid';
  const monthly = draft.frequency === 'month' || draft.frequency === 'year';
  const day = draft.monthDay === 'last' ? 'last' : wholeNumber(draft.monthDay);
  if (monthly && (day === null || (day !== 'last' && (day < 1 || day > 31)))) {
    errors.monthDay = 'recurring.validation.monthDay';
  }
  if (draft.endKind === 'on') {
    if (!isCalendarDate(draft.endDate)) errors.endDate = 'error.date_invalid';
    else if (isCalendarDate(draft.startDate) && draft.endDate < draft.startDate) {
      errors.endDate = 'recurring.validation.endBeforeStart';
    }
  }
  const count = wholeNumber(draft.endCount);
  if (draft.endKind === 'after' && (count === null || count < 1 || count > MAX_OCCURRENCE_COUNT)) {
    errors.endCount = 'recurring.validation.count';
  }
  const schedule = draftSchedule(draft);
  if (Object.keys(errors).length > 0 || !amount.ok || schedule === null) return { errors, value: null };
  const fields = recurringRuleFieldsSchema.safeParse({
    type: draft.type,
    amount: { amount: amount.amount, currency: draft.currency },
    categoryId: lines?.[0]?.categoryId ?? draft.categoryId,
    ...(lines === null ? {} : { splits: lines }),
    ...(draft.tags.length === 0 ? {} : { tags: [...draft.tags] }),
    ...(draft.walletId === '' ? {} : { walletId: draft.walletId }),
    ...(note === '' ? {} : { note }),
    mode: draft.mode,
    remind: draft.remind,
    schedule,
  });
  return fields.success ? { errors, value: fields.data } : { errors: { amount: 'error.field_invalid' }, value: null };
}
