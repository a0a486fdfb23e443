/*
 * What the dashboard's Upcoming card, its reminder strip and the transaction list's scheduled
 * rows make of the `upcoming` answer (contracts/src/views/recurring.ts), without React: when an
 * item falls, whether it waits for the user, what the user can do with it, and which reminders
 * the user has dismissed (remembered per user in local storage).
 */
import { daysBetween } from '@plenty/contracts/calendar/date';
import type { Upcoming, UpcomingItem } from '@plenty/contracts/views/recurring';

export type RecurringItem = Extract<UpcomingItem, { kind: 'recurring' }>;
export type InstallmentItem = Extract<UpcomingItem, { kind: 'installment' }>;

/** How an item's date reads next to today: past, today, tomorrow, a weekday of this week, or a date. */
export type When = 'past' | 'today' | 'tomorrow' | 'weekday' | 'date';

export function whenOf(date: string, today: string): When {
  const days = daysBetween(today, date);
  if (days < 0) return 'past';
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  return days < 7 ? 'weekday' : 'date';
}

/** The same occurrence or installment in every answer: its rule or debt and its date. */
export const itemKey = (item: UpcomingItem): string =>
  item.kind === 'recurring'
    ? `recurring:${item.ruleId}:${item.date}`
    : `installment:${item.debtId}:${item.number}:${item.date}`;

/** Waiting for the user: a confirm occurrence due, a held rule's occurrence, an installment due or overdue. */
export function isWaiting(item: UpcomingItem, today: string): boolean {
  if (item.overdue) return true;
  if (item.kind === 'recurring') return item.state === 'due' || item.state === 'held';
  return item.date <= today;
}

/** What the user can do with an item in place: post or skip a confirm occurrence that is due, fix a held rule, open a debt. */
export function actionsOf(item: UpcomingItem): 'confirm' | 'held' | 'debt' | 'none' {
  if (item.kind === 'installment') return 'debt';
  if (item.state === 'held') return 'held';
  return item.state === 'due' && item.mode === 'confirm' ? 'confirm' : 'none';
}

/** The recurring occurrences not posted yet, latest first (above a list that shows the newest first). */
export function scheduledOccurrences(answer: Pick<Upcoming, 'items'>): RecurringItem[] {
  return answer.items
    .filter((item): item is RecurringItem => item.kind === 'recurring')
    .sort((a, b) => (a.date === b.date ? a.ruleId.localeCompare(b.ruleId) : a.date < b.date ? 1 : -1));
}

/** The items to remind the user of in the app, oldest first, without those dismissed. */
export function reminders(answer: Pick<Upcoming, 'items'>, dismissed: ReadonlySet<string>): UpcomingItem[] {
  return answer.items.filter((item) => item.remind && !dismissed.has(itemKey(item)));
}

/** The most dismissals kept per user: the oldest are forgotten first. */
export const MAX_DISMISSED = 200;

const storageKey = (userId: string) => `plenty_reminders_dismissed:${userId}`;

/** The reminders a user dismissed on this device; none when storage is unavailable or unreadable. */
export function readDismissed(storage: Pick<Storage, 'getItem'> | null, userId: string): Set<string> {
  if (storage === null || userId === '') return new Set();
  try {
    const stored: unknown = JSON.parse(storage.getItem(storageKey(userId)) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((key): key is string => typeof key === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Remembers one more dismissed reminder and answers the whole set. */
export function saveDismissed(
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
  userId: string,
  key: string,
): Set<string> {
  const keys = [...readDismissed(storage, userId)].filter((kept) => kept !== key);
  keys.push(key);
  const kept = keys.slice(-MAX_DISMISSED);
  if (storage !== null && userId !== '') {
    try {
      storage.setItem(storageKey(userId), JSON.stringify(kept));
    } catch {
      // Storage full or refused: the reminder stays hidden until the page is reloaded.
    }
  }
  return new Set(kept);
}
