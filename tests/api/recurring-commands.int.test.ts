import { describe, expect, it } from 'vitest';
import { addDays, addMonthsToDate } from '@plenty/contracts/calendar/date';
import { todayIn } from '@plenty/contracts/calendar/zone';
import { ACCOUNT_ERASURES_STREAM } from '@plenty/contracts/events/account';
import { streamIds } from '@plenty/contracts/events/envelope';
import { occurrenceCommandId, occurrenceTransactionId } from '@plenty/contracts/recurring';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { recurringPosting } from '@plenty/command-api/recurring/posting';
import { ProfileCache } from '@plenty/command-api/profile/profile-cache';
import { ApiClient, type CommandAnswer } from '../support/api-client.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { useTestUsers } from '../support/test-users.js';
import { createTestUser } from '../support/users.js';
import { expenseBody } from '../support/transaction-body.js';
import { openWalletBody, sendOk, thb } from '../support/wallets.js';

// No poster of its own: every posting here is the test's.
const env = useTestStandalone({ recurringIntervalMs: 0 });
const users = useTestUsers(env, ['alice', 'bob', 'carol']);

/** Today for a user who kept the default time zone (UTC). */
const today = () => todayIn('UTC');

/** A monthly electricity bill of 1,200 baht from today, posted when the user confirms it. */
const billBody = (fields: Record<string, unknown> = {}) => ({
  ruleId: uuidV7(),
  type: 'expense',
  amount: thb(120_000),
  categoryId: 'builtin-utilities',
  note: 'Electricity',
  mode: 'confirm',
  remind: true,
  schedule: { frequency: 'month', interval: 1, startDate: today(), end: { kind: 'never' } },
  ...fields,
});

async function createRule(api: ApiClient, fields: Record<string, unknown> = {}): Promise<string> {
  const body = billBody(fields);
  await sendOk(api, 'CreateRecurringRule', body);
  return body.ruleId;
}

function refused(answer: CommandAnswer, status: number, code: string, field?: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.error?.code).toBe(code);
  if (field !== undefined) expect(answer.body.error?.fields).toEqual({ [field]: code });
}

const eventsOn = (streamId: string) => env.standalone.eventStore.readStream(streamId);
const typesOn = async (streamId: string) => (await eventsOn(streamId)).map((event) => event.type);

/** The stream an occurrence of the user's rule is posted on. */
const occurrenceStream = (uid: string, ruleId: string, date: string) =>
  streamIds.transaction(occurrenceTransactionId(uid, ruleId, date));

