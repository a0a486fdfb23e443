import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileCommandSchemas, type ProfileCommand } from '@plenty/contracts/commands/profile';
import { streamIds } from '@plenty/contracts/events/envelope';
import {
  occurrenceTransactionId,
  postOccurrenceSchema,
  recurringCommandSchemas,
  type PostOccurrence,
  type RecurringCommand,
} from '@plenty/contracts/recurring';
import type { VerifiedUser } from '@plenty/platform/auth/port';
import type { EventStore } from '@plenty/platform/event-store/port';
import { HttpError } from '@plenty/platform/http/errors';
import { openTestStores, type TestStores } from '@plenty/platform/testing/stores';
import { runCommand, type PipelineDeps } from '../pipeline/run-command.js';
import { ProfileCache } from '../profile/profile-cache.js';
import { profileStream } from '../profile/profile.stream.js';
import { testCaller, testUser } from '../testing/stores.js';
import { lunch, transactionSender } from '../testing/transaction-commands.js';
import { postOccurrenceStream } from '../transaction/post-occurrence.stream.js';
import { transactionStream } from '../transaction/transaction.stream.js';
import { recurringStream } from './recurring.stream.js';

/*
 * The recurring rule stream and PostOccurrence with their context read from real streams: the
 * user's time zone, the occurrence's transaction stream, the transaction a rule is made from and
 * a deleted category's replacement.
 */

let stores: TestStores;
let eventStore: EventStore;
let deps: PipelineDeps;
let profiles: ProfileCache;
/** 10:30 UTC on 27 November 2026: already 28 November in Kiritimati (UTC+14). */
const now = new Date('2026-11-27T10:30:00.000Z');

beforeAll(async () => {
  stores = await openTestStores('recurring-stream');
  eventStore = stores.eventStore;
  deps = { eventStore, codec: stores.codec, now: () => now };
  profiles = new ProfileCache(eventStore, stores.codec);
});

afterAll(() => stores.close());

async function rule(user: VerifiedUser, name: RecurringCommand['type'], body: Record<string, unknown>) {
  const data = recurringCommandSchemas[name].parse({ commandId: randomUUID(), ...body });
  const definition = recurringStream({ profiles, eventStore, codec: stores.codec });
  return runCommand(deps, definition, { type: name, data } as RecurringCommand, testCaller(user));
}

async function profile(user: VerifiedUser, name: ProfileCommand['type'], body: Record<string, unknown>) {
  const data = profileCommandSchemas[name].parse({ commandId: randomUUID(), ...body });
  return runCommand(deps, profileStream, { type: name, data } as ProfileCommand, testCaller(user));
}

async function post(user: VerifiedUser, body: Record<string, unknown>) {
  const data = postOccurrenceSchema.parse({ commandId: randomUUID(), ...body });
  const definition = postOccurrenceStream({ profiles, eventStore, codec: stores.codec });
  return runCommand(deps, definition, { type: 'PostOccurrence', data } as PostOccurrence, testCaller(user));
}

async function refusal(answer: Promise<unknown>): Promise<HttpError> {
  const error = await answer.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}

/** A monthly rule on the 28th from 28 November 2026, posted when the user confirms it. */
const monthly = (fields: Record<string, unknown> = {}) => ({
  ruleId: randomUUID(),
  type: 'expense',
  amount: { amount: 120_000, currency: 'THB' },
  categoryId: 'builtin-utilities',
  mode: 'confirm',
  remind: false,
  schedule: { frequency: 'month', interval: 1, startDate: '2026-11-28', end: { kind: 'never' } },
  ...fields,
});

