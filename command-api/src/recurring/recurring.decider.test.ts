import { describe, expect, it } from 'vitest';
import { domainError } from '@plenty/contracts/errors';
import { recurringCommandSchemas, type RecurringCommand, type RecurringEvent } from '@plenty/contracts/recurring';
import { testWallet, walletLookup } from '../testing/wallet-fixtures.js';
import { decideRecurring, type RecurringContext, type RecurringStreamCommand } from './recurring.decider.js';
import { evolveRecurring, initialRecurringState } from './recurring.state.js';

const ruleId = '0192f0c4-7a1b-7c3d-8e4f-5a6b7c8d9e0f';
const commandId = '0192f0c4-7a1b-7c3d-8e4f-000000000001';
const rentCategory = '0192f0c4-7a1b-7c3d-8e4f-00000000c0ff';
const bank = '0192f0c4-7a1b-7c3d-8e4f-0000000000b1';
const closed = '0192f0c4-7a1b-7c3d-8e4f-0000000000b2';
const kip = '0192f0c4-7a1b-7c3d-8e4f-0000000000b3';
const sourceTransaction = '0192f0c4-7a1b-7c3d-8e4f-0000000000aa';

const context: RecurringContext = {
  categoryType: (id) => (id === rentCategory ? 'expense' : null),
  wallet: walletLookup(testWallet(bank, 'THB'), testWallet(closed, 'THB', true), testWallet(kip, 'LAK')),
  today: '2026-11-27',
  posted: false,
  fromTransactionFound: true,
};

/** Rent of 4,500 baht on the 1st of every month from December, paid from the bank wallet. */
const rent = {
  ruleId,
  type: 'expense',
  amount: { amount: 450_000, currency: 'THB' },
  categoryId: rentCategory,
  walletId: bank,
  note: 'Rent',
  mode: 'auto',
  remind: true,
  schedule: { frequency: 'month', interval: 1, startDate: '2026-12-01', end: { kind: 'never' } },
} as const;
const { ruleId: _ruleId, ...rentFields } = rent;

const created: RecurringEvent = { type: 'RecurringRuleCreated', data: rent };
const paused = (on: string): RecurringEvent => ({ type: 'RecurringRulePaused', data: { ruleId, on } });
const held: RecurringEvent = {
  type: 'RecurringRuleHeld',
  data: { ruleId, date: '2026-12-01', reason: 'wallet_archived' },
};
const deleted: RecurringEvent = { type: 'RecurringRuleDeleted', data: { ruleId } };

function given(...events: RecurringEvent[]) {
  const state = events.reduce(evolveRecurring, initialRecurringState);
  return {
    when: (command: RecurringStreamCommand, changes: Partial<RecurringContext> = {}) =>
      decideRecurring(command, state, { ...context, ...changes }),
  };
}

/** Commands go through their schemas, as the route parses them. */
function command<T extends keyof typeof recurringCommandSchemas>(
  type: T,
  data: Record<string, unknown>,
): RecurringCommand {
  return { type, data: recurringCommandSchemas[type].parse({ commandId, ...data }) } as RecurringCommand;
}
const create = (overrides: Record<string, unknown> = {}) => command('CreateRecurringRule', { ...rent, ...overrides });
const edit = (from: string, rule: Record<string, unknown>) =>
  command('EditRecurringRule', { ruleId, from, rule: { ...rentFields, ...rule } });
const skip = (date: string) => command('SkipOccurrence', { ruleId, date });
const editOne = (date: string, changes: Record<string, unknown>) =>
  command('EditOccurrence', { ruleId, date, changes });
const pause = () => command('PauseRecurringRule', { ruleId });
const resume = () => command('ResumeRecurringRule', { ruleId });
const remove = () => command('DeleteRecurringRule', { ruleId });

