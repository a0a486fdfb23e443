import { describe, expect, it } from 'vitest';
import { domainError } from '@plenty/contracts/errors';
import { recurringCommandSchemas, type RecurringCommand, type RecurringEvent } from '@plenty/contracts/recurring';
import { testWallet, walletLookup } from '../testing/wallet-fixtures.js';
import { decideRecurring, type RecurringContext } from './recurring.decider.js';
import { evolveRecurring, initialRecurringState } from './recurring.state.js';

const ruleId = '0192f0c4-7a1b-7c3d-8e4f-5a6b7c8d9e0f';
const commandId = '0192f0c4-7a1b-7c3d-8e4f-000000000001';
const utilities = '0192f0c4-7a1b-7c3d-8e4f-00000000c0ff';
const bank = '0192f0c4-7a1b-7c3d-8e4f-0000000000b1';

const context: RecurringContext = {
  categoryType: (id) => (id === utilities ? 'expense' : null),
  wallet: walletLookup(testWallet(bank, 'THB')),
  today: '2026-11-27',
  posted: false,
  fromTransactionFound: true,
};

/** Rent and utilities in one payment of 5,000 baht on the 1st: 4,500 housing, 500 utilities. */
const rent = {
  ruleId,
  type: 'expense',
  amount: { amount: 500_000, currency: 'THB' },
  categoryId: 'builtin-housing',
  walletId: bank,
  splits: [
    { categoryId: 'builtin-housing', amount: 450_000 },
    { categoryId: utilities, amount: 50_000 },
  ],
  tags: ['Flat'],
  mode: 'confirm',
  remind: false,
  schedule: { frequency: 'month', interval: 1, startDate: '2026-12-01', end: { kind: 'never' } },
} as const;
const { ruleId: _ruleId, ...rentFields } = rent;

function command<T extends keyof typeof recurringCommandSchemas>(type: T, data: Record<string, unknown>) {
  return { type, data: recurringCommandSchemas[type].parse({ commandId, ...data }) } as RecurringCommand;
}
const create = (overrides: Record<string, unknown> = {}) => command('CreateRecurringRule', { ...rent, ...overrides });
const editOne = (changes: Record<string, unknown>) =>
  command('EditOccurrence', { ruleId, date: '2026-12-01', changes });
const created = (decideRecurring(create(), initialRecurringState, context) as RecurringEvent[])[0] as RecurringEvent;
const state = [created].reduce(evolveRecurring, initialRecurringState);

describe('a recurring rule with lines and tags', () => {
  it('is created with its lines and tags', () => {
    expect(created.type).toBe('RecurringRuleCreated');
    expect(created.data).toMatchObject({ splits: rent.splits, tags: rent.tags });
  });

  it('is refused lines that do not add up, a first line of another category, or an unknown line category', () => {
    expect(decideRecurring(create({ amount: { amount: 1, currency: 'THB' } }), initialRecurringState, context)).toEqual(
      domainError('split_total_mismatch', 422, 'splits'),
    );
    expect(decideRecurring(create({ categoryId: utilities }), initialRecurringState, context)).toEqual(
      domainError('split_category_mismatch', 422, 'categoryId'),
    );
    const unknown = [rent.splits[0], { categoryId: '0192f0c4-7a1b-7c3d-8e4f-00000000dead', amount: 50_000 }];
    expect(decideRecurring(create({ splits: unknown }), initialRecurringState, context)).toEqual(
      domainError('category_not_found', 422, 'splits.1.categoryId'),
    );
    const edited = command('EditRecurringRule', {
      ruleId,
      from: '2027-01-01',
      rule: {
        ...rentFields,
        amount: { amount: 1, currency: 'THB' },
        schedule: { ...rent.schedule, startDate: '2027-01-01' },
      },
    });
    expect(decideRecurring(edited, state, context)).toEqual(domainError('split_total_mismatch', 422, 'rule.splits'));
  });

  it("refuses another amount for one occurrence without lines that fit ('this one')", () => {
    expect(decideRecurring(editOne({ amount: { amount: 520_000, currency: 'THB' } }), state, context)).toEqual(
      domainError('split_total_mismatch', 422, 'changes.amount'),
    );
  });

  it("takes another amount for one occurrence with its own lines, its category the first line's", () => {
    const splits = [
      { categoryId: 'builtin-housing', amount: 450_000 },
      { categoryId: utilities, amount: 70_000 },
    ];
    expect(decideRecurring(editOne({ amount: { amount: 520_000, currency: 'THB' }, splits }), state, context)).toEqual([
      {
        type: 'OccurrenceEdited',
        data: {
          ruleId,
          date: '2026-12-01',
          changes: { amount: { amount: 520_000, currency: 'THB' }, splits, categoryId: 'builtin-housing' },
        },
      },
    ]);
  });

  it('takes one occurrence in one category again (lines null) with any amount', () => {
    const decided = decideRecurring(editOne({ amount: { amount: 1, currency: 'THB' }, splits: null }), state, context);
    expect(decided).toHaveLength(1);
  });
});
