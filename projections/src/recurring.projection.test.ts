import { RECURRING_DUE_VIEW, RECURRING_RULES_VIEW, REMINDERS_DUE_VIEW } from '@plenty/contracts/views/registry';
import { occurrenceTransactionId } from '@plenty/contracts/recurring';
import type { RecurringRuleDoc } from '@plenty/contracts/views/recurring';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { EventLog } from './testing/events.js';
import { projectionScratch } from './testing/scratch.js';
import { recurringProjection } from './recurring.projection.js';
import { accountErasureProjection } from './account-erasure.projection.js';
import { SYSTEM_USER_ID } from './weekly-report-subscribers.projection.js';

const RENT = '0190a1b2-0000-7000-8000-000000000001';
const SALARY = '0190a1b2-0000-7000-8000-000000000002';

/** Rent: 4,500 baht on the 1st of each month from 1 December 2026, posted by the server, reminded of. */
const rentFields = (fields: Record<string, unknown> = {}) => ({
  type: 'expense',
  amount: { amount: 450000, currency: 'THB' },
  categoryId: 'builtin-housing',
  mode: 'auto',
  remind: true,
  schedule: { frequency: 'month', interval: 1, startDate: '2026-12-01', end: { kind: 'never' } },
  ...fields,
});

function ruleEvents(log: EventLog, userId: string, ruleId: string) {
  const on = (type: string, data: Record<string, unknown> = {}) =>
    log.event(`recurring-${ruleId}`, userId, type, { ruleId, ...data });
  return {
    created: (fields: Record<string, unknown> = {}) => on('RecurringRuleCreated', rentFields(fields)),
    edited: (from: string, fields: Record<string, unknown> = {}) =>
      on('RecurringRuleEdited', { from, rule: rentFields(fields) }),
    occurrenceEdited: (date: string, changes: Record<string, unknown>) => on('OccurrenceEdited', { date, changes }),
    skipped: (date: string) => on('OccurrenceSkipped', { date }),
    paused: (date: string) => on('RecurringRulePaused', { on: date }),
    resumed: (date: string) => on('RecurringRuleResumed', { on: date }),
    held: (date: string, reason: string) => on('RecurringRuleHeld', { date, reason }),
    deleted: () => on('RecurringRuleDeleted'),
    posted: (date: string, fields: Record<string, unknown> = {}) =>
      log.transactionAdded(userId, occurrenceTransactionId(userId, ruleId, date), {
        type: 'expense',
        amount: { amount: 450000, currency: 'THB' },
        categoryId: 'builtin-housing',
        date,
        recurrence: { ruleId, date },
        ...fields,
      }),
  };
}