describe('recurring rule commands over HTTP', () => {
  it('creates a rule from scratch and from one of the user’s transactions, not from another user’s', async () => {
    const alice = new ApiClient(env.standalone.app, users.alice);
    const bob = new ApiClient(env.standalone.app, users.bob);
    const ruleId = await createRule(alice);
    expect(await typesOn(streamIds.recurring(ruleId))).toEqual(['RecurringRuleCreated']);
    // The note is personal: stored encrypted.
    expect(JSON.stringify(await eventsOn(streamIds.recurring(ruleId)))).not.toContain('Electricity');

    const groceries = expenseBody({ date: today() });
    await sendOk(alice, 'AddTransaction', groceries);
    const fromTransaction = await createRule(alice, { fromTransactionId: groceries.transactionId });
    const [made] = await eventsOn(streamIds.recurring(fromTransaction));
    expect((made?.data as { fromTransactionId?: string }).fromTransactionId).toBe(groceries.transactionId);

    refused(
      await bob.command('CreateRecurringRule', billBody({ fromTransactionId: groceries.transactionId })),
      404,
      'transaction_not_found',
      'fromTransactionId',
    );
    refused(await alice.command('CreateRecurringRule', billBody({ ruleId })), 409, 'recurring_exists', 'ruleId');
    refused(
      await alice.command('CreateRecurringRule', billBody({ categoryId: 'builtin-salary' })),
      422,
      'category_type_mismatch',
      'categoryId',
    );
  });

  it('posts an occurrence now with another amount, once: a second Post now is 409, a retry answers the same', async () => {
    const alice = new ApiClient(env.standalone.app, users.alice);
    const ruleId = await createRule(alice);
    const date = today();
    const commandId = uuidV7();
    const post = { ruleId, date, amount: thb(134_550) };
    const first = await alice.command('PostOccurrence', post, commandId);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const stream = occurrenceStream(users.alice.uid, ruleId, date);
    expect(first.body.streamId).toBe(stream);
    const [added] = await eventsOn(stream);
    expect(added?.type).toBe('TransactionAdded');
    expect(added?.data).toMatchObject({
      transactionId: occurrenceTransactionId(users.alice.uid, ruleId, date),
      amount: thb(134_550),
      categoryId: 'builtin-utilities',
      date,
      recurrence: { ruleId, date },
    });

    const retry = await alice.command('PostOccurrence', post, commandId);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    refused(await alice.command('PostOccurrence', { ruleId, date }), 409, 'occurrence_already_posted');
    expect(await typesOn(stream)).toEqual(['TransactionAdded']);

    // Posted: no longer skipped or changed as "this one".
    refused(await alice.command('SkipOccurrence', { ruleId, date }), 409, 'occurrence_already_posted', 'date');
    refused(
      await alice.command('EditOccurrence', { ruleId, date, changes: { note: 'x' } }),
      409,
      'occurrence_already_posted',
      'date',
    );
  });

  it('edits this one and this and following, and posts each occurrence with its version', async () => {
    const alice = new ApiClient(env.standalone.app, users.alice);
    const ruleId = await createRule(alice);
    const next = addMonthsToDate(today(), 1);
    await sendOk(alice, 'EditOccurrence', { ruleId, date: today(), changes: { amount: thb(99_000), note: null } });
    await sendOk(alice, 'EditRecurringRule', {
      ruleId,
      from: next,
      rule: {
        ...billBody(),
        ruleId: undefined,
        amount: thb(150_000),
        schedule: { ...billBody().schedule, startDate: next },
      },
    });
    refused(
      await alice.command('EditRecurringRule', {
        ruleId,
        from: next,
        rule: { ...billBody(), ruleId: undefined },
      }),
      422,
      'recurrence_invalid',
      'rule.schedule.startDate',
    );
    await sendOk(alice, 'PostOccurrence', { ruleId, date: today() });
    await sendOk(alice, 'PostOccurrence', { ruleId, date: next });
    const [now] = await eventsOn(occurrenceStream(users.alice.uid, ruleId, today()));
    const [later] = await eventsOn(occurrenceStream(users.alice.uid, ruleId, next));
    expect(now?.data).toMatchObject({ amount: thb(99_000) });
    expect(now?.data).not.toHaveProperty('note');
    expect(later?.data).toMatchObject({ amount: thb(150_000), date: next, recurrence: { ruleId, date: next } });
    refused(
      await alice.command('PostOccurrence', { ruleId, date: addDays(today(), 1) }),
      422,
      'occurrence_not_found',
      'date',
    );
    refused(
      await alice.command('PostOccurrence', { ruleId, date: addMonthsToDate(today(), 3) }),
      422,
      'occurrence_too_far',
      'date',
    );
  });

  it('skips, pauses, resumes and deletes; a deleted rule is unknown and what it posted stays', async () => {
    const alice = new ApiClient(env.standalone.app, users.alice);
    const ruleId = await createRule(alice);
    const next = addMonthsToDate(today(), 1);
    await sendOk(alice, 'PostOccurrence', { ruleId, date: today() });
    await sendOk(alice, 'SkipOccurrence', { ruleId, date: next });
    refused(await alice.command('PostOccurrence', { ruleId, date: next }), 422, 'occurrence_skipped', 'date');

    refused(await alice.command('ResumeRecurringRule', { ruleId }), 422, 'recurring_not_paused');
    await sendOk(alice, 'PauseRecurringRule', { ruleId });
    const paused = (await eventsOn(streamIds.recurring(ruleId))).at(-1);
    expect(paused).toMatchObject({ type: 'RecurringRulePaused', data: { ruleId, on: today() } });
    const twoMonths = addMonthsToDate(today(), 2);
    refused(await alice.command('PostOccurrence', { ruleId, date: twoMonths }), 422, 'recurring_paused');
    refused(await alice.command('SkipOccurrence', { ruleId, date: twoMonths }), 422, 'recurring_paused');
    await sendOk(alice, 'ResumeRecurringRule', { ruleId });

    await sendOk(alice, 'DeleteRecurringRule', { ruleId });
    for (const [name, body] of [
      ['PostOccurrence', { ruleId, date: twoMonths }],
      ['SkipOccurrence', { ruleId, date: twoMonths }],
      ['PauseRecurringRule', { ruleId }],
      ['ResumeRecurringRule', { ruleId }],
      ['DeleteRecurringRule', { ruleId }],
      ['EditOccurrence', { ruleId, date: twoMonths, changes: { note: 'x' } }],
    ] as const) {
      refused(await alice.command(name, body), 404, 'recurring_not_found');
    }
    expect(await typesOn(occurrenceStream(users.alice.uid, ruleId, today()))).toEqual(['TransactionAdded']);
  });

  it('answers another user’s rule as unknown to every command, and appends nothing', async () => {
    const alice = new ApiClient(env.standalone.app, users.alice);
    const bob = new ApiClient(env.standalone.app, users.bob);
    const ruleId = await createRule(alice);
    const before = await typesOn(streamIds.recurring(ruleId));
    const date = today();
    for (const [name, body] of [
      ['PostOccurrence', { ruleId, date }],
      ['SkipOccurrence', { ruleId, date }],
      ['EditOccurrence', { ruleId, date, changes: { amount: thb(1) } }],
      ['EditRecurringRule', { ruleId, from: date, rule: { ...billBody(), ruleId: undefined } }],
      ['PauseRecurringRule', { ruleId }],
      ['ResumeRecurringRule', { ruleId }],
      ['DeleteRecurringRule', { ruleId }],
    ] as const) {
      refused(await bob.command(name, body), 404, 'recurring_not_found');
    }
    expect(await typesOn(streamIds.recurring(ruleId))).toEqual(before);
    expect(await eventsOn(occurrenceStream(users.bob.uid, ruleId, date))).toEqual([]);
    expect(await eventsOn(occurrenceStream(users.alice.uid, ruleId, date))).toEqual([]);
  });

  it('retries of rule commands are answered once', async () => {
    const alice = new ApiClient(env.standalone.app, users.alice);
    const body = billBody();
    const commandId = uuidV7();
    const first = await alice.command('CreateRecurringRule', body, commandId);
    expect(first.status).toBe(200);
    expect(await alice.command('CreateRecurringRule', body, commandId)).toEqual(first);
    const skip = uuidV7();
    const skipped = await alice.command('SkipOccurrence', { ruleId: body.ruleId, date: today() }, skip);
    expect(skipped.status).toBe(200);
    expect(await alice.command('SkipOccurrence', { ruleId: body.ruleId, date: today() }, skip)).toEqual(skipped);
    expect(await typesOn(streamIds.recurring(body.ruleId))).toEqual(['RecurringRuleCreated', 'OccurrenceSkipped']);
  });
});

