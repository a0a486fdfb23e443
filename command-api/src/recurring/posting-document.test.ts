import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays } from '@plenty/contracts/calendar/date';
import { streamIds } from '@plenty/contracts/events/envelope';
import { occurrenceTransactionId } from '@plenty/contracts/recurring';
import { newRuleStanding, type RecurringRuleDoc } from '@plenty/contracts/views/recurring';
import type { VerifiedUser } from '@plenty/platform/auth/port';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import type { EventStore, RecordedEvent } from '@plenty/platform/event-store/port';
import { appendUserEvent } from '@plenty/platform/testing/stores';
import { useRecurringStores } from '../testing/recurring-commands.js';
import { testUser } from '../testing/stores.js';
import { postRules, type PostOutcome, type RuleDocument } from './posting.js';

/*
 * The poster hands each rule's read-model document to the posting: a document that has applied
 * every event of the rule's stream stands for it (the stream is not decrypted and folded), one
 * the stream has moved past does not.
 */

const now = new Date('2026-11-27T10:30:00.000Z');
const bench = useRecurringStores('recurring-posting-document', now);
const { rule, dailyRule } = bench;

const week = Array.from({ length: 7 }, (_, i) => addDays('2026-11-20', i));

/** The codec, counting the events it decodes (each one's sealed notes decrypted). */
function countingDeps() {
  const counted = { decoded: 0 };
  const base = bench.deps.codec;
  const codec = Object.create(base) as EventCodec;
  codec.decode = <E extends RecordedEvent>(event: E, options?: Parameters<EventCodec['decode']>[1]) => {
    counted.decoded += 1;
    return base.decode(event, options);
  };
  return { counted, deps: { ...bench.deps, codec, profiles: bench.profiles } };
}

