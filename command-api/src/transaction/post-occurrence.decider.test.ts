import { describe, expect, it } from 'vitest';
import { domainError } from '@plenty/contracts/errors';
import type { TransactionEvent } from '@plenty/contracts/events/transaction';
import { postOccurrenceSchema, type PostOccurrence, type RecurringEvent } from '@plenty/contracts/recurring';
import { evolveRecurring, initialRecurringState } from '../recurring/recurring.state.js';
import { testWallet, walletLookup } from '../testing/wallet-fixtures.js';
import { decidePostOccurrence, type PostOccurrenceContext } from './post-occurrence.decider.js';
import { evolveTransaction, initialTransactionState } from './transaction.state.js';

const ruleId = '0192f0c4-7a1b-7c3d-8e4f-5a6b7c8d9e0f';
const commandId = '0192f0c4-7a1b-7c3d-8e4f-000000000001';
const transactionId = '0192f0c4-7a1b-5c3d-8e4f-00000000a001';
const electricity = '0192f0c4-7a1b-7c3d-8e4f-00000000c001';
const power = '0192f0c4-7a1b-7c3d-8e4f-00000000c002';
const bills = '0192f0c4-7a1b-7c3d-8e4f-00000000c003';
const bank = '0192f0c4-7a1b-7c3d-8e4f-0000000000b1';
const closed = '0192f0c4-7a1b-7c3d-8e4f-0000000000b2';

/** The electricity bill on the 10th of every month from December, about 1,200 baht. */
const bill = {
  ruleId,
  type: 'expense',
  amount: { amount: 120_000, currency: 'THB' },
  categoryId: electricity,
  walletId: bank,
  note: 'Electricity',
  mode: 'confirm',
  remind: true,
  schedule: { frequency: 'month', interval: 1, startDate: '2026-12-10', end: { kind: 'after', count: 12 } },
} as const;
const { ruleId: _ruleId, ...billFields } = bill;
const created: RecurringEvent = { type: 'RecurringRuleCreated', data: bill };

/** The user's custom categories: "Electricity" deleted into "Power", "Power" into "Bills". */
const liveCategories = new Map([[bills, 'expense' as const]]);
const replacements = new Map([
  [electricity, power],
  [power, bills],
]);

function given(ruleEvents: RecurringEvent[], posted: TransactionEvent[] = []) {
  const rule = ruleEvents.reduce(evolveRecurring, initialRecurringState);
  const state = posted.reduce(evolveTransaction, initialTransactionState);
  return {
    when: (command: PostOccurrence, changes: Partial<PostOccurrenceContext> = {}) =>
      decidePostOccurrence(command, state, {
        transactionId,
        rule,
        today: '2026-12-10',
        categoryType: (id) => liveCategories.get(id) ?? null,
        replacement: (id) => replacements.get(id) ?? null,
        wallet: walletLookup(testWallet(bank, 'THB'), testWallet(closed, 'THB', true)),
        ...changes,
      }),
  };
}

const post = (date: string, extra: Record<string, unknown> = {}): PostOccurrence => ({
  type: 'PostOccurrence',
  data: postOccurrenceSchema.parse({ commandId, ruleId, date, ...extra }),
});

const added = (data: Record<string, unknown> = {}): TransactionEvent =>
  ({
    type: 'TransactionAdded',
    data: {
      transactionId,
      type: 'expense',
      amount: { amount: 120_000, currency: 'THB' },
      categoryId: bills,
      date: '2026-12-10',
      note: 'Electricity',
      walletId: bank,
      recurrence: { ruleId, date: '2026-12-10' },
      ...data,
    },
  }) as TransactionEvent;

