import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays } from '@plenty/contracts/calendar/date';
import { streamIds } from '@plenty/contracts/events/envelope';
import { occurrenceCommandId, occurrenceTransactionId } from '@plenty/contracts/recurring';
import type { VerifiedUser } from '@plenty/platform/auth/port';
import { useRecurringStores } from '../testing/recurring-commands.js';
import { testUser } from '../testing/stores.js';
import type { EventStore } from '@plenty/platform/event-store/port';
import { CommandsInFlight } from '../account/commands-in-flight.js';
import { postOccurrences, postRules, type PostOutcome } from './posting.js';

/*
 * The poster's batch posting on a real event store: one reading of the rule's stream for many
 * dates, appended without reading each transaction stream first, and still exactly once.
 */

const now = new Date('2026-11-27T10:30:00.000Z');
const bench = useRecurringStores('recurring-posting', now);
const { rule, profile, dailyRule } = bench;

const postingDeps = () => ({ ...bench.deps, profiles: bench.profiles });

const week = Array.from({ length: 7 }, (_, i) => addDays('2026-11-20', i));

async function transactionEvents(uid: string, ruleId: string, date: string) {
  return bench.eventStore.readStream(streamIds.transaction(occurrenceTransactionId(uid, ruleId, date)));
}

const kinds = (outcomes: readonly PostOutcome[]) =>
  outcomes.map((outcome) => (outcome.outcome === 'refused' ? outcome.code : outcome.outcome));

describe('posting a rule’s due occurrences in one batch', () => {
  it('posts each date in order as the rule says, and a second batch of the same dates stores nothing more', async () => {
    const user = testUser(`batch-${randomUUID()}`);
    const ruleId = await dailyRule(user);
    const first = await postOccurrences(postingDeps(), { userId: user.uid, ruleId, dates: week });
    expect(kinds(first)).toEqual(week.map(() => 'posted'));
    for (const date of week) {
      const events = await transactionEvents(user.uid, ruleId, date);
      expect(events).toHaveLength(1);
      expect(events[0]?.metadata.commandId).toBe(occurrenceCommandId(user.uid, ruleId, date, 'post'));
      expect(events[0]?.data).toMatchObject({
        type: 'expense',
        amount: { amount: 150_000, currency: 'LAK' },
        date,
        recurrence: { ruleId, date },
      });
    }
    // A read model behind offers them again: the store answers the same appends as retries.
    const again = await postOccurrences(postingDeps(), { userId: user.uid, ruleId, dates: week });
    expect(again.every((outcome) => outcome.outcome === 'posted')).toBe(true);
    for (const date of week) expect(await transactionEvents(user.uid, ruleId, date)).toHaveLength(1);
  });

  it('finds an occurrence the user posted already, passes over a skipped one and goes on', async () => {
    const user = testUser(`posted-${randomUUID()}`);
    const ruleId = await dailyRule(user);
    await bench.post(user, { ruleId, date: week[1] });
    await rule(user, 'SkipOccurrence', { ruleId, date: week[2] });

    const outcomes = await postOccurrences(postingDeps(), { userId: user.uid, ruleId, dates: week.slice(0, 4) });
    expect(kinds(outcomes)).toEqual(['posted', 'already_posted', 'occurrence_skipped', 'posted']);
    expect(await transactionEvents(user.uid, ruleId, week[1] ?? '')).toHaveLength(1);
    expect(await transactionEvents(user.uid, ruleId, week[2] ?? '')).toEqual([]);
  });

  it('stops at a paused rule without asking to hold it, and posts nothing from it', async () => {
    const user = testUser(`paused-${randomUUID()}`);
    const ruleId = await dailyRule(user);
    await rule(user, 'PauseRecurringRule', { ruleId });
    const outcomes = await postOccurrences(postingDeps(), { userId: user.uid, ruleId, dates: week });
    expect(outcomes).toEqual([{ outcome: 'refused', code: 'recurring_paused', status: 422, hold: false }]);
    for (const date of week) expect(await transactionEvents(user.uid, ruleId, date)).toEqual([]);
  });

  it('answers another user’s rule as unknown and opens no stream', async () => {
    const alice = testUser(`alice-${randomUUID()}`);
    const bob = testUser(`bob-${randomUUID()}`);
    const ruleId = await dailyRule(alice);
    const outcomes = await postOccurrences(postingDeps(), { userId: bob.uid, ruleId, dates: week });
    expect(kinds(outcomes)).toEqual(['recurring_not_found']);
    expect(await transactionEvents(bob.uid, ruleId, week[0] ?? '')).toEqual([]);
  });

  it('reads the profile for the user’s own category: posted in the one a deleted category moved to', async () => {
    const user = testUser(`categories-${randomUUID()}`);
    const power = randomUUID();
    await profile(user, 'AddCategory', {
      categoryId: power,
      name: 'Power',
      type: 'expense',
      icon: 'bolt',
      color: '#eab308',
    });
    const ruleId = await dailyRule(user, { categoryId: power });
    await profile(user, 'DeleteCategory', { categoryId: power, replacementCategoryId: 'builtin-utilities' });
    const outcomes = await postOccurrences(postingDeps(), { userId: user.uid, ruleId, dates: week.slice(0, 1) });
    expect(kinds(outcomes)).toEqual(['posted']);
    const [added] = await transactionEvents(user.uid, ruleId, week[0] ?? '');
    expect(added?.data).toMatchObject({ categoryId: 'builtin-utilities' });
  });

  it('stops at a date that is not one of the rule’s occurrences', async () => {
    const user = testUser(`dates-${randomUUID()}`);
    const ruleId = await dailyRule(user);
    const outcomes = await postOccurrences(postingDeps(), {
      userId: user.uid,
      ruleId,
      dates: ['2026-11-19', '2026-11-20'],
    });
    expect(kinds(outcomes)).toEqual(['occurrence_not_found']);
    expect(await transactionEvents(user.uid, ruleId, '2026-11-20')).toEqual([]);
  });
});