/** The document the projection keeps of `dailyRule`'s rent with `fields` over it, as of `position`. */
function rentDocument(
  ruleId: string,
  position: string,
  fields: Partial<RecurringRuleDoc['versions'][number]['rule']> = {},
) {
  const doc: RecurringRuleDoc = {
    id: ruleId,
    versions: [
      {
        from: '2026-11-20',
        rule: {
          type: 'expense',
          amount: { amount: 150_000, currency: 'LAK' },
          categoryId: 'builtin-housing',
          walletId: null,
          note: 'Rent',
          splits: null,
          tags: [],
          mode: 'auto',
          remind: false,
          schedule: { frequency: 'day', interval: 1, startDate: '2026-11-20', end: { kind: 'never' } },
          ...fields,
        },
      },
    ],
    ...newRuleStanding(),
    nextDue: '2026-11-20',
    fromTransactionId: null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  return { doc, position } satisfies RuleDocument;
}

async function postedData(user: VerifiedUser, ruleId: string, date: string) {
  const [event] = await bench.eventStore.readStream(
    streamIds.transaction(occurrenceTransactionId(user.uid, ruleId, date)),
  );
  return event === undefined ? undefined : (await bench.deps.codec.decode(event)).data;
}

const kinds = (results: readonly PromiseSettledResult<PostOutcome[]>[]) =>
  results.map((result) =>
    result.status === 'rejected'
      ? 'rejected'
      : result.value.map((outcome) => (outcome.outcome === 'refused' ? outcome.code : outcome.outcome)),
  );

describe('posting from the rule’s document', () => {
  it('posts from a document that has applied the whole stream the same transaction as from the stream, decrypting none of the stream', async () => {
    const user = testUser(`document-${randomUUID()}`);
    const fromStream = await dailyRule(user);
    const fromDocument = await dailyRule(user);
    const head = await bench.eventStore.headPosition();

    const streamRun = countingDeps();
    expect(
      kinds(await postRules(streamRun.deps, [{ userId: user.uid, ruleId: fromStream, dates: week.slice(0, 2) }])),
    ).toEqual([['posted', 'posted']]);
    expect(streamRun.counted.decoded).toBe(1);

    const documentRun = countingDeps();
    const results = await postRules(documentRun.deps, [
      { userId: user.uid, ruleId: fromDocument, dates: week.slice(0, 2), document: rentDocument(fromDocument, head) },
    ]);
    expect(kinds(results)).toEqual([['posted', 'posted']]);
    expect(documentRun.counted.decoded).toBe(0);
    for (const date of week.slice(0, 2)) {
      const [viaStream, viaDocument] = await Promise.all([
        postedData(user, fromStream, date),
        postedData(user, fromDocument, date),
      ]);
      expect(viaStream).toMatchObject({ note: 'Rent', amount: { amount: 150_000, currency: 'LAK' }, date });
      expect({ ...viaDocument, transactionId: null, recurrence: null }).toEqual({
        ...viaStream,
        transactionId: null,
        recurrence: null,
      });
    }
  });

  it('takes the rule’s fields from a current document: what it holds is what is posted', async () => {
    const user = testUser(`document-fields-${randomUUID()}`);
    const ruleId = await dailyRule(user);
    const head = await bench.eventStore.headPosition();
    const document = rentDocument(ruleId, head, {
      note: 'Rent, as the view has it',
      amount: { amount: 99, currency: 'LAK' },
    });
    expect(
      kinds(await postRules(countingDeps().deps, [{ userId: user.uid, ruleId, dates: week.slice(0, 1), document }])),
    ).toEqual([['posted']]);
    expect(await postedData(user, ruleId, week[0] ?? '')).toMatchObject({
      note: 'Rent, as the view has it',
      amount: { amount: 99, currency: 'LAK' },
    });
  });

  it('decides from the stream when it moved past the document: a pause, a skip or an edit not projected yet is obeyed', async () => {
    const user = testUser(`document-behind-${randomUUID()}`);
    const paused = await dailyRule(user);
    const skipped = await dailyRule(user);
    const edited = await dailyRule(user);
    // The documents as read before the user's changes reached the view.
    const read = await bench.eventStore.headPosition();
    await rule(user, 'PauseRecurringRule', { ruleId: paused });
    await rule(user, 'SkipOccurrence', { ruleId: skipped, date: week[0] });
    await rule(user, 'EditRecurringRule', {
      ruleId: edited,
      from: week[0],
      rule: {
        type: 'expense',
        amount: { amount: 175_000, currency: 'LAK' },
        categoryId: 'builtin-housing',
        note: 'Rent, new flat',
        mode: 'auto',
        remind: false,
        schedule: { frequency: 'day', interval: 1, startDate: '2026-11-20', end: { kind: 'never' } },
      },
    });
    const { counted, deps } = countingDeps();
    const results = await postRules(deps, [
      { userId: user.uid, ruleId: paused, dates: week.slice(0, 1), document: rentDocument(paused, read) },
      { userId: user.uid, ruleId: skipped, dates: week.slice(0, 2), document: rentDocument(skipped, read) },
      { userId: user.uid, ruleId: edited, dates: week.slice(0, 1), document: rentDocument(edited, read) },
    ]);
    expect(kinds(results)).toEqual([['recurring_paused'], ['occurrence_skipped', 'posted'], ['posted']]);
    // Each stream's two events: the creation and the change.
    expect(counted.decoded).toBe(2 + 2 + 2);
    expect(await postedData(user, paused, week[0] ?? '')).toBeUndefined();
    expect(await postedData(user, skipped, week[0] ?? '')).toBeUndefined();
    expect(await postedData(user, edited, week[0] ?? '')).toMatchObject({
      note: 'Rent, new flat',
      amount: { amount: 175_000, currency: 'LAK' },
    });
  });

  it('reads the stream of a rule whose document stands for it without its data, and whole only the streams the document will not do for', async () => {
    const user = testUser(`document-reads-${randomUUID()}`);
    const current = await dailyRule(user);
    const behind = await dailyRule(user);
    const without = await dailyRule(user);
    const read = await bench.eventStore.headPosition();
    await rule(user, 'SkipOccurrence', { ruleId: behind, date: week[0] });
    const store = bench.eventStore;
    const reads: { readonly withoutData: string[][]; readonly whole: string[][]; readStream: number } = {
      withoutData: [],
      whole: [],
      readStream: 0,
    };
    const eventStore: EventStore = {
      ...store,
      readStream: (...args) => {
        reads.readStream += 1;
        return store.readStream(...args);
      },
      readStreams: (ids) => {
        reads.whole.push([...ids]);
        return store.readStreams?.(ids) ?? Promise.reject(new Error('no readStreams'));
      },
      readStreamsWithoutData: (ids) => {
        reads.withoutData.push([...ids]);
        return store.readStreamsWithoutData?.(ids) ?? Promise.reject(new Error('no readStreamsWithoutData'));
      },
      appendMany: (appends) => store.appendMany?.(appends) ?? Promise.reject(new Error('no appendMany')),
    };
    const { counted, deps } = countingDeps();
    const results = await postRules({ ...deps, eventStore }, [
      { userId: user.uid, ruleId: current, dates: week.slice(0, 1), document: rentDocument(current, read) },
      { userId: user.uid, ruleId: behind, dates: week.slice(0, 2), document: rentDocument(behind, read) },
      { userId: user.uid, ruleId: without, dates: week.slice(0, 1) },
    ]);
    expect(kinds(results)).toEqual([['posted'], ['occurrence_skipped', 'posted'], ['posted']]);
    expect(reads).toEqual({
      withoutData: [[streamIds.recurring(current), streamIds.recurring(behind)]],
      whole: [[streamIds.recurring(behind), streamIds.recurring(without)]],
      readStream: 0,
    });
    // The stream of the rule behind its document (creation and skip) and the one without a document.
    expect(counted.decoded).toBe(2 + 1);
    expect(await postedData(user, current, week[0] ?? '')).toMatchObject({ note: 'Rent', date: week[0] });
  });

  it('decides from the stream for a rule with tags, a document not active, or a stream holding another user’s event', async () => {
    const user = testUser(`document-not-used-${randomUUID()}`);
    const other = testUser(`document-other-${randomUUID()}`);
    const tagged = await dailyRule(user, { tags: ['home'] });
    const notActive = await dailyRule(user);
    const shared = await dailyRule(user);
    await appendUserEvent(bench.streamDeps, {
      userId: other.uid,
      streamId: streamIds.recurring(shared),
      type: 'RecurringRulePaused',
      data: { ruleId: shared, on: week[0] },
    });
    const head = await bench.eventStore.headPosition();
    const { counted, deps } = countingDeps();
    const results = await postRules(deps, [
      {
        userId: user.uid,
        ruleId: tagged,
        dates: week.slice(0, 1),
        document: rentDocument(tagged, head, { tags: ['home'] }),
      },
      {
        userId: user.uid,
        ruleId: notActive,
        dates: week.slice(0, 1),
        document: { ...rentDocument(notActive, head), doc: { ...rentDocument(notActive, head).doc, status: 'held' } },
      },
      { userId: user.uid, ruleId: shared, dates: week.slice(0, 1), document: rentDocument(shared, head) },
    ]);
    // The stream of a rule another user wrote to is as unknown as none, whatever the view says.
    expect(kinds(results)).toEqual([['posted'], ['posted'], ['recurring_not_found']]);
    expect(counted.decoded).toBe(2);
    expect(await postedData(user, tagged, week[0] ?? '')).toMatchObject({ tags: ['home'] });
    expect(await postedData(user, shared, week[0] ?? '')).toBeUndefined();
  });
});
