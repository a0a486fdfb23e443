import { PREFERENCES_VIEW, RECURRING_RULES_VIEW } from '@plenty/contracts/views/registry';
import { addDays, daysInMonthOf } from '@plenty/contracts/calendar/date';
import type { Currency } from '@plenty/contracts/money';
import { isKnownTimeZone, localDate } from '@plenty/contracts/calendar/zone';
import { DEFAULT_PREFERENCES_VIEW, PREFERENCES_DOC_ID, type PreferencesView } from '@plenty/contracts/preferences';
import { occurrenceTransactionId } from '@plenty/contracts/recurring';
import {
  LAST_DATE,
  isUnhandled,
  occurrenceDetails,
  ruleOccurrences,
  unhandledOccurrences,
} from '@plenty/contracts/recurring-schedule';
import type {
  OccurrenceState,
  OccurrenceView,
  RecurringRuleDoc,
  RecurringRuleView,
} from '@plenty/contracts/views/recurring';
import { defaultWalletId } from '@plenty/contracts/wallets';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { findAll } from '../read-all.js';

/*
 * Reading a user's recurring rules for the queries: the rule documents of `recurring_rules`
 * as the app shows them, and the occurrences that wait for the user or come next.
 */

/** Rules read per page; a user's rules are read whole, once per query. */
const PAGE = 1000;
/** Occurrences waiting for the user that one rule shows, oldest first. */
export const MAX_WAITING = 50;
/** Next occurrences of a rule's detail. */
export const NEXT_COUNT = 12;

/** Every rule document of the user, in no particular order. */
export async function rulesOf(readStore: ReadStore, userId: string): Promise<RecurringRuleDoc[]> {
  const found = await findAll<RecurringRuleDoc & Record<string, unknown>>(readStore, RECURRING_RULES_VIEW, {
    userId,
    sort: [],
    limit: PAGE,
  });
  return found.map(({ doc }) => doc);
}

/** The user's preferences, or the defaults. */
export async function preferencesOf(readStore: ReadStore, userId: string): Promise<PreferencesView> {
  const stored = await readStore.get<PreferencesView>(PREFERENCES_VIEW, userId, PREFERENCES_DOC_ID);
  return { ...DEFAULT_PREFERENCES_VIEW, ...stored?.doc };
}

/** The user's date today; UTC's when the runtime does not know their zone (validated when saved). */
export const todayOf = (now: Date, preferences: Pick<PreferencesView, 'timeZone'>): string =>
  localDate(now, isKnownTimeZone(preferences.timeZone) ? preferences.timeZone : 'UTC');

/** The rule's last version: what it does from now on. */
export function currentVersion(doc: RecurringRuleDoc): RecurringRuleDoc['versions'][number] {
  const last = doc.versions.at(-1);
  if (last === undefined) throw new Error(`recurring rule ${doc.id} has no version`);
  return last;
}

/** A wallet as posted: the rule's, else the user's default wallet of the amount's currency. */
export const walletOf = (
  userId: string,
  details: {
    readonly walletId: string | null;
    readonly amount: { readonly currency: Parameters<typeof defaultWalletId>[1] };
  },
): string => details.walletId ?? defaultWalletId(userId, details.amount.currency);