describe('posting an occurrence', () => {
  it('adds the transaction with the rule’s fields and where it came from', () => {
    expect(given([created]).when(post('2026-12-10'))).toEqual([added()]);
  });
  it('posts another amount on another date when asked (a bill that varies, paid late)', () => {
    const paid = post('2026-12-10', { amount: { amount: 134_550, currency: 'THB' }, transactionDate: '2026-12-12' });
    expect(given([created]).when(paid)).toEqual([
      added({ amount: { amount: 134_550, currency: 'THB' }, date: '2026-12-12' }),
    ]);
  });
  it('posts the occurrence’s own changes, a cleared note left out', () => {
    const changed: RecurringEvent = {
      type: 'OccurrenceEdited',
      data: { ruleId, date: '2026-12-10', changes: { amount: { amount: 99_000, currency: 'THB' }, note: null } },
    };
    const { note: _note, ...withoutNote } = (added() as Extract<TransactionEvent, { type: 'TransactionAdded' }>).data;
    expect(given([created, changed]).when(post('2026-12-10'))).toEqual([
      { type: 'TransactionAdded', data: { ...withoutNote, amount: { amount: 99_000, currency: 'THB' } } },
    ]);
  });
  it('posts the version of the rule the occurrence falls in', () => {
    const raised: RecurringEvent = {
      type: 'RecurringRuleEdited',
      data: {
        ruleId,
        from: '2027-01-10',
        rule: {
          ...billFields,
          amount: { amount: 150_000, currency: 'THB' },
          schedule: { ...bill.schedule, startDate: '2027-01-10' },
        },
      },
    };
    expect(given([created, raised]).when(post('2027-01-10'), { today: '2027-01-10' })).toEqual([
      added({
        amount: { amount: 150_000, currency: 'THB' },
        date: '2027-01-10',
        recurrence: { ruleId, date: '2027-01-10' },
      }),
    ]);
  });
  it('refuses an occurrence already posted', () => {
    expect(given([created], [added()]).when(post('2026-12-10'))).toEqual(domainError('occurrence_already_posted', 409));
    expect(
      given([created], [added(), { type: 'TransactionDeleted', data: { transactionId } }]).when(post('2026-12-10')),
    ).toEqual(domainError('occurrence_already_posted', 409));
  });
  it('answers an unknown or deleted rule as not found', () => {
    expect(given([]).when(post('2026-12-10'))).toEqual(domainError('recurring_not_found', 404));
    expect(given([created, { type: 'RecurringRuleDeleted', data: { ruleId } }]).when(post('2026-12-10'))).toEqual(
      domainError('recurring_not_found', 404),
    );
  });
  it('refuses a date that is not an occurrence, or past the end', () => {
    expect(given([created]).when(post('2026-12-11'))).toEqual(domainError('occurrence_not_found', 422, 'date'));
    expect(given([created]).when(post('2027-12-10'), { today: '2027-12-10' })).toEqual(
      domainError('occurrence_not_found', 422, 'date'),
    );
  });
  it('refuses a skipped occurrence', () => {
    const skipped: RecurringEvent = { type: 'OccurrenceSkipped', data: { ruleId, date: '2026-12-10' } };
    expect(given([created, skipped]).when(post('2026-12-10'))).toEqual(domainError('occurrence_skipped', 422, 'date'));
  });
  it('refuses while the rule is paused or held', () => {
    const paused: RecurringEvent = { type: 'RecurringRulePaused', data: { ruleId, on: '2026-12-01' } };
    expect(given([created, paused]).when(post('2026-12-10'))).toEqual(domainError('recurring_paused'));
  });
  it('refuses an occurrence more than 62 days ahead', () => {
    // From 10 December, 62 days ahead is 10 February.
    expect(given([created]).when(post('2027-02-10'))).toHaveLength(1);
    expect(given([created]).when(post('2027-02-10'), { today: '2026-12-09' })).toEqual(
      domainError('occurrence_too_far', 422, 'date'),
    );
  });
  it('posts in the category the deleted one’s transactions moved to', () => {
    expect(given([created]).when(post('2026-12-10'))).toEqual([added({ categoryId: bills })]);
  });
  it('refuses a category gone without a replacement', () => {
    expect(given([created]).when(post('2026-12-10'), { replacement: () => null })).toEqual(
      domainError('category_not_found', 422, 'categoryId'),
    );
  });
  it('posts in a live category as it is', () => {
    const live = (id: string) => (id === electricity ? ('expense' as const) : null);
    expect(given([created]).when(post('2026-12-10'), { categoryType: live })).toEqual([
      added({ categoryId: electricity }),
    ]);
  });
  it('refuses an archived wallet, and an amount in another currency than the wallet’s', () => {
    const inClosed: RecurringEvent = { type: 'RecurringRuleCreated', data: { ...bill, walletId: closed } };
    expect(given([inClosed]).when(post('2026-12-10'))).toEqual(domainError('wallet_archived', 422, 'walletId'));
    expect(given([created]).when(post('2026-12-10', { amount: { amount: 500_000, currency: 'LAK' } }))).toEqual(
      domainError('wallet_currency_mismatch', 422, 'amount'),
    );
  });
});
