import type { RecurringRuleView } from '@plenty/contracts/views/recurring';
import { describe, expect, it } from 'vitest';
import {
  draftFromRule,
  draftFromTransaction,
  emptyRuleDraft,
  pastDatesPosted,
  pastShortMonths,
  previewDates,
  validateRule,
  wholeNumber,
  type RuleDraft,
} from './rule-form';

const CATEGORY = 'builtin-housing';
const WALLET = '0190f5a0-0000-7000-8000-000000000001';

const draft = (patch: Partial<RuleDraft> = {}): RuleDraft => ({
  ...emptyRuleDraft('LAK', '2026-01-31'),
  amount: '2.500.000',
  categoryId: CATEGORY,
  ...patch,
});

const rule = (patch: Partial<RecurringRuleView> = {}): RecurringRuleView => ({
  id: '0190f5a0-0000-7000-8000-0000000000aa',
  type: 'expense',
  amount: { amount: 250000, currency: 'THB' },
  categoryId: CATEGORY,
  walletId: WALLET,
  note: 'Rent',
  mode: 'auto',
  remind: true,
  schedule: { frequency: 'month', interval: 1, startDate: '2026-01-15', end: { kind: 'after', count: 12 } },
  status: 'active',
  pausedOn: null,
  heldOn: null,
  heldReason: null,
  nextDue: '2026-05-15',
  lastPostedOn: '2026-04-15',
  postedCount: 4,
  fromTransactionId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...patch,
});

describe('the rule form', () => {
  it('previews a monthly 31st on the last day of shorter months, 29 February in a leap year', () => {
    expect(previewDates(draft({ startDate: '2027-12-31', monthDay: '31' }))).toEqual([
      '2027-12-31',
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
      '2028-04-30',
    ]);
    expect(previewDates(draft({ startDate: '2026-01-31', monthDay: '31' }), 3)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
    ]);
    expect(pastShortMonths(draft({ monthDay: '29' }))).toBe(true);
    expect(pastShortMonths(draft({ monthDay: '28' }))).toBe(false);
    expect(pastShortMonths(draft({ monthDay: 'last' }))).toBe(false);
    expect(pastShortMonths(draft({ frequency: 'week', monthDay: '31' }))).toBe(false);
  });

  it('previews weekly schedules every N weeks and stops at the end', () => {
    expect(
      previewDates(
        draft({ frequency: 'week', interval: '2', startDate: '2026-11-27', endKind: 'after', endCount: '3' }),
      ),
    ).toEqual(['2026-11-27', '2026-12-11', '2026-12-25']);
    expect(previewDates(draft({ endKind: 'on', endDate: '2026-03-01' }))).toEqual(['2026-01-31', '2026-02-28']);
    expect(previewDates(draft({ interval: '' }))).toEqual([]);
  });

  it('starts "Repeat…" the next month on the transaction’s day, with its amount, category, wallet and note', () => {
    const repeated = draftFromTransaction(
      {
        type: 'expense',
        amount: { amount: 2_500_000, currency: 'LAK' },
        categoryId: CATEGORY,
        walletId: WALLET,
        note: 'Rent',
        date: '2026-01-31',
      },
      'lo',
    );
    expect(repeated).toMatchObject({
      amount: '2500000',
      currency: 'LAK',
      categoryId: CATEGORY,
      walletId: WALLET,
      note: 'Rent',
      frequency: 'month',
      startDate: '2026-02-28',
      monthDay: '31',
    });
    expect(previewDates(repeated, 3)).toEqual(['2026-02-28', '2026-03-31', '2026-04-30']);
  });

  it('edits from the next due date, keeping the day and counting what is left', () => {
    const edited = draftFromRule(rule(), '2026-05-15', 'en');
    expect(edited).toMatchObject({
      amount: '2500.00',
      startDate: '2026-05-15',
      monthDay: '15',
      endKind: 'after',
      endCount: '8',
      walletId: WALLET,
    });
    const weekly = draftFromRule(
      rule({ schedule: { frequency: 'week', interval: 2, startDate: '2026-01-02', end: { kind: 'never' } } }),
      '2026-03-13',
      'en',
    );
    expect(weekly).toMatchObject({ frequency: 'week', interval: '2', startDate: '2026-03-13', endKind: 'never' });
  });

  it('checks each field as the server does', () => {
    expect(validateRule(draft({ amount: '' }), 'lo').errors.amount).toBe('error.amount_required');
    expect(validateRule(draft({ categoryId: '' }), 'lo').errors.categoryId).toBe('error.category_required');
    expect(validateRule(draft({ interval: '0' }), 'lo').errors.interval).toBe('recurring.validation.interval');
    expect(validateRule(draft({ interval: '100' }), 'lo').errors.interval).toBe('recurring.validation.interval');
    expect(validateRule(draft({ endKind: 'on', endDate: '2026-01-30' }), 'lo').errors.endDate).toBe(
      'recurring.validation.endBeforeStart',
    );
    expect(validateRule(draft({ endKind: 'after', endCount: '0' }), 'lo').errors.endCount).toBe(
      'recurring.validation.count',
    );
    expect(validateRule(draft({ endKind: 'after', endCount: '1001' }), 'lo').value).toBeNull();
    expect(validateRule(draft({ startDate: '2026-02-30' }), 'lo').errors.startDate).toBe('error.date_invalid');
  });

  it('sends the rule fields: month day for monthly rules only, no wallet or note when empty', () => {
    expect(validateRule(draft(), 'lo').value).toEqual({
      type: 'expense',
      amount: { amount: 2_500_000, currency: 'LAK' },
      categoryId: CATEGORY,
      mode: 'auto',
      remind: true,
      schedule: { frequency: 'month', interval: 1, startDate: '2026-01-31', monthDay: 31, end: { kind: 'never' } },
    });
    const weekly = validateRule(
      draft({ frequency: 'week', walletId: WALLET, note: '  Phone  ', mode: 'confirm', remind: false }),
      'lo',
    ).value;
    expect(weekly).toMatchObject({ walletId: WALLET, note: 'Phone', mode: 'confirm', remind: false });
    expect(weekly?.schedule).toEqual({
      frequency: 'week',
      interval: 1,
      startDate: '2026-01-31',
      end: { kind: 'never' },
    });
    expect(validateRule(draft({ monthDay: 'last' }), 'lo').value?.schedule.monthDay).toBe('last');
  });

  it('reads whole numbers typed in Thai or Lao digits', () => {
    expect(wholeNumber('๑๒')).toBe(12);
    expect(wholeNumber('໓')).toBe(3);
    expect(wholeNumber(' 7 ')).toBe(7);
    expect(wholeNumber('1.5')).toBeNull();
    expect(wholeNumber('')).toBeNull();
  });
});

