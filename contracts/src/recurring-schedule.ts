import { occurrencesBetween } from './calendar/recurrence.js';
import { addDays } from './calendar/date.js';
import type { Money } from './money.js';
import type { OccurrenceChanges } from './recurring.js';
import type { SplitLineView } from './splits.js';
import {
  splitLinesOf,
  type RecurringRuleDoc,
  type RecurringRuleDocFields,
  type RecurringVersion,
} from './views/recurring.js';

/*
 * The occurrences of a rule with versions, and where a rule stands: the one reading of a rule
 * shared by the command side (which occurrence may be posted), the projection (`nextDue`), the
 * poster, the queries (upcoming, scheduled items, the budget's projection) and the reminders.
 */

/** Past any date an occurrence may have (calendar/date.ts MAX_YEAR). */
export const LAST_DATE = '2200-12-31';

/** The version that governs `date`: the last whose `from` ≤ date; null before the first. */
export function versionAt<V extends { readonly from: string }>(versions: readonly V[], date: string): V | null {
  let found: V | null = null;
  for (const version of versions) {
    if (version.from <= date) found = version;
    else break;
  }
  return found;
}

/** A version's schedule as far as versions go: from its `from` to the day before the next one's. */
interface Span<V> {
  readonly version: V;
  readonly from: string;
  readonly to: string;
}

function spans<V extends { readonly from: string }>(versions: readonly V[]): Span<V>[] {
  return versions.map((version, index) => {
    const next = versions[index + 1];
    return { version, from: version.from, to: next === undefined ? LAST_DATE : addDays(next.from, -1) };
  });
}

/**
 * The occurrences of a versioned rule from `from` to `to` (both inclusive), oldest first, at
 * most `limit`: each version's schedule within its span.
 */
export function ruleOccurrences(
  versions: readonly {
    readonly from: string;
    readonly rule: { readonly schedule: RecurringRuleDocFields['schedule'] };
  }[],
  from: string,
  to: string,
  limit: number,
): string[] {
  const found: string[] = [];
  for (const span of spans(versions)) {
    if (found.length >= limit) break;
    const lo = span.from > from ? span.from : from;
    const hi = span.to < to ? span.to : to;
    if (lo > hi) continue;
    for (const occurrence of occurrencesBetween(span.version.rule.schedule, lo, hi, limit - found.length)) {
      found.push(occurrence.date);
    }
  }
  return found;
}

/** Whether `date` is an occurrence of the versioned rule. */
export const isRuleOccurrence = (versions: readonly RecurringVersion[], date: string): boolean =>
  ruleOccurrences(versions, date, date, 1).length === 1;

/** The first occurrence strictly after `date` (from the start when null); null when none is left. */
export function occurrenceAfterDate(versions: readonly RecurringVersion[], date: string | null): string | null {
  const first = versions[0];
  if (first === undefined) return null;
  const from = date === null ? first.from : addDays(date, 1);
  return ruleOccurrences(versions, from, LAST_DATE, 1)[0] ?? null;
}

/** Where a rule stands after an event: occurrences handled in a row folded into `handledThrough`. */
export interface HandledState {
  readonly handledThrough: string | null;
  readonly posted: readonly string[];
  readonly skipped: readonly string[];
  readonly nextDue: string | null;
}

/**
 * Folds the posted and skipped occurrences that follow `handledThrough` in a row into it, drops
 * dates that are handled already or no occurrence of the rule (after an edit), and finds the
 * next occurrence due.
 */
export function compactHandled(
  versions: readonly RecurringVersion[],
  state: Omit<HandledState, 'nextDue'>,
): HandledState {
  let handledThrough = state.handledThrough;
  const posted = new Set(state.posted);
  const skipped = new Set(state.skipped);
  let next = occurrenceAfterDate(versions, handledThrough);
  while (next !== null && (posted.has(next) || skipped.has(next))) {
    posted.delete(next);
    skipped.delete(next);
    handledThrough = next;
    next = occurrenceAfterDate(versions, handledThrough);
  }
  const keep = (date: string) => (handledThrough === null || date > handledThrough) && isRuleOccurrence(versions, date);
  return {
    handledThrough,
    posted: [...posted].filter(keep).sort(),
    skipped: [...skipped].filter(keep).sort(),
    nextDue: next,
  };
}

