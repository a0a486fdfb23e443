import { describe, expect, it } from 'vitest';
import type { UpcomingItem } from '@plenty/contracts/views/recurring';
import {
  MAX_DISMISSED,
  actionsOf,
  isWaiting,
  itemKey,
  readDismissed,
  reminders,
  saveDismissed,
  scheduledOccurrences,
  whenOf,
} from './upcoming';

const RULE = '0192f000-0000-7000-8000-000000000001';
const OTHER_RULE = '0192f000-0000-7000-8000-000000000002';
const DEBT = '0192f000-0000-7000-8000-0000000000d1';

const occurrence = (overrides: Partial<Extract<UpcomingItem, { kind: 'recurring' }>> = {}): UpcomingItem => ({
  kind: 'recurring',
  ruleId: RULE,
  date: '2026-11-27',
  type: 'expense',
  amount: { amount: 250000000, currency: 'LAK' },
  categoryId: 'builtin-housing',
  walletId: '0192f000-0000-7000-8000-0000000000a1',
  note: 'Rent',
  mode: 'confirm',
  state: 'due',
  heldReason: null,
  edited: false,
  overdue: false,
  remind: false,
  ...overrides,
});

const installment = (overrides: Partial<Extract<UpcomingItem, { kind: 'installment' }>> = {}): UpcomingItem => ({
  kind: 'installment',
  debtId: DEBT,
  name: 'Motorbike',
  number: 3,
  date: '2026-11-30',
  amount: { amount: 120000000, currency: 'LAK' },
  overdue: false,
  remind: false,
  ...overrides,
});

/** A local storage stand-in that can also refuse to store. */
function memoryStorage(refuse = false) {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (refuse) throw new Error('QuotaExceededError');
      values.set(key, value);
    },
  };
}

describe('when an upcoming item falls', () => {
  it('reads past, today, tomorrow, a weekday within the week, and a date further on', () => {
    const today = '2026-11-27';
    expect(whenOf('2026-11-20', today)).toBe('past');
    expect(whenOf('2026-11-27', today)).toBe('today');
    expect(whenOf('2026-11-28', today)).toBe('tomorrow');
    expect(whenOf('2026-12-03', today)).toBe('weekday');
    expect(whenOf('2026-12-04', today)).toBe('date');
    // Across a year's end.
    expect(whenOf('2027-01-01', '2026-12-31')).toBe('tomorrow');
  });
});

describe('what waits for the user and what can be done with it', () => {
  it('waits for a due confirm occurrence, a held rule and an installment due today or overdue, not for one ahead', () => {
    const today = '2026-11-27';
    expect(isWaiting(occurrence(), today)).toBe(true);
    expect(isWaiting(occurrence({ state: 'held', mode: 'auto' }), today)).toBe(true);
    expect(isWaiting(occurrence({ state: 'scheduled', date: '2026-11-30' }), today)).toBe(false);
    expect(isWaiting(installment({ date: today }), today)).toBe(true);
    expect(isWaiting(installment({ date: '2026-11-20', overdue: true }), today)).toBe(true);
    expect(isWaiting(installment(), today)).toBe(false);
  });

  it('offers Post now and Skip only on a confirm occurrence that is due', () => {
    expect(actionsOf(occurrence())).toBe('confirm');
    expect(actionsOf(occurrence({ state: 'scheduled' }))).toBe('none');
    expect(actionsOf(occurrence({ mode: 'auto', state: 'scheduled' }))).toBe('none');
    expect(actionsOf(occurrence({ mode: 'auto', state: 'held', heldReason: 'wallet_archived' }))).toBe('held');
    expect(actionsOf(installment())).toBe('debt');
  });
});

describe('scheduled occurrences', () => {
  it('lists the recurring occurrences only, the latest first, as the transaction list orders its rows', () => {
    const first = occurrence({ date: '2026-11-28', state: 'scheduled' });
    const later = occurrence({ date: '2026-12-27', state: 'scheduled' });
    const sameDay = occurrence({ ruleId: OTHER_RULE, date: '2026-11-28', state: 'scheduled' });
    expect(scheduledOccurrences({ items: [first, installment(), later, sameDay] })).toEqual([later, first, sameDay]);
  });
});

describe('in-app reminders', () => {
  it('reminds of the items marked for it, without those dismissed', () => {
    const rent = occurrence({ remind: true });
    const loan = installment({ remind: true });
    const quiet = occurrence({ ruleId: OTHER_RULE, remind: false });
    expect(reminders({ items: [rent, loan, quiet] }, new Set())).toEqual([rent, loan]);
    expect(reminders({ items: [rent, loan, quiet] }, new Set([itemKey(rent)]))).toEqual([loan]);
  });

  it('tells each occurrence and installment apart, so dismissing one leaves the next', () => {
    const keys = new Set([
      itemKey(occurrence()),
      itemKey(occurrence({ date: '2026-12-27' })),
      itemKey(occurrence({ ruleId: OTHER_RULE })),
      itemKey(installment()),
      itemKey(installment({ number: 4, date: '2026-12-30' })),
    ]);
    expect(keys.size).toBe(5);
  });

  it('remembers dismissals per user, and forgets the oldest beyond the limit', () => {
    const storage = memoryStorage();
    saveDismissed(storage, 'user-a', 'recurring:x:2026-11-27');
    expect(readDismissed(storage, 'user-a')).toEqual(new Set(['recurring:x:2026-11-27']));
    expect(readDismissed(storage, 'user-b')).toEqual(new Set());
    for (let index = 0; index < MAX_DISMISSED + 5; index += 1) saveDismissed(storage, 'user-a', `key-${index}`);
    const kept = readDismissed(storage, 'user-a');
    expect(kept.size).toBe(MAX_DISMISSED);
    expect(kept.has('recurring:x:2026-11-27')).toBe(false);
    expect(kept.has(`key-${MAX_DISMISSED + 4}`)).toBe(true);
  });

  it('keeps working without storage, with unreadable storage and when storing is refused', () => {
    expect(readDismissed(null, 'user-a')).toEqual(new Set());
    const garbled = memoryStorage();
    garbled.values.set('plenty_reminders_dismissed:user-a', '{not json');
    expect(readDismissed(garbled, 'user-a')).toEqual(new Set());
    expect(saveDismissed(memoryStorage(true), 'user-a', 'k')).toEqual(new Set(['k']));
    expect(saveDismissed(null, 'user-a', 'k')).toEqual(new Set(['k']));
  });
});