describe('posting for the server’s poster', () => {
  const posting = () =>
    recurringPosting({
      eventStore: env.standalone.eventStore,
      codec: env.standalone.codec,
      now: () => new Date(),
      profiles: new ProfileCache(env.standalone.eventStore, env.standalone.codec),
    });

  it('posts an occurrence once when two posters race; a later Post now finds it posted', async () => {
    const carol = new ApiClient(env.standalone.app, users.carol);
    const ruleId = await createRule(carol, { mode: 'auto' });
    const request = { userId: users.carol.uid, ruleId, date: today() };
    const outcomes = await Promise.all([posting().postOccurrence(request), posting().postOccurrence(request)]);
    // The store answers the twin's append as a retry of the first: both may say posted, one is stored.
    expect(outcomes.map((outcome) => outcome.outcome)).toContain('posted');
    for (const outcome of outcomes) expect(['posted', 'already_posted']).toContain(outcome.outcome);
    const stream = occurrenceStream(users.carol.uid, ruleId, today());
    const events = await eventsOn(stream);
    expect(events.map((event) => event.type)).toEqual(['TransactionAdded']);
    expect(events[0]?.metadata.commandId).toBe(occurrenceCommandId(users.carol.uid, ruleId, today(), 'post'));
    expect(await posting().postOccurrence(request)).toMatchObject({ outcome: 'already_posted' });
    refused(await carol.command('PostOccurrence', { ruleId, date: today() }), 409, 'occurrence_already_posted');
  });

  it('answers a rule that cannot be posted as refused, and holds it once', async () => {
    const carol = new ApiClient(env.standalone.app, users.carol);
    const wallet = openWalletBody({ currency: 'THB', openingBalance: 0 });
    await sendOk(carol, 'OpenWallet', wallet);
    const ruleId = await createRule(carol, { mode: 'auto', walletId: wallet.walletId });
    await sendOk(carol, 'ArchiveWallet', { walletId: wallet.walletId });
    const request = { userId: users.carol.uid, ruleId, date: today() };
    expect(await posting().postOccurrence(request)).toEqual({
      outcome: 'refused',
      code: 'wallet_archived',
      status: 422,
      hold: true,
    });
    const hold = { ...request, reason: 'wallet_archived' };
    expect(await posting().holdRecurringRule(hold)).toEqual({ outcome: 'held' });
    expect(await posting().holdRecurringRule(hold)).toEqual({ outcome: 'held' });
    expect(await typesOn(streamIds.recurring(ruleId))).toEqual(['RecurringRuleCreated', 'RecurringRuleHeld']);
    // Held: nothing posts until the rule is fixed and resumed.
    expect(await posting().postOccurrence(request)).toMatchObject({
      outcome: 'refused',
      code: 'recurring_paused',
      hold: false,
    });
    await sendOk(carol, 'ResumeRecurringRule', { ruleId });
    await sendOk(carol, 'RestoreWallet', { walletId: wallet.walletId });
    expect(await posting().postOccurrence(request)).toMatchObject({ outcome: 'posted' });
  });

  it('answers another user’s rule as refused without a hold', async () => {
    const alice = new ApiClient(env.standalone.app, users.alice);
    const ruleId = await createRule(alice, { mode: 'auto' });
    const request = { userId: users.bob.uid, ruleId, date: today() };
    expect(await posting().postOccurrence(request)).toMatchObject({
      outcome: 'refused',
      code: 'recurring_not_found',
      hold: false,
    });
    expect(await posting().holdRecurringRule({ ...request, reason: 'wallet_archived' })).toEqual({
      outcome: 'not_held',
      code: 'recurring_not_found',
    });
    expect(await typesOn(streamIds.recurring(ruleId))).toEqual(['RecurringRuleCreated']);
  });

  it('erases a deleted account’s rules and what they posted, and posts nothing for it afterwards', async () => {
    const leaving = await createTestUser(env.standalone);
    const api = new ApiClient(env.standalone.app, leaving);
    const ruleId = await createRule(api, { mode: 'auto' });
    const request = { userId: leaving.uid, ruleId, date: today() };
    expect(await posting().postOccurrence(request)).toMatchObject({ outcome: 'posted' });
    const deletion = { confirmEmail: leaving.email, confirmPhrase: 'Delete My Account', reason: 'privacy' };
    expect((await api.command('DeleteAccount', deletion)).status).toBe(200);
    expect(await eventsOn(streamIds.recurring(ruleId))).toEqual([]);
    expect(await eventsOn(occurrenceStream(leaving.uid, ruleId, today()))).toEqual([]);
    const streams = await env.standalone.eventStore.streamIdsOfUser(leaving.uid);
    expect(streams.filter((id) => id !== ACCOUNT_ERASURES_STREAM)).toEqual([]);
    const next = { ...request, date: addMonthsToDate(today(), 1) };
    expect(await posting().postOccurrence(next)).toMatchObject({ outcome: 'refused', hold: false });
    expect(await eventsOn(occurrenceStream(leaving.uid, ruleId, next.date))).toEqual([]);
  });
});