describe('the recurring rule stream', () => {
  it('pauses and resumes on the user’s own today', async () => {
    const user = testUser(`kiritimati-${randomUUID()}`);
    await profile(user, 'ChangePreferences', { changes: { timeZone: 'Pacific/Kiritimati' } });
    const body = monthly();
    await rule(user, 'CreateRecurringRule', body);
    await rule(user, 'PauseRecurringRule', { ruleId: body.ruleId });
    const other = testUser(`utc-${randomUUID()}`);
    const utcBody = monthly();
    await rule(other, 'CreateRecurringRule', utcBody);
    await rule(other, 'PauseRecurringRule', { ruleId: utcBody.ruleId });
    const pausedOn = async (ruleId: string) =>
      (await eventStore.readStream(streamIds.recurring(ruleId))).at(-1)?.data as { on: string };
    expect((await pausedOn(body.ruleId)).on).toBe('2026-11-28');
    expect((await pausedOn(utcBody.ruleId)).on).toBe('2026-11-27');
  });

  it('knows an occurrence is posted from its transaction stream', async () => {
    const user = testUser(`posted-${randomUUID()}`);
    const body = monthly();
    await rule(user, 'CreateRecurringRule', body);
    await post(user, { ruleId: body.ruleId, date: '2026-11-28' });
    const skip = await refusal(rule(user, 'SkipOccurrence', { ruleId: body.ruleId, date: '2026-11-28' }));
    expect([skip.statusCode, skip.code]).toEqual([409, 'occurrence_already_posted']);
    await rule(user, 'SkipOccurrence', { ruleId: body.ruleId, date: '2026-12-28' });
    const types = (await eventStore.readStream(streamIds.recurring(body.ruleId))).map((event) => event.type);
    expect(types).toEqual(['RecurringRuleCreated', 'OccurrenceSkipped']);
  });

  it('makes a rule from the user’s own transaction only', async () => {
    const alice = testUser(`alice-${randomUUID()}`);
    const bob = testUser(`bob-${randomUUID()}`);
    const send = transactionSender(deps, transactionStream({ profiles, blobs: null, receipts: null }));
    const groceries = lunch();
    await send('AddTransaction', testCaller(alice), groceries);
    await rule(alice, 'CreateRecurringRule', monthly({ fromTransactionId: groceries.transactionId }));
    const stolen = monthly({ fromTransactionId: groceries.transactionId });
    const error = await refusal(rule(bob, 'CreateRecurringRule', stolen));
    expect([error.statusCode, error.code, error.fields]).toEqual([
      404,
      'transaction_not_found',
      { fromTransactionId: 'transaction_not_found' },
    ]);
    expect(await eventStore.readStream(streamIds.recurring(stolen.ruleId))).toEqual([]);
  });
});

describe('PostOccurrence', () => {
  it('posts in the category a deleted one’s transactions moved to, followed through two deletions', async () => {
    const user = testUser(`categories-${randomUUID()}`);
    const [power, bills] = [randomUUID(), randomUUID()];
    for (const [categoryId, name] of [
      [power, 'Power'],
      [bills, 'Bills'],
    ] as const) {
      await profile(user, 'AddCategory', { categoryId, name, type: 'expense', icon: 'bolt', color: '#eab308' });
    }
    const body = monthly({ categoryId: power });
    await rule(user, 'CreateRecurringRule', body);
    await profile(user, 'DeleteCategory', { categoryId: power, replacementCategoryId: bills });
    await profile(user, 'DeleteCategory', { categoryId: bills, replacementCategoryId: 'builtin-housing' });
    await post(user, { ruleId: body.ruleId, date: '2026-11-28' });
    const stream = streamIds.transaction(occurrenceTransactionId(user.uid, body.ruleId, '2026-11-28'));
    const [added] = await eventStore.readStream(stream);
    expect(added?.data).toMatchObject({ categoryId: 'builtin-housing', recurrence: { ruleId: body.ruleId } });
  });

  it('answers another user’s rule as unknown and opens no stream', async () => {
    const alice = testUser(`alice-${randomUUID()}`);
    const bob = testUser(`bob-${randomUUID()}`);
    const body = monthly();
    await rule(alice, 'CreateRecurringRule', body);
    const error = await refusal(post(bob, { ruleId: body.ruleId, date: '2026-11-28' }));
    expect([error.statusCode, error.code]).toEqual([404, 'recurring_not_found']);
    const stream = streamIds.transaction(occurrenceTransactionId(bob.uid, body.ruleId, '2026-11-28'));
    expect(await eventStore.readStream(stream)).toEqual([]);
  });
});