describe('a rule split into category lines, with tags', () => {
  const lines = (...parts: [string, string][]) =>
    parts.map(([categoryId, amount], index) => ({ key: `l${index}`, categoryId, amount, note: '' }));

  it("sends the lines (the first line's category as the rule's) and the tags once the lines add up exactly", () => {
    const { errors, value } = validateRule(
      draft({
        amount: '100.000',
        splits: lines(['builtin-food', '60.000'], ['builtin-housing', '40.000']),
        tags: ['Trip', 'Home'],
      }),
      'lo',
    );
    expect(errors).toEqual({});
    expect(value?.categoryId).toBe('builtin-food');
    expect(value?.splits).toEqual([
      { categoryId: 'builtin-food', amount: 60000 },
      { categoryId: 'builtin-housing', amount: 40000 },
    ]);
    expect(value?.tags).toEqual(['Trip', 'Home']);
  });

  it('refuses lines that do not add up, a line without category, one line alone', () => {
    const refused = (splits: ReturnType<typeof lines>) =>
      validateRule(draft({ amount: '100.000', splits }), 'lo').errors.splits;
    expect(refused(lines(['builtin-food', '60.000'], ['builtin-housing', '30.000']))).toBe(
      'error.split_total_mismatch',
    );
    expect(refused(lines(['builtin-food', '60.000'], ['', '40.000']))).toBe('error.category_required');
    expect(refused(lines(['builtin-food', '100.000']))).toBe('error.split_too_few_lines');
  });

  it('starts "Repeat…" of a split transaction with its lines, their notes and its tags', () => {
    const repeated = draftFromTransaction(
      {
        type: 'expense',
        amount: { amount: 125050, currency: 'THB' },
        categoryId: 'builtin-food',
        walletId: WALLET,
        note: null,
        date: '2026-03-10',
        splits: [
          { categoryId: 'builtin-food', amount: 100000, note: 'Market' },
          { categoryId: 'builtin-housing', amount: 25050, note: null },
        ],
        tags: ['Home'],
      },
      'en',
    );
    expect(repeated.splits?.map(({ categoryId, amount, note }) => ({ categoryId, amount, note }))).toEqual([
      { categoryId: 'builtin-food', amount: '1000.00', note: 'Market' },
      { categoryId: 'builtin-housing', amount: '250.50', note: '' },
    ]);
    expect(repeated.tags).toEqual(['Home']);
    expect(validateRule(repeated, 'en').value?.splits).toHaveLength(2);
  });

  it('edits a split rule from a date with its lines and tags; a rule of one category has none', () => {
    const split = draftFromRule(
      rule({
        splits: [
          { categoryId: 'builtin-food', amount: 200000, note: null },
          { categoryId: CATEGORY, amount: 50000, note: null },
        ],
        tags: ['Rent'],
      }),
      '2026-05-15',
      'th',
    );
    expect(split.splits?.map((line) => line.amount)).toEqual(['2000.00', '500.00']);
    expect(split.tags).toEqual(['Rent']);
    const plain = draftFromRule(rule(), '2026-05-15', 'th');
    expect(plain.splits).toBeNull();
    expect(plain.tags).toEqual([]);
  });
});

describe('past dates a new rule records at once', () => {
  it('counts the dates from a past start through today for a rule that posts by itself, none for one that asks first', () => {
    const weekly = draft({ frequency: 'week', startDate: '2026-01-03', mode: 'auto' });
    expect(pastDatesPosted(weekly, '2026-01-31')).toBe(5);
    expect(pastDatesPosted({ ...weekly, mode: 'confirm' }, '2026-01-31')).toBe(0);
    expect(pastDatesPosted({ ...weekly, startDate: '2026-02-07' }, '2026-01-31')).toBe(0);
  });

  it('stops counting at the cap for a daily rule started decades ago', () => {
    expect(
      pastDatesPosted(draft({ frequency: 'day', startDate: '1990-01-01', mode: 'auto' }), '2026-01-31', 1000),
    ).toBe(1000);
  });
});