describe('creating a rule', () => {
  it('records RecurringRuleCreated without the command id', () => {
    expect(given().when(create())).toEqual([created]);
  });
  it('records one made from a transaction of the user', () => {
    const made = create({ fromTransactionId: sourceTransaction });
    expect(given().when(made)).toEqual([
      { type: 'RecurringRuleCreated', data: { ...rent, fromTransactionId: sourceTransaction } },
    ]);
  });
  it('refuses a transaction that is not the user’s (or was deleted)', () => {
    expect(given().when(create({ fromTransactionId: sourceTransaction }), { fromTransactionFound: false })).toEqual(
      domainError('transaction_not_found', 404, 'fromTransactionId'),
    );
  });
  it('refuses a rule id already taken', () => {
    expect(given(created).when(create())).toEqual(domainError('recurring_exists', 409, 'ruleId'));
  });
  it('checks the category as AddTransaction does', () => {
    expect(given().when(create({ categoryId: '0192f0c4-7a1b-7c3d-8e4f-00000000dead' }))).toEqual(
      domainError('category_not_found', 422, 'categoryId'),
    );
    expect(given().when(create({ categoryId: 'builtin-salary' }))).toEqual(
      domainError('category_type_mismatch', 422, 'categoryId'),
    );
  });
  it('checks the wallet as AddTransaction does', () => {
    expect(given().when(create({ walletId: closed }))).toEqual(domainError('wallet_archived', 422, 'walletId'));
    expect(given().when(create({ walletId: kip }))).toEqual(domainError('wallet_currency_mismatch', 422, 'walletId'));
    expect(given().when(create({ walletId: '0192f0c4-7a1b-7c3d-8e4f-00000000dead' }))).toEqual(
      domainError('wallet_not_found', 404, 'walletId'),
    );
  });
  it('takes a rule without a wallet (the default wallet of its currency)', () => {
    const { walletId: _walletId, ...withoutWallet } = rent;
    expect(given().when(command('CreateRecurringRule', withoutWallet))).toEqual([
      { type: 'RecurringRuleCreated', data: withoutWallet },
    ]);
  });
});

describe('editing this and following', () => {
  it('records the new fields from a date', () => {
    const schedule = { ...rent.schedule, startDate: '2027-03-01' };
    const raise = edit('2027-03-01', { amount: { amount: 480_000, currency: 'THB' }, schedule });
    expect(given(created).when(raise)).toEqual([
      {
        type: 'RecurringRuleEdited',
        data: {
          ruleId,
          from: '2027-03-01',
          rule: { ...rentFields, amount: { amount: 480_000, currency: 'THB' }, schedule },
        },
      },
    ]);
  });
  it('refuses a schedule that starts before the date it applies from', () => {
    expect(given(created).when(edit('2027-03-01', {}))).toEqual(
      domainError('recurrence_invalid', 422, 'rule.schedule.startDate'),
    );
  });
  it('refuses a date before the rule began', () => {
    const early = edit('2026-11-01', { schedule: { ...rent.schedule, startDate: '2026-11-01' } });
    expect(given(created).when(early)).toEqual(domainError('recurrence_invalid', 422, 'from'));
  });
  it('reports a wrong category or wallet on the rule’s field', () => {
    const schedule = { ...rent.schedule, startDate: '2027-01-01' };
    expect(given(created).when(edit('2027-01-01', { schedule, walletId: closed }))).toEqual(
      domainError('wallet_archived', 422, 'rule.walletId'),
    );
    expect(given(created).when(edit('2027-01-01', { schedule, categoryId: 'builtin-salary' }))).toEqual(
      domainError('category_type_mismatch', 422, 'rule.categoryId'),
    );
  });
  it('gives the later occurrences the new schedule and drops their own changes', () => {
    const state = [
      created,
      { type: 'OccurrenceEdited', data: { ruleId, date: '2026-12-01', changes: { note: 'December' } } },
      { type: 'OccurrenceEdited', data: { ruleId, date: '2027-02-01', changes: { note: 'February' } } },
      {
        type: 'RecurringRuleEdited',
        data: {
          ruleId,
          from: '2027-01-15',
          rule: { ...rentFields, schedule: { ...rent.schedule, startDate: '2027-01-15', monthDay: 15 } },
        },
      },
    ].reduce(evolveRecurring, initialRecurringState);
    expect(state.status === 'active' && state.rule.versions.map((version) => version.from)).toEqual([
      '2026-12-01',
      '2027-01-15',
    ]);
    expect(state.status === 'active' && state.rule.overrides).toEqual({ '2026-12-01': { note: 'December' } });
  });
});