describe('recurring projection', () => {
  const scratch = projectionScratch([recurringProjection, accountErasureProjection]);
  const { given, documents } = scratch;

  const rule = async (userId: string, ruleId = RENT): Promise<RecurringRuleDoc | undefined> =>
    (await scratch.store.get<RecurringRuleDoc>(RECURRING_RULES_VIEW, userId, ruleId))?.doc;
  const due = () => documents(RECURRING_DUE_VIEW, SYSTEM_USER_ID);
  const reminders = () => documents(REMINDERS_DUE_VIEW, SYSTEM_USER_ID);

  it('stores a new rule as its first version, due on its first occurrence, for the poster and the reminders', async () => {
    const rent = ruleEvents(scratch.log, 'alice', RENT);
    const created = rent.created({ note: 'Flat rent' });
    await given(created);
    expect(await rule('alice')).toEqual({
      id: RENT,
      versions: [
        {
          from: '2026-12-01',
          rule: {
            type: 'expense',
            amount: { amount: 450000, currency: 'THB' },
            categoryId: 'builtin-housing',
            walletId: null,
            note: 'Flat rent',
            splits: null,
            tags: [],
            mode: 'auto',
            remind: true,
            schedule: rentFields().schedule,
          },
        },
      ],
      status: 'active',
      pausedOn: null,
      heldOn: null,
      heldReason: null,
      handledThrough: null,
      posted: [],
      skipped: [],
      overrides: {},
      nextDue: '2026-12-01',
      postedCount: 0,
      lastPostedOn: null,
      fromTransactionId: null,
      createdAt: created.metadata.occurredAt,
      updatedAt: created.metadata.occurredAt,
    });
    expect(await due()).toEqual([{ userId: 'alice', ruleId: RENT, nextDue: '2026-12-01' }]);
    expect(await reminders()).toEqual([
      { userId: 'alice', item: 'recurring', itemId: RENT, dueDate: '2026-12-01', dueMonth: '2026-12' },
    ]);
  });

  it('keeps a rule without a note or wallet as null ones, and leaves a confirm rule without reminders off both lists', async () => {
    const rent = ruleEvents(scratch.log, 'alice', RENT);
    await given(rent.created({ mode: 'confirm', remind: false }));
    expect((await rule('alice'))?.versions[0]?.rule).toMatchObject({ note: null, walletId: null });
    expect(await due()).toEqual([]);
    expect(await reminders()).toEqual([]);
  });

  it("moves a deleted category's rules to its replacement, in every version and single-occurrence change", async () => {
    const custom = '0190a1b2-0000-7000-8000-0000000000c1';
    const rent = ruleEvents(scratch.log, 'alice', RENT);
    const salary = ruleEvents(scratch.log, 'alice', SALARY);
    await given(
      rent.created({ categoryId: custom }),
      rent.occurrenceEdited('2027-01-01', { categoryId: custom, amount: { amount: 470000, currency: 'THB' } }),
      salary.created({ type: 'income', categoryId: 'builtin-salary' }),
      scratch.log.categoryDeleted('alice', custom, 'builtin-housing'),
    );
    const moved = await rule('alice');
    expect(moved?.versions.map((version) => version.rule.categoryId)).toEqual(['builtin-housing']);
    expect(moved?.overrides['2027-01-01']).toEqual({
      categoryId: 'builtin-housing',
      amount: { amount: 470000, currency: 'THB' },
    });
    expect((await rule('alice', SALARY))?.versions[0]?.rule.categoryId).toBe('builtin-salary');
  });

  it('moves on as occurrences are posted in order, and keeps one posted ahead until the ones before it are handled', async () => {
    const rent = ruleEvents(scratch.log, 'alice', RENT);
    await given(rent.created(), rent.posted('2026-12-01'), rent.posted('2027-02-01'));
    expect(await rule('alice')).toMatchObject({
      handledThrough: '2026-12-01',
      posted: ['2027-02-01'],
      nextDue: '2027-01-01',
      postedCount: 2,
      lastPostedOn: '2027-02-01',
    });
    await given(rent.posted('2027-01-01'));
    expect(await rule('alice')).toMatchObject({
      handledThrough: '2027-02-01',
      posted: [],
      nextDue: '2027-03-01',
      postedCount: 3,
      lastPostedOn: '2027-02-01',
    });
    expect(await due()).toEqual([{ userId: 'alice', ruleId: RENT, nextDue: '2027-03-01' }]);
    expect(await reminders()).toEqual([
      { userId: 'alice', item: 'recurring', itemId: RENT, dueDate: '2027-03-01', dueMonth: '2027-03' },
    ]);
  });

  it('passes over a skipped occurrence', async () => {
    const rent = ruleEvents(scratch.log, 'alice', RENT);
    await given(rent.created(), rent.skipped('2026-12-01'));
    expect(await rule('alice')).toMatchObject({ handledThrough: '2026-12-01', skipped: [], nextDue: '2027-01-01' });
    await given(rent.skipped('2027-03-01'));
    expect(await rule('alice')).toMatchObject({ skipped: ['2027-03-01'], nextDue: '2027-01-01', postedCount: 0 });
  });

  it('skips the occurrences of a pause when the rule is resumed, and takes it off the lists meanwhile', async () => {
    const rent = ruleEvents(scratch.log, 'alice', RENT);
    await given(rent.created(), rent.posted('2026-12-01'), rent.paused('2026-12-20'));
    expect(await rule('alice')).toMatchObject({ status: 'paused', pausedOn: '2026-12-20', nextDue: '2027-01-01' });
    expect(await due()).toEqual([]);
    expect(await reminders()).toEqual([]);
    // Paused on 20 December, resumed on 1 March: January and February are skipped, March is due.
    await given(rent.resumed('2027-03-01'));
    expect(await rule('alice')).toMatchObject({
      status: 'active',
      pausedOn: null,
      handledThrough: '2027-02-01',
      skipped: [],
      nextDue: '2027-03-01',
    });
    expect(await due()).toEqual([{ userId: 'alice', ruleId: RENT, nextDue: '2027-03-01' }]);
  });

  it('keeps an occurrence due before the pause waiting after it, and skips only those of the pause', async () => {
    const rent = ruleEvents(scratch.log, 'alice', RENT);
    await given(rent.created({ mode: 'confirm' }), rent.paused('2026-12-15'), rent.resumed('2027-01-02'));
    expect(await rule('alice')).toMatchObject({
      status: 'active',
      handledThrough: null,
      skipped: ['2027-01-01'],
      nextDue: '2026-12-01',
    });
  });

  it('holds a rule that could not be posted, and resuming it posts from the held occurrence on without skipping', async () => {
    const rent = ruleEvents(scratch.log, 'alice', RENT);
    await given(rent.created(), rent.held('2026-12-01', 'wallet_archived'));
    expect(await rule('alice')).toMatchObject({
      status: 'held',
      heldOn: '2026-12-01',
      heldReason: 'wallet_archived',
      nextDue: '2026-12-01',
    });
    expect(await due()).toEqual([]);
    await given(rent.resumed('2027-02-10'));
    expect(await rule('alice')).toMatchObject({
      status: 'active',
      heldOn: null,
      heldReason: null,
      skipped: [],
      nextDue: '2026-12-01',
    });
    expect(await due()).toEqual([{ userId: 'alice', ruleId: RENT, nextDue: '2026-12-01' }]);
  });

  it('gives the occurrences from an edit on the new version, drops their own changes, and keeps the earlier ones', async () => {
    const rent = ruleEvents(scratch.log, 'alice', RENT);
    await given(
      rent.created(),
      rent.posted('2026-12-01'),
      rent.occurrenceEdited('2027-01-01', { amount: { amount: 460000, currency: 'THB' }, note: 'January' }),
      rent.occurrenceEdited('2027-01-01', { note: null }),
      rent.occurrenceEdited('2027-03-01', { amount: { amount: 470000, currency: 'THB' } }),
    );
    expect((await rule('alice'))?.overrides).toEqual({
      '2027-01-01': { amount: { amount: 460000, currency: 'THB' }, note: null },
      '2027-03-01': { amount: { amount: 470000, currency: 'THB' } },
    });
    const edited = rent.edited('2027-02-01', {
      amount: { amount: 500000, currency: 'THB' },
      mode: 'confirm',
      schedule: { frequency: 'month', interval: 1, startDate: '2027-02-15', end: { kind: 'never' } },
    });
    await given(edited);
    const doc = await rule('alice');
    expect(doc?.versions.map((version) => [version.from, version.rule.amount.amount, version.rule.mode])).toEqual([
      ['2026-12-01', 450000, 'auto'],
      ['2027-02-01', 500000, 'confirm'],
    ]);
    expect(doc?.overrides).toEqual({ '2027-01-01': { amount: { amount: 460000, currency: 'THB' }, note: null } });
    expect(doc).toMatchObject({ nextDue: '2027-01-01', updatedAt: edited.metadata.occurredAt });
    // January is still the automatic version's: the poster posts it; February 15 will wait for the user.
    expect(await due()).toEqual([{ userId: 'alice', ruleId: RENT, nextDue: '2027-01-01' }]);
    await given(rent.posted('2027-01-01'));
    expect(await rule('alice')).toMatchObject({ nextDue: '2027-02-15' });
    expect(await due()).toEqual([]);
  });

  it('drops an edit of a version that starts on or after the new one', async () => {
    const rent = ruleEvents(scratch.log, 'alice', RENT);
    await given(
      rent.created(),
      rent.edited('2027-03-01', { note: 'March on' }),
      rent.edited('2027-02-01', { note: 'February on' }),
    );
    expect((await rule('alice'))?.versions.map((version) => [version.from, version.rule.note])).toEqual([
      ['2026-12-01', null],
      ['2027-02-01', 'February on'],
    ]);
  });

  it('ends a rule once its last occurrence is handled, and takes it off the lists', async () => {
    const rent = ruleEvents(scratch.log, 'alice', RENT);
    const twice = { frequency: 'month', interval: 1, startDate: '2026-12-01', end: { kind: 'after', count: 2 } };
    await given(rent.created({ schedule: twice }), rent.posted('2026-12-01'));
    expect(await rule('alice')).toMatchObject({ status: 'active', nextDue: '2027-01-01' });
    await given(rent.skipped('2027-01-01'));
    expect(await rule('alice')).toMatchObject({ status: 'ended', nextDue: null, handledThrough: '2027-01-01' });
    expect(await due()).toEqual([]);
    expect(await reminders()).toEqual([]);
  });

  it('removes a deleted rule and its place on the lists, and ignores what is posted for it after', async () => {
    const rent = ruleEvents(scratch.log, 'alice', RENT);
    await given(rent.created(), rent.deleted(), rent.posted('2026-12-01'));
    expect(await documents(RECURRING_RULES_VIEW, 'alice')).toEqual([]);
    expect(await due()).toEqual([]);
    expect(await reminders()).toEqual([]);
  });

  it('ignores a posted occurrence of a rule it does not know, and transactions entered by hand', async () => {
    const rent = ruleEvents(scratch.log, 'alice', RENT);
    await given(
      rent.posted('2026-12-01'),
      scratch.log.transactionAdded('alice', '0190a1b2-0000-7000-8000-0000000000aa'),
    );
    expect(await documents(RECURRING_RULES_VIEW, 'alice')).toEqual([]);
    await given(rent.created());
    expect(await rule('alice')).toMatchObject({ handledThrough: null, nextDue: '2026-12-01', postedCount: 0 });
  });

  it('changes nothing when events are delivered again', async () => {
    const rent = ruleEvents(scratch.log, 'alice', RENT);
    const events: RecordedEvent[] = [
      rent.created(),
      rent.posted('2026-12-01'),
      rent.paused('2026-12-10'),
      rent.resumed('2027-02-10'),
      rent.skipped('2027-03-01'),
    ];
    await given(...events);
    const once = { rule: await rule('alice'), due: await due(), reminders: await reminders() };
    await given(...events);
    await given(events[1] as RecordedEvent, events[3] as RecordedEvent);
    expect({ rule: await rule('alice'), due: await due(), reminders: await reminders() }).toEqual(once);
    expect(once.rule).toMatchObject({ postedCount: 1, handledThrough: '2027-03-01', nextDue: '2027-04-01' });
  });

  it("removes an erased user's rules and their places on the lists, and keeps everyone else's", async () => {
    const rent = ruleEvents(scratch.log, 'alice', RENT);
    const salary = ruleEvents(scratch.log, 'bob', SALARY);
    await given(rent.created(), salary.created({ type: 'income', categoryId: 'builtin-salary' }));
    await given(scratch.log.accountErased('alice'));
    expect(await documents(RECURRING_RULES_VIEW, 'alice')).toEqual([]);
    expect(await due()).toEqual([{ userId: 'bob', ruleId: SALARY, nextDue: '2026-12-01' }]);
    expect(await reminders()).toEqual([
      { userId: 'bob', item: 'recurring', itemId: SALARY, dueDate: '2026-12-01', dueMonth: '2026-12' },
    ]);
  });
});
