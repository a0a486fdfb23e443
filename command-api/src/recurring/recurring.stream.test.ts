import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { streamIds } from '@plenty/contracts/events/envelope';
import { occurrenceTransactionId } from '@plenty/contracts/recurring';
import { useRecurringStores } from '../testing/recurring-commands.js';
import { refusal, testCaller, testUser } from '../testing/stores.js';
import { lunch, transactionSender } from '../testing/transaction-commands.js';
import { transactionStream } from '../transaction/transaction.stream.js';

/*
 * The recurring rule stream and PostOccurrence with their context read from real streams: the
 * user's time zone, the occurrence's transaction stream, the transaction a rule is made from and
 * a deleted category's replacement.
 */

/** 10:30 UTC on 27 November 2026: already 28 November in Kiritimati (UTC+14). */
const now = new Date('2026-11-27T10:30:00.000Z');
const bench = useRecurringStores('recurring-stream', now);
const { rule, profile, post } = bench;

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
      (await bench.eventStore.readStream(streamIds.recurring(ruleId))).at(-1)?.data as { on: string };
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
    const types = (await bench.eventStore.readStream(streamIds.recurring(body.ruleId))).map((event) => event.type);
    expect(types).toEqual(['RecurringRuleCreated', 'OccurrenceSkipped']);
  });

  it('makes a rule from the user’s own transaction only', async () => {
    const alice = testUser(`alice-${randomUUID()}`);
    const bob = testUser(`bob-${randomUUID()}`);
    const send = transactionSender(
      bench.deps,
      transactionStream({ profiles: bench.profiles, blobs: null, receipts: null }),
    );
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
    expect(await bench.eventStore.readStream(streamIds.recurring(stolen.ruleId))).toEqual([]);
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
    const [added] = await bench.eventStore.readStream(stream);
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
    expect(await bench.eventStore.readStream(stream)).toEqual([]);
  });
});
