import { describe, expect, it } from 'vitest';
import { domainError } from '@plenty/contracts/errors';
import { postOccurrenceSchema, type PostOccurrence, type RecurringEvent } from '@plenty/contracts/recurring';
import { foldRule } from '../recurring/rule-with-tags.js';
import { testWallet, walletLookup } from '../testing/wallet-fixtures.js';
import { decidePostOccurrence, type PostOccurrenceContext } from './post-occurrence.decider.js';
import { initialTransactionState } from './transaction.state.js';

const ruleId = '0192f0c4-7a1b-7c3d-8e4f-5a6b7c8d9e0f';
const commandId = '0192f0c4-7a1b-7c3d-8e4f-000000000001';
const transactionId = '0192f0c4-7a1b-5c3d-8e4f-00000000a001';
const internet = '0192f0c4-7a1b-7c3d-8e4f-00000000c001';
const bills = '0192f0c4-7a1b-7c3d-8e4f-00000000c003';
const bank = '0192f0c4-7a1b-7c3d-8e4f-0000000000b1';

/** Phone and internet in one bill, 1,000 baht on the 10th: 400 phone (bills), 600 internet. */
const bill = {
  ruleId,
  type: 'expense',
  amount: { amount: 100_000, currency: 'THB' },
  categoryId: bills,
  walletId: bank,
  splits: [
    { categoryId: bills, amount: 40_000, note: 'Phone' },
    { categoryId: internet, amount: 60_000 },
  ],
  tags: ['home', 'Monthly'],
  mode: 'auto',
  remind: false,
  schedule: { frequency: 'month', interval: 1, startDate: '2026-12-10', end: { kind: 'never' } },
} as const;
const created = {
  type: 'RecurringRuleCreated',
  data: { ...bill, splits: [...bill.splits], tags: [...bill.tags] },
} as RecurringEvent;

const live = new Map([
  [bills, 'expense' as const],
  [internet, 'expense' as const],
]);

/** The rule's events at positions 10, 20, …; tag events at the positions given. */
function given(ruleEvents: RecurringEvent[], tagEvents: { position: string; type: string; data: object }[] = []) {
  const rule = foldRule(
    { events: ruleEvents.map((event, i) => ({ ...event, position: String((i + 1) * 10) })), first: null },
    tagEvents as never,
  );
  return {
    when: (command: PostOccurrence, changes: Partial<PostOccurrenceContext> = {}) =>
      decidePostOccurrence(command, initialTransactionState, {
        transactionId,
        rule,
        today: '2026-12-10',
        categoryType: (id) => live.get(id) ?? null,
        replacement: () => null,
        wallet: walletLookup(testWallet(bank, 'THB')),
        ...changes,
      }),
  };
}

const post = (extra: Record<string, unknown> = {}): PostOccurrence => ({
  type: 'PostOccurrence',
  data: postOccurrenceSchema.parse({ commandId, ruleId, date: '2026-12-10', ...extra }),
});

const posted = (data: Record<string, unknown> = {}) => [
  {
    type: 'TransactionAdded',
    data: {
      transactionId,
      type: 'expense',
      amount: { amount: 100_000, currency: 'THB' },
      categoryId: bills,
      date: '2026-12-10',
      walletId: bank,
      splits: bill.splits,
      tags: bill.tags,
      recurrence: { ruleId, date: '2026-12-10' },
      ...data,
    },
  },
];

describe('posting an occurrence of a split rule with tags', () => {
  it("carries the rule's lines, tags and wallet into the transaction", () => {
    expect(given([created]).when(post())).toEqual(posted());
  });

  it('refuses another amount the lines do not add up to', () => {
    expect(given([created]).when(post({ amount: { amount: 90_000, currency: 'THB' } }))).toEqual(
      domainError('split_total_mismatch', 422, 'amount'),
    );
  });

  it("posts an occurrence's own lines and amount ('this one')", () => {
    const splits = [
      { categoryId: internet, amount: 70_000 },
      { categoryId: bills, amount: 50_000 },
    ];
    const changed: RecurringEvent = {
      type: 'OccurrenceEdited',
      data: {
        ruleId,
        date: '2026-12-10',
        changes: { amount: { amount: 120_000, currency: 'THB' }, categoryId: internet, splits },
      },
    };
    expect(given([created, changed]).when(post())).toEqual(
      posted({ amount: { amount: 120_000, currency: 'THB' }, categoryId: internet, splits }),
    );
  });

  it("refuses a line whose category is gone without a replacement, with the line's field", () => {
    const gone = (id: string) => (id === internet ? null : (live.get(id) ?? null));
    expect(given([created]).when(post(), { categoryType: gone })).toEqual(
      domainError('category_not_found', 422, 'splits.1.categoryId'),
    );
  });

  it('posts the lines of a deleted category in its replacement', () => {
    const moved = (id: string) => (id === internet ? bills : null);
    const gone = (id: string) => (id === internet ? null : (live.get(id) ?? null));
    expect(given([created]).when(post(), { categoryType: gone, replacement: moved })).toEqual(
      posted({
        splits: [
          { categoryId: bills, amount: 40_000, note: 'Phone' },
          { categoryId: bills, amount: 60_000 },
        ],
      }),
    );
  });

  it('carries the tags as renamed, merged and deleted after the rule was given them', () => {
    const tagEvents = [
      { position: '15', type: 'TagRenamed', data: { from: 'HOME', to: 'House' } },
      { position: '16', type: 'TagRenamed', data: { from: 'monthly', to: 'house' } },
    ];
    expect(given([created], tagEvents).when(post())).toEqual(posted({ tags: ['House'] }));
    const deleted = [{ position: '15', type: 'TagDeleted', data: { tag: 'home' } }];
    expect(given([created], deleted).when(post())).toEqual(posted({ tags: ['Monthly'] }));
  });

  it('keeps a tag given after it was renamed elsewhere, and leaves out tags all deleted', () => {
    const before = [{ position: '5', type: 'TagRenamed', data: { from: 'home', to: 'House' } }];
    expect(given([created], before).when(post())).toEqual(posted());
    const all = [
      { position: '11', type: 'TagDeleted', data: { tag: 'home' } },
      { position: '12', type: 'TagDeleted', data: { tag: 'monthly' } },
    ];
    const { tags: _tags, ...untagged } = posted()[0]?.data ?? {};
    expect(given([created], all).when(post())).toEqual([{ type: 'TransactionAdded', data: untagged }]);
  });
});
