import { ACTIVITY_VIEW } from '@plenty/contracts/views/registry';
import { occurrenceTransactionId } from '@plenty/contracts/recurring';
import { describe, expect, it } from 'vitest';
import { activityDocOf, activityDocSchema, type StoredActivityDoc } from '@plenty/contracts/views/activity';
import { projectionScratch } from './testing/scratch.js';

const rent = '0192f0c4-7a1b-7c3d-8e4f-00000000e001';
const housing = 'builtin-housing';
const thb = (amount: number) => ({ amount, currency: 'THB' });
const monthly = { frequency: 'month', interval: 1, startDate: '2026-12-01', end: { kind: 'never' } };
const rentFields = {
  type: 'expense',
  amount: thb(450_000),
  categoryId: housing,
  note: 'Rent',
  mode: 'auto',
  remind: true,
  schedule: monthly,
};

const scratch = projectionScratch();
const { given } = scratch;

const rule = (type: string, data: Record<string, unknown> = {}) =>
  scratch.log.event(`recurring-${rent}`, 'alice', type, { ruleId: rent, ...data });

/** The user's entries of one item, oldest first, each by what sets it apart. */
async function entriesOf(subjectId: string) {
  const docs = ((await scratch.documents(ACTIVITY_VIEW, 'alice')) as StoredActivityDoc[])
    .map(activityDocOf)
    .filter((doc) => doc.subjectId === subjectId)
    .sort((a, b) => (a.sortKey < b.sortKey ? -1 : 1));
  for (const doc of docs) expect(activityDocSchema.parse(doc)).toEqual(doc);
  return docs.map(({ kind, type, subject, changes, amount, date, reason, recurrence }) => ({
    kind,
    type,
    subject,
    changes,
    amount,
    date,
    reason,
    recurrence,
  }));
}

const none = { changes: [], amount: null, date: null, reason: null, recurrence: null };
const rentSubject = { name: 'Rent', categoryId: housing, amount: thb(450_000) };

describe('activity of recurring rules', () => {
  it('records each event of a rule as an entry of the rule: its audit history, each change against the rule before it', async () => {
    await given(
      rule('RecurringRuleCreated', rentFields),
      rule('OccurrenceEdited', { date: '2027-01-01', changes: { amount: thb(460_000), note: null } }),
      rule('OccurrenceSkipped', { date: '2027-02-01' }),
      rule('RecurringRulePaused', { on: '2027-02-10' }),
      rule('RecurringRuleResumed', { on: '2027-03-15' }),
      rule('RecurringRuleHeld', { date: '2027-04-01', reason: 'wallet_archived' }),
      rule('RecurringRuleEdited', {
        from: '2027-05-01',
        rule: {
          ...rentFields,
          amount: thb(500_000),
          note: undefined,
          mode: 'confirm',
          schedule: { ...monthly, startDate: '2027-05-01', monthDay: 'last' },
        },
      }),
      rule('RecurringRuleDeleted'),
    );
    expect(await entriesOf(rent)).toEqual([
      {
        ...none,
        kind: 'recurring',
        type: 'recurring_created',
        subject: rentSubject,
        amount: thb(450_000),
        date: '2026-12-01',
      },
      {
        ...none,
        kind: 'recurring',
        type: 'occurrence_edited',
        subject: rentSubject,
        date: '2027-01-01',
        changes: [
          { field: 'amount', from: thb(450_000), to: thb(460_000) },
          { field: 'note', from: 'Rent', to: null },
        ],
      },
      { ...none, kind: 'recurring', type: 'occurrence_skipped', subject: rentSubject, date: '2027-02-01' },
      { ...none, kind: 'recurring', type: 'recurring_paused', subject: rentSubject, date: '2027-02-10' },
      { ...none, kind: 'recurring', type: 'recurring_resumed', subject: rentSubject, date: '2027-03-15' },
      {
        ...none,
        kind: 'recurring',
        type: 'recurring_held',
        subject: rentSubject,
        date: '2027-04-01',
        reason: 'wallet_archived',
      },
      {
        ...none,
        kind: 'recurring',
        type: 'recurring_edited',
        subject: { name: null, categoryId: housing, amount: thb(500_000) },
        date: '2027-05-01',
        changes: [
          { field: 'amount', from: thb(450_000), to: thb(500_000) },
          { field: 'note', from: 'Rent', to: null },
          { field: 'mode', from: 'auto', to: 'confirm' },
          { field: 'schedule', from: monthly, to: { ...monthly, startDate: '2027-05-01', monthDay: 'last' } },
        ],
      },
      {
        ...none,
        kind: 'recurring',
        type: 'recurring_deleted',
        subject: { name: null, categoryId: housing, amount: thb(500_000) },
      },
    ]);
  });

  it('says a transaction a rule posted came from the rule and its occurrence, and one entered by hand from none', async () => {
    const posted = occurrenceTransactionId('alice', rent, '2026-12-01');
    const byHand = '0192f0c4-7a1b-7c3d-8e4f-00000000a001';
    await given(
      rule('RecurringRuleCreated', rentFields),
      scratch.log.transactionAdded('alice', posted, {
        amount: thb(450_000),
        categoryId: housing,
        date: '2026-12-01',
        recurrence: { ruleId: rent, date: '2026-12-01' },
      }),
      scratch.log.transactionAdded('alice', byHand),
    );
    expect((await entriesOf(posted)).map(({ type, recurrence }) => ({ type, recurrence }))).toEqual([
      { type: 'transaction_added', recurrence: { ruleId: rent, date: '2026-12-01' } },
    ]);
    expect((await entriesOf(byHand)).map(({ type, recurrence }) => ({ type, recurrence }))).toEqual([
      { type: 'transaction_added', recurrence: null },
    ]);
  });
});