describe('one occurrence', () => {
  it('skips an occurrence not yet posted', () => {
    expect(given(created).when(skip('2026-12-01'))).toEqual([
      { type: 'OccurrenceSkipped', data: { ruleId, date: '2026-12-01' } },
    ]);
  });
  it('records nothing when skipping one already skipped', () => {
    expect(
      given(created, { type: 'OccurrenceSkipped', data: { ruleId, date: '2026-12-01' } }).when(skip('2026-12-01')),
    ).toEqual([]);
  });
  it('refuses a date that is not an occurrence', () => {
    expect(given(created).when(skip('2026-12-02'))).toEqual(domainError('occurrence_not_found', 422, 'date'));
    expect(given(created).when(editOne('2026-11-01', { note: 'Before it began' }))).toEqual(
      domainError('occurrence_not_found', 422, 'date'),
    );
  });
  it('refuses an occurrence already posted', () => {
    expect(given(created).when(skip('2026-12-01'), { posted: true })).toEqual(
      domainError('occurrence_already_posted', 409, 'date'),
    );
    expect(given(created).when(editOne('2026-12-01', { note: 'x' }), { posted: true })).toEqual(
      domainError('occurrence_already_posted', 409, 'date'),
    );
  });
  it('takes an occurrence up to 62 days ahead, not one further', () => {
    // Today 27 November: 62 days ahead is 28 January.
    expect(given(created).when(skip('2027-01-01'))).toHaveLength(1);
    expect(given(created).when(skip('2027-02-01'))).toEqual(domainError('occurrence_too_far', 422, 'date'));
    expect(given(created).when(skip('2027-02-01'), { today: '2026-12-01' })).toHaveLength(1);
  });
  it('refuses to skip while the rule is paused or held', () => {
    expect(given(created, paused('2026-11-20')).when(skip('2026-12-01'))).toEqual(domainError('recurring_paused'));
    expect(given(created, held).when(skip('2026-12-01'))).toEqual(domainError('recurring_paused'));
  });
  it('changes one occurrence’s amount, category, wallet and note', () => {
    const changes = {
      amount: { amount: 2_000_000, currency: 'LAK' },
      walletId: kip,
      categoryId: 'builtin-housing',
      note: null,
    };
    expect(given(created).when(editOne('2026-12-01', changes))).toEqual([
      { type: 'OccurrenceEdited', data: { ruleId, date: '2026-12-01', changes } },
    ]);
  });
  it('checks one occurrence’s new category and wallet with the rule’s other fields', () => {
    expect(given(created).when(editOne('2026-12-01', { categoryId: 'builtin-salary' }))).toEqual(
      domainError('category_type_mismatch', 422, 'changes.categoryId'),
    );
    expect(given(created).when(editOne('2026-12-01', { amount: { amount: 2_000_000, currency: 'LAK' } }))).toEqual(
      domainError('wallet_currency_mismatch', 422, 'changes.amount'),
    );
    expect(given(created).when(editOne('2026-12-01', { walletId: closed }))).toEqual(
      domainError('wallet_archived', 422, 'changes.walletId'),
    );
  });
  it('refuses to change a skipped occurrence', () => {
    const skipped: RecurringEvent = { type: 'OccurrenceSkipped', data: { ruleId, date: '2026-12-01' } };
    expect(given(created, skipped).when(editOne('2026-12-01', { note: 'x' }))).toEqual(
      domainError('occurrence_skipped', 422, 'date'),
    );
  });
});