describe('posting a rule restored from a backup', () => {
  /** Appends, as a restore does, a daily auto rule whose events name the restore as their correlation. */
  async function restoredRule(user: VerifiedUser, restore: { finished: boolean; startedAt: string }) {
    const restoreId = randomUUID();
    const ruleId = randomUUID();
    const meta = (commandId: string, correlationId: string, occurredAt: string) => ({
      userId: user.uid,
      commandId,
      correlationId,
      occurredAt,
      schemaVersion: 1,
    });
    const started = await bench.deps.codec.encode({
      id: randomUUID(),
      type: 'RestoreStarted',
      data: { backupId: randomUUID(), sourceUserId: `source-${randomUUID()}`, merge: false, eventCount: 1 },
      metadata: meta(restoreId, restoreId, restore.startedAt),
    });
    await bench.eventStore.appendToStream(streamIds.restore(restoreId), [started], 'no_stream');
    const created = await bench.deps.codec.encode({
      id: randomUUID(),
      type: 'RecurringRuleCreated',
      data: {
        ruleId,
        type: 'expense',
        amount: { amount: 150_000, currency: 'LAK' },
        categoryId: 'builtin-housing',
        mode: 'auto',
        remind: false,
        schedule: { frequency: 'day', interval: 1, startDate: '2026-11-20', end: { kind: 'never' } },
      },
      metadata: meta(randomUUID(), restoreId, '2026-11-01T08:00:00.000Z'),
    });
    await bench.eventStore.appendToStream(streamIds.recurring(ruleId), [created], 'no_stream');
    if (restore.finished) {
      const finished = await bench.deps.codec.encode({
        id: randomUUID(),
        type: 'RestoreFinished',
        data: { backupId: randomUUID(), appended: 1, existing: 0 },
        metadata: meta(randomUUID(), randomUUID(), restore.startedAt),
      });
      await bench.eventStore.appendToStream(streamIds.restore(restoreId), [finished], 0);
    }
    return ruleId;
  }

  it('waits while the restore that brought the rule is under way: its pauses and skips may still be coming', async () => {
    const user = testUser(`restoring-${randomUUID()}`);
    const ruleId = await restoredRule(user, { finished: false, startedAt: '2026-11-27T10:00:00.000Z' });
    const outcomes = await postOccurrences(postingDeps(), { userId: user.uid, ruleId, dates: week.slice(0, 2) });
    expect(outcomes).toEqual([{ outcome: 'refused', code: 'restore_under_way', status: 409, hold: false }]);
    expect(await transactionEvents(user.uid, ruleId, week[0] ?? '')).toEqual([]);
  });

  it('posts once the restore is finished, or when it was left unfinished for more than a day', async () => {
    const finished = testUser(`restored-${randomUUID()}`);
    const done = await restoredRule(finished, { finished: true, startedAt: '2026-11-27T10:00:00.000Z' });
    const posted = await postOccurrences(postingDeps(), {
      userId: finished.uid,
      ruleId: done,
      dates: week.slice(0, 2),
    });
    expect(kinds(posted)).toEqual(['posted', 'posted']);

    const abandoned = testUser(`abandoned-${randomUUID()}`);
    const left = await restoredRule(abandoned, { finished: false, startedAt: '2026-11-25T10:00:00.000Z' });
    const late = await postOccurrences(postingDeps(), { userId: abandoned.uid, ruleId: left, dates: week.slice(0, 1) });
    expect(kinds(late)).toEqual(['posted']);
  });
});

