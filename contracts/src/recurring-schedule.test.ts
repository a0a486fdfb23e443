import { describe, expect, it } from 'vitest';
import {
  compactHandled,
  isRuleOccurrence,
  occurrenceAfterDate,
  occurrenceDetails,
  overridesBefore,
  pausedOccurrences,
  ruleOccurrences,
  unhandledOccurrences,
  versionAt,
  withVersionFrom,
} from './recurring-schedule.js';
import {
  newRuleStanding,
  type RecurringRuleDoc,
  type RecurringRuleDocFields,
  type RecurringVersion,
} from './views/recurring.js';

/** Rent of 4,500 baht on the 1st of each month from January 2027. */
const rent: RecurringRuleDocFields = {
  type: 'expense',
  amount: { amount: 450_000, currency: 'THB' },
  categoryId: 'builtin-housing',
  walletId: null,
  note: 'Rent',
  mode: 'auto',
  remind: false,
  schedule: { frequency: 'month', interval: 1, startDate: '2027-01-01', end: { kind: 'never' } },
};
const first: RecurringVersion = { from: '2027-01-01', rule: rent };
/** From April the rent is 4,800 baht and due on the 15th. */
const raised: RecurringVersion = {
  from: '2027-04-01',
  rule: {
    ...rent,
    amount: { amount: 480_000, currency: 'THB' },
    schedule: { ...rent.schedule, startDate: '2027-04-01', monthDay: 15 },
  },
};
const versions = [first, raised];

/** A rule document where the schedule functions need one. */
const doc = (fields: Partial<RecurringRuleDoc> = {}): RecurringRuleDoc => {
  const base = {
    id: 'rule',
    versions,
    ...newRuleStanding(),
    nextDue: '2027-01-01',
    fromTransactionId: null,
    createdAt: '2027-01-01T00:00:00.000Z',
    updatedAt: '2027-01-01T00:00:00.000Z',
  };
  return { ...base, ...fields };
};

describe('a rule with versions', () => {
  it('finds the version that governs a date', () => {
    expect(versionAt(versions, '2026-12-31')).toBeNull();
    expect(versionAt(versions, '2027-03-31')).toBe(first);
    expect(versionAt(versions, '2027-04-01')).toBe(raised);
  });

  it('lists each version’s occurrences within its span', () => {
    expect(ruleOccurrences(versions, '2027-01-01', '2027-06-30', 100)).toEqual([
      '2027-01-01',
      '2027-02-01',
      '2027-03-01',
      '2027-04-15',
      '2027-05-15',
      '2027-06-15',
    ]);
    expect(ruleOccurrences(versions, '2027-02-01', '2027-12-31', 3)).toEqual([
      '2027-02-01',
      '2027-03-01',
      '2027-04-15',
    ]);
    expect(isRuleOccurrence(versions, '2027-04-01')).toBe(false);
    expect(isRuleOccurrence(versions, '2027-04-15')).toBe(true);
    expect(occurrenceAfterDate(versions, '2027-03-01')).toBe('2027-04-15');
    expect(occurrenceAfterDate(versions, null)).toBe('2027-01-01');
  });

  it('replaces the versions from a date on with a new one, and drops their own changes', () => {
    const later: RecurringVersion = { ...raised, from: '2027-03-01' };
    expect(withVersionFrom(versions, later)).toEqual([first, later]);
    expect(withVersionFrom(versions, { ...raised, from: '2027-01-01' })).toEqual([{ ...raised, from: '2027-01-01' }]);
    expect(overridesBefore({ '2027-02-01': { note: 'a' }, '2027-04-15': { note: 'b' } }, '2027-04-01')).toEqual({
      '2027-02-01': { note: 'a' },
    });
  });

  it('gives an occurrence its version’s fields with its own changes', () => {
    const overrides = { '2027-05-15': { amount: { amount: 500_000, currency: 'THB' as const }, note: null } };
    expect(occurrenceDetails(versions, overrides, '2027-02-01')).toEqual({
      type: 'expense',
      amount: { amount: 450_000, currency: 'THB' },
      categoryId: 'builtin-housing',
      walletId: null,
      note: 'Rent',
      splits: null,
      tags: [],
      edited: false,
    });
    expect(occurrenceDetails(versions, overrides, '2027-05-15')).toMatchObject({
      amount: { amount: 500_000, currency: 'THB' },
      note: null,
      edited: true,
    });
    expect(occurrenceDetails(versions, overrides, '2026-12-01')).toBeNull();
  });
});

describe('where a rule stands', () => {
  it('folds occurrences handled in a row and keeps those posted ahead apart', () => {
    expect(
      compactHandled(versions, {
        handledThrough: null,
        posted: ['2027-01-01', '2027-03-01', '2027-05-15'],
        skipped: ['2027-02-01'],
      }),
    ).toEqual({ handledThrough: '2027-03-01', posted: ['2027-05-15'], skipped: [], nextDue: '2027-04-15' });
  });

  it('drops dates that are no longer occurrences after an edit', () => {
    expect(
      compactHandled(versions, { handledThrough: '2027-01-01', posted: ['2027-04-01'], skipped: ['2027-05-01'] }),
    ).toEqual({ handledThrough: '2027-01-01', posted: [], skipped: [], nextDue: '2027-02-01' });
  });

  it('has no next occurrence once the schedule has ended', () => {
    const twice = [
      { ...first, rule: { ...rent, schedule: { ...rent.schedule, end: { kind: 'after' as const, count: 2 } } } },
    ];
    expect(compactHandled(twice, { handledThrough: null, posted: ['2027-01-01', '2027-02-01'], skipped: [] })).toEqual({
      handledThrough: '2027-02-01',
      posted: [],
      skipped: [],
      nextDue: null,
    });
  });

  it('lists the unhandled occurrences up to a date, passing over those posted ahead and skipped', () => {
    const standing = doc({ nextDue: '2027-01-01', posted: ['2027-02-01'], skipped: ['2027-03-01'] });
    expect(unhandledOccurrences(standing, '2027-06-30', 10)).toEqual([
      '2027-01-01',
      '2027-04-15',
      '2027-05-15',
      '2027-06-15',
    ]);
    expect(unhandledOccurrences(standing, '2027-06-30', 2)).toEqual(['2027-01-01', '2027-04-15']);
    expect(unhandledOccurrences(standing, '2026-12-31', 10)).toEqual([]);
  });

  it('lists none from the day a rule was paused', () => {
    const paused = doc({ status: 'paused', pausedOn: '2027-03-01', nextDue: '2027-01-01' });
    expect(unhandledOccurrences(paused, '2027-12-31', 10)).toEqual(['2027-01-01', '2027-02-01']);
  });

  it('passes over the occurrences of a pause, up to the day before resuming', () => {
    expect(pausedOccurrences(versions, '2027-01-15', '2027-05-15')).toEqual(['2027-02-01', '2027-03-01', '2027-04-15']);
    expect(pausedOccurrences(versions, '2027-01-15', '2027-01-15')).toEqual([]);
  });
});