describe('pausing and resuming', () => {
  it('pauses on the user’s today', () => {
    expect(given(created).when(pause())).toEqual([paused('2026-11-27')]);
  });
  it('records nothing when pausing a paused rule', () => {
    expect(given(created, paused('2026-11-20')).when(pause())).toEqual([]);
  });
  it('refuses to pause a rule with nothing left from today on', () => {
    const once = create({ schedule: { ...rent.schedule, end: { kind: 'after', count: 1 } } });
    const [onlyOnce] = given().when(once) as RecurringEvent[];
    if (onlyOnce === undefined) throw new Error('not created');
    expect(given(onlyOnce).when(pause(), { today: '2026-12-02' })).toEqual(domainError('recurring_ended'));
  });
  it('resumes a paused or held rule on the user’s today', () => {
    const resumed = [{ type: 'RecurringRuleResumed', data: { ruleId, on: '2026-11-27' } }];
    expect(given(created, paused('2026-11-20')).when(resume())).toEqual(resumed);
    expect(given(created, held).when(resume())).toEqual(resumed);
  });
  it('refuses to resume an active rule', () => {
    expect(given(created).when(resume())).toEqual(domainError('recurring_not_paused'));
  });
  it('resumes a held rule without skipping anything: the held occurrence is posted next', () => {
    const state = [created, held, { type: 'RecurringRuleResumed', data: { ruleId, on: '2027-02-01' } }].reduce(
      evolveRecurring,
      initialRecurringState,
    );
    expect(state.status === 'active' && { heldOn: state.rule.heldOn, skipped: [...state.rule.skipped] }).toEqual({
      heldOn: null,
      skipped: [],
    });
  });
  it('keeps a paused rule paused when a poster that read it before holds it', () => {
    const state = [created, paused('2026-11-20'), held].reduce(evolveRecurring, initialRecurringState);
    expect(state.status).toBe('paused');
  });
  it('skips what fell during the pause, up to the day before resuming', () => {
    const state = [
      created,
      paused('2026-11-20'),
      { type: 'RecurringRuleResumed', data: { ruleId, on: '2027-02-01' } },
    ].reduce(evolveRecurring, initialRecurringState);
    expect(state.status).toBe('active');
    expect(state.status === 'active' && [...state.rule.skipped]).toEqual(['2026-12-01', '2027-01-01']);
  });
});

describe('deleting', () => {
  it('deletes a rule, after which it is unknown to every command', () => {
    expect(given(created).when(remove())).toEqual([deleted]);
    for (const later of [remove(), pause(), resume(), skip('2026-12-01'), edit('2027-01-01', {})]) {
      expect(given(created, deleted).when(later)).toEqual(domainError('recurring_not_found', 404));
    }
  });
  it('answers an unknown rule as not found', () => {
    expect(given().when(pause())).toEqual(domainError('recurring_not_found', 404));
  });
});

describe('holding (the poster)', () => {
  const hold = (date: string): RecurringStreamCommand => ({
    type: 'HoldRecurringRule',
    data: { commandId, ruleId, date, reason: 'wallet_archived' },
  });
  it('holds an active rule on the occurrence it could not post', () => {
    expect(given(created).when(hold('2026-12-01'))).toEqual([held]);
  });
  it('records nothing for a rule paused or held meanwhile', () => {
    expect(given(created, paused('2026-11-20')).when(hold('2026-12-01'))).toEqual([]);
    expect(given(created, held).when(hold('2027-01-01'))).toEqual([]);
  });
  it('answers a deleted rule as not found', () => {
    expect(given(created, deleted).when(hold('2026-12-01'))).toEqual(domainError('recurring_not_found', 404));
  });
});