describe('posting many rules at once', () => {
  /** The event store, counting its reads and appends. */
  function counted(store: EventStore) {
    const calls = { readStream: 0, readStreams: 0, appendMany: 0, appendToStream: 0 };
    const eventStore: EventStore = {
      ...store,
      // The store's methods live on its prototype: the spread above does not carry them.
      headPosition: () => store.headPosition(),
      readStream: (...args) => {
        calls.readStream += 1;
        return store.readStream(...args);
      },
      readStreams: (ids) => {
        calls.readStreams += 1;
        return store.readStreams?.(ids) ?? Promise.reject(new Error('no readStreams'));
      },
      appendMany: (appends) => {
        calls.appendMany += 1;
        return store.appendMany?.(appends) ?? Promise.reject(new Error('no appendMany'));
      },
      appendToStream: (...args) => {
        calls.appendToStream += 1;
        return store.appendToStream(...args);
      },
    };
    return { calls, eventStore };
  }

  const settledKinds = (results: readonly PromiseSettledResult<PostOutcome[]>[]) =>
    results.map((result) => (result.status === 'fulfilled' ? kinds(result.value) : 'rejected'));

  it('answers each rule as it would be answered alone, from one read of their streams and one append of their transactions', async () => {
    const alice = testUser(`many-${randomUUID()}`);
    const bob = testUser(`many-bob-${randomUUID()}`);
    const fresh = await dailyRule(alice);
    const partly = await dailyRule(alice);
    await bench.post(alice, { ruleId: partly, date: week[1] });
    await rule(alice, 'SkipOccurrence', { ruleId: partly, date: week[2] });
    const paused = await dailyRule(bob);
    await rule(bob, 'PauseRecurringRule', { ruleId: paused });
    const { calls, eventStore } = counted(bench.eventStore);

    const results = await postRules({ ...postingDeps(), eventStore }, [
      { userId: alice.uid, ruleId: fresh, dates: week.slice(0, 2) },
      { userId: alice.uid, ruleId: partly, dates: week.slice(0, 4) },
      { userId: bob.uid, ruleId: paused, dates: week.slice(0, 2) },
      // Another user's rule is as unknown as none.
      { userId: bob.uid, ruleId: fresh, dates: week.slice(2, 3) },
      { userId: alice.uid, ruleId: fresh, dates: [] },
    ]);
    expect(settledKinds(results)).toEqual([
      ['posted', 'posted'],
      ['posted', 'already_posted', 'occurrence_skipped', 'posted'],
      ['recurring_paused'],
      ['recurring_not_found'],
      [],
    ]);
    expect(calls).toEqual({ readStream: 0, readStreams: 1, appendMany: 1, appendToStream: 0 });
    for (const date of week.slice(0, 2)) expect(await transactionEvents(alice.uid, fresh, date)).toHaveLength(1);
    expect(await transactionEvents(alice.uid, partly, week[3] ?? '')).toHaveLength(1);
    expect(await transactionEvents(bob.uid, paused, week[0] ?? '')).toEqual([]);
    expect(await transactionEvents(bob.uid, fresh, week[2] ?? '')).toEqual([]);

    // Offered again (a read model behind): the same appends are retries and store nothing.
    const head = await bench.eventStore.headPosition();
    const again = await postRules(postingDeps(), [
      { userId: alice.uid, ruleId: fresh, dates: week.slice(0, 2) },
      { userId: alice.uid, ruleId: partly, dates: [week[3] ?? ''] },
    ]);
    expect(settledKinds(again)).toEqual([['posted', 'posted'], ['posted']]);
    expect(await bench.eventStore.headPosition()).toBe(head);
  });

  it('posts nothing for a user whose erasure has started, and the others’ rules as usual', async () => {
    const leaving = testUser(`leaving-${randomUUID()}`);
    const staying = testUser(`staying-${randomUUID()}`);
    const gone = await dailyRule(leaving);
    const kept = await dailyRule(staying);
    const inFlight = new CommandsInFlight({ has: async (uid) => uid === leaving.uid });
    const results = await postRules({ ...postingDeps(), inFlight }, [
      { userId: leaving.uid, ruleId: gone, dates: week.slice(0, 1) },
      { userId: staying.uid, ruleId: kept, dates: week.slice(0, 1) },
    ]);
    expect(results).toEqual([
      { status: 'fulfilled', value: [{ outcome: 'refused', code: 'unauthenticated', status: 401, hold: false }] },
      { status: 'fulfilled', value: [expect.objectContaining({ outcome: 'posted' })] },
    ]);
    expect(await transactionEvents(leaving.uid, gone, week[0] ?? '')).toEqual([]);
    // The staying user's posting was counted as a command under way, and is over.
    await expect(inFlight.settled(staying.uid)).resolves.toBeUndefined();
  });

  it('rejects the rules whose appends a failing store was given, and answers the others', async () => {
    const user = testUser(`failing-${randomUUID()}`);
    const due = await dailyRule(user);
    const paused = await dailyRule(user);
    await rule(user, 'PauseRecurringRule', { ruleId: paused });
    const failing: EventStore = {
      ...bench.eventStore,
      readStreams: (ids) => bench.eventStore.readStreams?.(ids) ?? Promise.resolve([]),
      appendMany: () => Promise.reject(new Error('disk I/O error')),
    };
    const results = await postRules({ ...postingDeps(), eventStore: failing }, [
      { userId: user.uid, ruleId: due, dates: week.slice(0, 1) },
      { userId: user.uid, ruleId: paused, dates: week.slice(0, 1) },
    ]);
    expect(results[0]).toEqual({ status: 'rejected', reason: new Error('disk I/O error') });
    expect(settledKinds(results.slice(1))).toEqual([['recurring_paused']]);
    expect(await transactionEvents(user.uid, due, week[0] ?? '')).toEqual([]);
  });

  it('appends one transaction at a time to a store without appendMany, with the same outcomes', async () => {
    const user = testUser(`plain-${randomUUID()}`);
    const ruleId = await dailyRule(user);
    await bench.post(user, { ruleId, date: week[1] });
    const { calls, eventStore } = counted(bench.eventStore);
    const { appendMany: _many, readStreams: _read, ...plain } = eventStore;
    const results = await postRules({ ...postingDeps(), eventStore: plain }, [
      { userId: user.uid, ruleId, dates: week.slice(0, 3) },
    ]);
    expect(settledKinds(results)).toEqual([['posted', 'already_posted', 'posted']]);
    expect(calls).toMatchObject({ readStream: 1, readStreams: 0, appendMany: 0, appendToStream: 3 });
  });
});