/** Whether the occurrence is neither posted, skipped nor on or before `handledThrough`. */
export function isUnhandled(
  doc: Pick<RecurringRuleDoc, 'handledThrough' | 'posted' | 'skipped'>,
  date: string,
): boolean {
  if (doc.handledThrough !== null && date <= doc.handledThrough) return false;
  return !doc.posted.includes(date) && !doc.skipped.includes(date);
}

/**
 * The occurrences not yet handled from `nextDue` up to `through`, oldest first, at most `limit`.
 * A paused rule has none from `pausedOn` on.
 */
export function unhandledOccurrences(
  doc: Pick<RecurringRuleDoc, 'versions' | 'handledThrough' | 'posted' | 'skipped' | 'nextDue' | 'status' | 'pausedOn'>,
  through: string,
  limit: number,
): string[] {
  if (doc.nextDue === null || doc.nextDue > through) return [];
  const to =
    doc.status === 'paused' && doc.pausedOn !== null && doc.pausedOn <= through ? addDays(doc.pausedOn, -1) : through;
  const found: string[] = [];
  let from = doc.nextDue;
  while (found.length < limit && from <= to) {
    const batch = ruleOccurrences(
      doc.versions,
      from,
      to,
      limit - found.length + doc.posted.length + doc.skipped.length,
    );
    if (batch.length === 0) break;
    for (const date of batch) {
      if (found.length < limit && isUnhandled(doc, date)) found.push(date);
    }
    const last = batch.at(-1);
    if (last === undefined) break;
    from = addDays(last, 1);
  }
  return found;
}

/** What an occurrence posts: its version's fields with the occurrence's own changes. */
export interface OccurrenceDetails {
  readonly type: RecurringRuleDocFields['type'];
  readonly amount: Money;
  readonly categoryId: string;
  /** Null: the default wallet of the amount's currency. */
  readonly walletId: string | null;
  readonly note: string | null;
  /** The lines it is split into (splits.ts); null: one category. */
  readonly splits: readonly SplitLineView[] | null;
  /** Its tags ([] for none). */
  readonly tags: readonly string[];
  /** Changed by "this one". */
  readonly edited: boolean;
}

export function occurrenceDetails(
  versions: readonly RecurringVersion[],
  overrides: Readonly<Record<string, OccurrenceChanges>>,
  date: string,
): OccurrenceDetails | null {
  const version = versionAt(versions, date);
  if (version === null) return null;
  const { rule } = version;
  const changes = Object.hasOwn(overrides, date) ? overrides[date] : undefined;
  return {
    type: rule.type,
    amount: changes?.amount ?? rule.amount,
    categoryId: changes?.categoryId ?? rule.categoryId,
    walletId: changes?.walletId ?? rule.walletId,
    note: changes?.note === undefined ? rule.note : changes.note,
    splits: changes?.splits === undefined ? (rule.splits ?? null) : splitLinesOf(changes.splits),
    tags: rule.tags ?? [],
    edited: changes !== undefined,
  };
}

/**
 * The versions after a "this and following" edit from `from`: the versions that start before
 * `from` are kept, the rest give way to the new one.
 */
export function withVersionFrom<V extends { readonly from: string }>(versions: readonly V[], version: V): V[] {
  return [...versions.filter((kept) => kept.from < version.from), version];
}

/**
 * The "this one" changes still standing after a "this and following" edit from `from`: those of
 * occurrences before it (the later ones belonged to the version the edit replaced).
 */
export function overridesBefore<T>(overrides: Readonly<Record<string, T>>, from: string): Record<string, T> {
  return Object.fromEntries(Object.entries(overrides).filter(([date]) => date < from));
}

/**
 * The occurrences a pause passes over when the rule is resumed: those dated from `pausedOn` up
 * to the day before `resumedOn` (an occurrence on the day of resuming is due as usual).
 */
export function pausedOccurrences(
  versions: readonly RecurringVersion[],
  pausedOn: string,
  resumedOn: string,
  limit = 10_000,
): string[] {
  const to = addDays(resumedOn, -1);
  return pausedOn > to ? [] : ruleOccurrences(versions, pausedOn, to, limit);
}