/** The rule as the app shows it: its current version and where it stands. */
export function ruleView(userId: string, doc: RecurringRuleDoc): RecurringRuleView {
  const { rule } = currentVersion(doc);
  return {
    ...rule,
    // Older documents have neither: one category, no tags.
    splits: rule.splits ?? null,
    tags: rule.tags ?? [],
    id: doc.id,
    walletId: walletOf(userId, rule),
    status: doc.status,
    pausedOn: doc.pausedOn,
    heldOn: doc.heldOn,
    heldReason: doc.heldReason,
    nextDue: doc.nextDue,
    lastPostedOn: doc.lastPostedOn,
    postedCount: doc.postedCount,
    fromTransactionId: doc.fromTransactionId,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The list's order: active, held and paused rules by their next date (none last), then ended
 * ones, the latest ended first (by their last posting, then their last change); the id breaks ties.
 */
export function compareRules(a: RecurringRuleDoc, b: RecurringRuleDoc): number {
  const endedA = a.status === 'ended';
  const endedB = b.status === 'ended';
  if (endedA !== endedB) return endedA ? 1 : -1;
  if (!endedA) {
    if (a.nextDue !== b.nextDue) {
      if (a.nextDue === null) return 1;
      if (b.nextDue === null) return -1;
      return byText(a.nextDue, b.nextDue);
    }
  } else {
    const lastA = a.lastPostedOn ?? '';
    const lastB = b.lastPostedOn ?? '';
    if (lastA !== lastB) return byText(lastB, lastA);
    if (a.updatedAt !== b.updatedAt) return byText(b.updatedAt, a.updatedAt);
  }
  return byText(a.id, b.id);
}

/** One occurrence with what it posts (or was to post), its state and its transaction once posted. */
export function occurrenceView(
  userId: string,
  doc: RecurringRuleDoc,
  date: string,
  state: OccurrenceState,
): OccurrenceView | null {
  const details = occurrenceDetails(doc.versions, doc.overrides, date);
  if (details === null) return null;
  return {
    date,
    state,
    type: details.type,
    amount: details.amount,
    categoryId: details.categoryId,
    walletId: walletOf(userId, details),
    note: details.note,
    splits: details.splits === null ? null : [...details.splits],
    tags: [...details.tags],
    edited: details.edited,
    transactionId: state === 'posted' ? occurrenceTransactionId(userId, doc.id, date) : null,
  };
}

/** Whether the rule's due occurrences wait for the user: a `confirm` rule's while active, a held rule's. */
export function waitsForUser(doc: RecurringRuleDoc): 'due' | 'held' | null {
  if (doc.status === 'held') return 'held';
  if (doc.status === 'active' && currentVersion(doc).rule.mode === 'confirm') return 'due';
  return null;
}

/**
 * The occurrences that wait for the user on `today`, oldest first, at most MAX_WAITING: a
 * `confirm` rule's not handled up to today, a held rule's from the held one to today.
 */
export function waitingDates(doc: RecurringRuleDoc, today: string): { dates: string[]; state: 'due' | 'held' } | null {
  const state = waitsForUser(doc);
  if (state === null) return null;
  const from = state === 'held' ? doc.heldOn : null;
  const dates = unhandledOccurrences(doc, today, MAX_WAITING).filter((date) => from === null || date >= from);
  return { dates, state };
}

/**
 * The occurrences after `after` up to `through` that are neither posted nor skipped, oldest
 * first, at most `limit`. Dates on or before `handledThrough` are handled, so the search starts
 * after it; within the rest only the `posted` and `skipped` dates are, so asking for `limit`
 * more than those is enough.
 */
export function unhandledAfter(doc: RecurringRuleDoc, after: string, through: string, limit: number): string[] {
  if (doc.nextDue === null || doc.nextDue > through) return [];
  let from = addDays(after, 1);
  if (doc.handledThrough !== null && doc.handledThrough >= from) from = addDays(doc.handledThrough, 1);
  if (doc.nextDue > from) from = doc.nextDue;
  if (from > through) return [];
  return ruleOccurrences(doc.versions, from, through, limit + doc.posted.length + doc.skipped.length)
    .filter((date) => isUnhandled(doc, date))
    .slice(0, limit);
}

/** The next NEXT_COUNT occurrences after today not handled: `scheduled`, or `paused` while the rule is. */
export function nextOccurrences(userId: string, doc: RecurringRuleDoc, today: string): OccurrenceView[] {
  if (doc.status === 'ended') return [];
  const state: OccurrenceState = doc.status === 'paused' ? 'paused' : 'scheduled';
  return unhandledAfter(doc, today, LAST_DATE, NEXT_COUNT).flatMap((date) => {
    const view = occurrenceView(userId, doc, date, state);
    return view === null ? [] : [view];
  });
}

/**
 * The expenses of the user's active rules (both modes) dated after `today` within `month`
 * and not handled, each currency summed exactly and converted once with `convert`; 0 for a
 * month that is over.
 */
export function scheduledExpense(
  rules: readonly RecurringRuleDoc[],
  month: string,
  today: string,
  convert: (amount: bigint, currency: Currency) => bigint,
): bigint {
  const monthEnd = `${month}-${String(daysInMonthOf(month)).padStart(2, '0')}`;
  if (monthEnd <= today) return 0n;
  const monthStart = `${month}-01`;
  const after = monthStart > today ? addDays(monthStart, -1) : today;
  const sums = new Map<Currency, bigint>();
  for (const doc of rules) {
    if (doc.status !== 'active') continue;
    // At most one occurrence a day.
    for (const date of unhandledAfter(doc, after, monthEnd, 31)) {
      const details = occurrenceDetails(doc.versions, doc.overrides, date);
      if (details === null || details.type !== 'expense') continue;
      const { amount, currency } = details.amount;
      sums.set(currency, (sums.get(currency) ?? 0n) + BigInt(amount));
    }
  }
  let total = 0n;
  for (const [currency, amount] of sums) total += convert(amount, currency);
  return total;
}
