import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '@plenty/contracts/calendar/date';
import { occurrenceCommandId, occurrenceTransactionId } from '@plenty/contracts/recurring';
import type { RecurringRuleDoc, RecurringVersion } from '@plenty/contracts/views/recurring';
import { PREFERENCES_VIEW, RECURRING_DUE_VIEW, RECURRING_RULES_VIEW } from '@plenty/contracts/views/registry';
import { PREFERENCES_DOC_ID } from '@plenty/contracts/preferences';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import {
  MAX_OCCURRENCES_PER_RULE_TICK,
  RecurringPoster,
  SYSTEM_USER_ID,
  type RecurringPosterOptions,
  latestToday,
  posterReadViews,
} from './poster.js';
import type { HoldOutcome, PostOutcome, RecurringPosting, RuleOccurrences } from './posting.js';

const RULE_A = '0190c7a4-0000-7000-8000-00000000000a';
const RULE_B = '0190c7a4-0000-7000-8000-00000000000b';
const RULE_C = '0190c7a4-0000-7000-8000-00000000000c';

const daily = (startDate: string): RecurringVersion['rule']['schedule'] => ({
  frequency: 'day',
  interval: 1,
  startDate,
  end: { kind: 'never' },
});

function ruleDoc(id: string, startDate: string, changes: Partial<RecurringRuleDoc> = {}): RecurringRuleDoc {
  return {
    id,
    versions: [
      {
        from: startDate,
        rule: {
          type: 'expense',
          amount: { amount: 150_000, currency: 'LAK' },
          categoryId: 'builtin-housing',
          walletId: null,
          note: null,
          mode: 'auto',
          remind: false,
          schedule: daily(startDate),
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
    nextDue: startDate,
    postedCount: 0,
    lastPostedOn: null,
    fromTransactionId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...changes,
  };
}

interface Posted {
  readonly userId: string;
  readonly ruleId: string;
  readonly date: string;
  readonly commandId: string;
}

/**
 * The write side as the event store makes it: an occurrence's transaction stream opens once, so
 * a second post of it is `already_posted`; `refuse` answers chosen refusals (or throws), and
 * `gate` holds posts back to watch what runs at once.
 */
class RecordingPosting implements Pick<
  RecurringPosting,
  'postOccurrence' | 'postOccurrences' | 'postRules' | 'holdRecurringRule'
> {
  readonly posted: Posted[] = [];
  readonly held: (Omit<Posted, 'commandId'> & { reason: string })[] = [];
  readonly opened = new Set<string>();
  refuse: (command: Omit<Posted, 'commandId'>) => { code: string; hold: boolean } | Error | null = () => null;
  gate: (() => Promise<void>) | null = null;
  active = 0;
  mostAtOnce = 0;

  async postOccurrence(request: { userId: string; ruleId: string; date: string }): Promise<PostOutcome> {
    this.active += 1;
    this.mostAtOnce = Math.max(this.mostAtOnce, this.active);
    try {
      if (this.gate !== null) await this.gate();
      const { userId, ruleId, date } = request;
      const transactionId = occurrenceTransactionId(userId, ruleId, date);
      const refusal = this.refuse(request);
      if (refusal instanceof Error) throw refusal;
      if (refusal !== null) return { outcome: 'refused', status: 422, ...refusal };
      if (this.opened.has(transactionId)) return { outcome: 'already_posted', transactionId };
      this.opened.add(transactionId);
      this.posted.push({ userId, ruleId, date, commandId: occurrenceCommandId(userId, ruleId, date, 'post') });
      return {
        outcome: 'posted',
        transactionId,
        result: { streamId: `transaction-${transactionId}`, revision: 0, position: '1' },
      };
    } finally {
      this.active -= 1;
    }
  }

  /** The rule documents handed with each batch: the rule, the document's position and how far it was handled. */
  readonly documents: { ruleId: string; position: string | null; handledThrough: string | null; first: string }[] = [];

  /** As posting.ts answers a batch: one outcome per date, in order, until a refusal other than a skip. */
  async postOccurrences(request: RuleOccurrences): Promise<PostOutcome[]> {
    this.documents.push({
      ruleId: request.ruleId,
      position: request.document?.position ?? null,
      handledThrough: request.document?.doc.handledThrough ?? null,
      first: request.dates[0] ?? '',
    });
    const outcomes: PostOutcome[] = [];
    for (const date of request.dates) {
      const outcome = await this.postOccurrence({ userId: request.userId, ruleId: request.ruleId, date });
      outcomes.push(outcome);
      if (outcome.outcome === 'refused' && outcome.code !== 'occurrence_skipped') break;
    }
    return outcomes;
  }

  /** As posting.ts answers a group of rules: each rule's batch settled on its own, in order. */
  readonly groups: number[] = [];
  async postRules(requests: readonly RuleOccurrences[]): Promise<PromiseSettledResult<PostOutcome[]>[]> {
    this.groups.push(requests.length);
    return Promise.allSettled(requests.map((request) => this.postOccurrences(request)));
  }

  async holdRecurringRule(request: {
    userId: string;
    ruleId: string;
    date: string;
    reason: string;
  }): Promise<HoldOutcome> {
    this.held.push(request);
    return { outcome: 'held' };
  }

  datesOf(userId: string, ruleId: string): string[] {
    return this.posted.filter((c) => c.userId === userId && c.ruleId === ruleId).map((c) => c.date);
  }
}

let readStore: ReadStore;
let commands: RecordingPosting;
let erased: Set<string>;
let position = 0;

beforeEach(async () => {
  readStore = await openSqliteReadStore({ path: ':memory:' });
  await readStore.ensureViews(posterReadViews);
  commands = new RecordingPosting();
  erased = new Set();
});
afterEach(async () => {
  await readStore.close();
});

async function store(userId: string, doc: RecurringRuleDoc, timeZone = 'UTC'): Promise<void> {
  position += 1;
  await readStore.applyBatch('test', String(position), async (uow) => {
    uow.put(RECURRING_RULES_VIEW, userId, doc.id, doc, String(position));
    if (doc.nextDue !== null && doc.status === 'active') {
      uow.put(
        RECURRING_DUE_VIEW,
        SYSTEM_USER_ID,
        `${userId}:${doc.id}`,
        { userId, ruleId: doc.id, nextDue: doc.nextDue },
        String(position),
      );
    }
    uow.put(PREFERENCES_VIEW, userId, PREFERENCES_DOC_ID, { timeZone }, String(position));
  });
}

const posterAt = (now: string, concurrency?: number) =>
  new RecurringPoster({
    readStore,
    posting: commands,
    erasedUsers: { has: async (uid) => erased.has(uid) },
    now: () => new Date(now),
    intervalMs: 0,
    ...(concurrency === undefined ? {} : { concurrency }),
  });

describe('the recurring poster', () => {
  it('posts an occurrence once it is today in the user’s time zone, not before', async () => {
    // 20:00 UTC on 26 November: already 27 November in Vientiane (UTC+7), still the 26th in Honolulu (UTC−10).
    await store('vientiane', ruleDoc(RULE_A, '2026-11-27'), 'Asia/Vientiane');
    await store('honolulu', ruleDoc(RULE_B, '2026-11-27'), 'Pacific/Honolulu');

    const evening = await posterAt('2026-11-26T20:00:00Z').tick();
    expect(commands.posted.map((c) => [c.userId, c.date])).toEqual([['vientiane', '2026-11-27']]);
    expect(evening).toMatchObject({ rules: 2, posted: 1, held: 0, failed: 0 });

    // 10:30 UTC on the 27th: the 27th in Honolulu too (and still in Vientiane).
    const morning = await posterAt('2026-11-27T10:30:00Z').tick();
    expect(commands.datesOf('honolulu', RULE_B)).toEqual(['2026-11-27']);
    // Vientiane's was offered again (the read model had not moved on) and was not posted twice.
    expect(commands.datesOf('vientiane', RULE_A)).toEqual(['2026-11-27']);
    expect(morning).toMatchObject({ posted: 1, alreadyPosted: 1 });
  });

  it('hands each batch the rule’s document as read and its position, moved past the batches before', async () => {
    await store('alice', ruleDoc(RULE_A, '2026-07-01'));
    const stored = await readStore.get<RecurringRuleDoc>(RECURRING_RULES_VIEW, 'alice', RULE_A);
    await posterAt('2026-11-27T10:30:00Z').tick();
    // 150 daily occurrences: a first batch of 100 with the group, the other 50 on their own.
    expect(commands.documents).toEqual([
      { ruleId: RULE_A, position: stored?.position, handledThrough: null, first: '2026-07-01' },
      { ruleId: RULE_A, position: stored?.position, handledThrough: '2026-10-08', first: '2026-10-09' },
    ]);
  });

  it('catches up after a week: seven daily occurrences, oldest first, each with its own command id', async () => {
    await store('alice', ruleDoc(RULE_A, '2026-11-20'));
    const done = await posterAt('2026-11-26T12:00:00Z').tick();
    const dates = commands.datesOf('alice', RULE_A);
    expect(dates).toEqual(Array.from({ length: 7 }, (_, i) => addDays('2026-11-20', i)));
    expect(commands.posted.map((c) => c.commandId)).toEqual(
      dates.map((date) => occurrenceCommandId('alice', RULE_A, date, 'post')),
    );
    expect(done.posted).toBe(7);
  });

  it('goes on past the occurrences handled already and past a long downtime in batches', async () => {
    const start = '2026-05-01';
    await store(
      'alice',
      ruleDoc(RULE_A, start, {
        handledThrough: '2026-05-02',
        posted: ['2026-05-04'],
        skipped: ['2026-05-05'],
        nextDue: '2026-05-03',
      }),
    );
    await posterAt('2026-11-26T12:00:00Z').tick();
    const dates = commands.datesOf('alice', RULE_A);
    expect(dates.slice(0, 3)).toEqual(['2026-05-03', '2026-05-06', '2026-05-07']);
    expect(dates.at(-1)).toBe('2026-11-26');
    // Every day from 3 May to 26 November but the two handled ones: more than one batch of 100.
    expect(dates).toHaveLength(208 - 2);
    expect(new Set(dates).size).toBe(dates.length);
  });

  it('offers a rule started decades ago at most a thousand occurrences a tick, oldest first, and goes on at the next', async () => {
    await store('alice', ruleDoc(RULE_A, '1990-01-01'));
    await store('bob', ruleDoc(RULE_B, '2026-11-26'));
    const first = await posterAt('2026-11-26T12:00:00Z').tick();
    const dates = commands.datesOf('alice', RULE_A);
    expect(dates).toHaveLength(MAX_OCCURRENCES_PER_RULE_TICK);
    expect(dates[0]).toBe('1990-01-01');
    expect(dates.at(-1)).toBe(addDays('1990-01-01', MAX_OCCURRENCES_PER_RULE_TICK - 1));
    // Bob's occurrence of today is not kept waiting behind Alice's backlog.
    expect(commands.datesOf('bob', RULE_B)).toEqual(['2026-11-26']);
    expect(first.posted).toBe(MAX_OCCURRENCES_PER_RULE_TICK + 1);

    // Once the read model has caught up with the first thousand, the next tick posts the next.
    const last = dates.at(-1) ?? '';
    await store('alice', ruleDoc(RULE_A, '1990-01-01', { handledThrough: last, nextDue: addDays(last, 1) }));
    await posterAt('2026-11-26T12:00:00Z').tick();
    const more = commands.datesOf('alice', RULE_A).slice(MAX_OCCURRENCES_PER_RULE_TICK);
    expect(more).toHaveLength(MAX_OCCURRENCES_PER_RULE_TICK);
    expect(more[0]).toBe(addDays(last, 1));
  });

  it('posts nothing for paused, held and ended rules, a rule waiting for confirmation, or a user being erased', async () => {
    await store('alice', ruleDoc(RULE_A, '2026-11-20', { status: 'paused', pausedOn: '2026-11-19' }));
    const confirm = ruleDoc(RULE_B, '2026-11-20');
    await store('alice', {
      ...confirm,
      versions: confirm.versions.map((v) => ({ ...v, rule: { ...v.rule, mode: 'confirm' as const } })),
    });
    await store('bob', ruleDoc(RULE_C, '2026-11-20'));
    erased.add('bob');
    // A document of `recurring_due` the projection has not removed yet, for a rule that is held.
    await store('carol', ruleDoc(RULE_A, '2026-11-20'));
    await store('carol', ruleDoc(RULE_A, '2026-11-20', { status: 'held', heldOn: '2026-11-20', heldReason: 'x' }));

    const done = await posterAt('2026-11-26T12:00:00Z').tick();
    expect(commands.posted).toEqual([]);
    expect(done).toMatchObject({ posted: 0, held: 0, failed: 0 });
  });

  it('holds a rule whose occurrence is refused, with the error code, and posts nothing after it', async () => {
    await store('alice', ruleDoc(RULE_A, '2026-11-20'));
    commands.refuse = (c) => (c.date === '2026-11-22' ? { code: 'wallet_archived', hold: true } : null);

    const done = await posterAt('2026-11-26T12:00:00Z').tick();
    expect(commands.datesOf('alice', RULE_A)).toEqual(['2026-11-20', '2026-11-21']);
    expect(commands.held).toEqual([
      {
        userId: 'alice',
        ruleId: RULE_A,
        date: '2026-11-22',
        reason: 'wallet_archived',
      },
    ]);
    expect(done).toMatchObject({ posted: 2, held: 1 });
  });

  it('never holds for a refusal that only says the read model was behind, and tries again next time', async () => {
    await store('alice', ruleDoc(RULE_A, '2026-11-25'));
    commands.refuse = () => ({ code: 'recurring_paused', hold: false });
    await posterAt('2026-11-26T12:00:00Z').tick();
    commands.refuse = () => ({ code: 'conflict', hold: false });
    await posterAt('2026-11-26T12:00:00Z').tick();
    // A skipped occurrence is passed over: the next one is posted.
    commands.refuse = (c) => (c.date === '2026-11-25' ? { code: 'occurrence_skipped', hold: false } : null);
    await posterAt('2026-11-26T12:00:00Z').tick();
    expect(commands.datesOf('alice', RULE_A)).toEqual(['2026-11-26']);
    expect(commands.held).toEqual([]);
    commands.refuse = () => null;
    await posterAt('2026-11-26T12:00:00Z').tick();
    expect(commands.datesOf('alice', RULE_A)).toEqual(['2026-11-26', '2026-11-25']);
  });

  it('keeps going for everyone else when one rule fails', async () => {
    await store('alice', ruleDoc(RULE_A, '2026-11-26'));
    await store('bob', ruleDoc(RULE_B, '2026-11-26'));
    await store('carol', ruleDoc(RULE_C, '2026-11-26'));
    commands.refuse = (c) => (c.userId === 'bob' ? new Error('disk on fire') : null);
    const done = await posterAt('2026-11-26T12:00:00Z').tick();
    expect(commands.posted.map((c) => c.userId).sort()).toEqual(['alice', 'carol']);
    expect(done).toMatchObject({ posted: 2, failed: 1 });
  });

  it('posts many rules at once but each rule’s occurrences in order, one at a time', async () => {
    const rules = Array.from({ length: 40 }, (_, i) => `0190c7a4-0000-7000-8000-${String(i).padStart(12, '0')}`);
    for (const ruleId of rules) await store('alice', ruleDoc(ruleId, '2026-11-22'));
    commands.gate = () => new Promise((resolve) => setImmediate(resolve));
    const done = await posterAt('2026-11-26T12:00:00Z', 8).tick();
    expect(done.posted).toBe(40 * 5);
    expect(commands.mostAtOnce).toBe(8);
    for (const ruleId of rules) {
      expect(commands.datesOf('alice', ruleId)).toEqual([
        '2026-11-22',
        '2026-11-23',
        '2026-11-24',
        '2026-11-25',
        '2026-11-26',
      ]);
    }
  });

  it('pages through the due rules by date and stops at the first not due anywhere on earth', async () => {
    for (let i = 0; i < 1205; i += 1) {
      const ruleId = `0190c7a4-0000-7000-8000-${String(i).padStart(12, '0')}`;
      await store(`user-${i}`, ruleDoc(ruleId, i < 1203 ? '2026-11-26' : '2026-11-28'));
    }
    const done = await posterAt('2026-11-26T12:00:00Z').tick();
    expect(done).toMatchObject({ rules: 1203, posted: 1203 });
    // Their first batches in groups of 64 (one reading of their streams, one append each).
    expect(Math.max(...commands.groups)).toBe(64);
    expect(commands.groups.reduce((sum, size) => sum + size, 0)).toBe(1203);
  });

  it('runs one tick at a time', async () => {
    await store('alice', ruleDoc(RULE_A, '2026-11-26'));
    const poster = posterAt('2026-11-26T12:00:00Z');
    const [first, second] = await Promise.all([poster.tick(), poster.tick()]);
    expect(second).toBe(first);
    expect(commands.posted).toHaveLength(1);
  });

  it('reads the rule documents of a group with one look-up, and posts what it posts with a get per rule', async () => {
    const RULE_D = '0190c7a4-0000-7000-8000-00000000000d';
    const RULE_E = '0190c7a4-0000-7000-8000-00000000000e';
    await store('alice', ruleDoc(RULE_A, '2026-11-25'));
    // Paused after its due document was read (the document is still there).
    await store('alice', ruleDoc(RULE_B, '2026-11-26'));
    await store('alice', ruleDoc(RULE_B, '2026-11-26', { status: 'paused', pausedOn: '2026-11-25' }));
    await store('alice', ruleDoc(RULE_C, '2026-11-26'));
    await store('alice', ruleDoc(RULE_E, '2026-11-24'));
    // Deleted after its due document was read: the rules view holds a tombstone.
    position += 1;
    await readStore.applyBatch('test', String(position), async (uow) => {
      uow.remove(RECURRING_RULES_VIEW, 'alice', RULE_E, String(position));
    });
    // Bob's rule is not due yet in Honolulu: its document is not read.
    await store('bob', ruleDoc(RULE_D, '2026-11-26'), 'Pacific/Honolulu');
    await store('carol', ruleDoc(RULE_D, '2026-11-26'));

    const looked: string[] = [];
    const counted: RecurringPosterOptions['readStore'] = {
      find: (view, query) => readStore.find(view, query),
      get: (view, userId, id) => {
        if (view === RECURRING_RULES_VIEW) looked.push(`get ${userId}`);
        return readStore.get(view, userId, id);
      },
      getMany: (view, keys) => {
        looked.push(
          `getMany ${keys
            .map((key) => key.userId)
            .sort()
            .join(' ')}`,
        );
        if (readStore.getMany === undefined) throw new Error('the SQLite read store answers getMany');
        return readStore.getMany(view, keys);
      },
    };
    const tickWith = (store: RecurringPosterOptions['readStore']) =>
      new RecurringPoster({
        readStore: store,
        posting: commands,
        erasedUsers: { has: async (uid) => erased.has(uid) },
        now: () => new Date('2026-11-26T08:00:00Z'),
        intervalMs: 0,
      }).tick();

    const grouped = await tickWith(counted);
    expect(looked).toEqual(['getMany alice alice alice alice carol']);
    const postedGrouped = commands.posted.map(({ userId, ruleId, date }) => `${userId} ${ruleId} ${date}`).sort();
    expect(postedGrouped).toEqual([
      `alice ${RULE_A} 2026-11-25`,
      `alice ${RULE_A} 2026-11-26`,
      `alice ${RULE_C} 2026-11-26`,
      `carol ${RULE_D} 2026-11-26`,
    ]);

    // The same tick through `get` alone (a store without storedMany) offers the same occurrences.
    commands.posted.length = 0;
    commands.opened.clear();
    const oneByOne = await tickWith({
      find: (view, query) => readStore.find(view, query),
      get: (view, userId, id) => readStore.get(view, userId, id),
    });
    expect(commands.posted.map(({ userId, ruleId, date }) => `${userId} ${ruleId} ${date}`).sort()).toEqual(
      postedGrouped,
    );
    expect(oneByOne).toEqual(grouped);
  });

  it('takes the latest date on earth as UTC+14', () => {
    expect(latestToday(new Date('2026-11-26T09:59:59Z'))).toBe('2026-11-26');
    expect(latestToday(new Date('2026-11-26T10:00:00Z'))).toBe('2026-11-27');
  });
});
