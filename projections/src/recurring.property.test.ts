import { RECURRING_DUE_VIEW, RECURRING_RULES_VIEW, REMINDERS_DUE_VIEW } from '@plenty/contracts/views/registry';
import { addDays } from '@plenty/contracts/calendar/date';
import { occurrenceTransactionId } from '@plenty/contracts/recurring';
import { isRuleOccurrence, LAST_DATE, ruleOccurrences } from '@plenty/contracts/recurring-schedule';
import { ruleDocFields, type RecurringRuleDoc, type RecurringVersion } from '@plenty/contracts/views/recurring';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import { eventLog } from './testing/events.js';
import { applyEvents, documents, scratchReadStore } from './testing/memory-read-store.js';
import { recurringProjection } from './recurring.projection.js';
import { SYSTEM_USER_ID } from './weekly-report-subscribers.projection.js';

/*
 * Random histories of one rule as the command side lets them happen (created; occurrences
 * posted and skipped in and out of order; "this one" changes; "this and following" edits from
 * the next due date on; pauses and resumptions; holds; a deletion), against a model that keeps
 * only the set of posted and skipped dates: the rule's next due date, what it folded into
 * `handledThrough` and what it keeps apart must follow from that set and the rule's
 * occurrences. The same events delivered in batches, some again, build what one pass builds.
 */

const RULE = '0190a1b2-0000-7000-8000-00000000a001';
const USER = 'alice';

const scheduleArb = (startDates: fc.Arbitrary<string>) =>
  fc
    .record({
      shape: fc.oneof(
        fc.record({ frequency: fc.constant('day' as const), interval: fc.integer({ min: 1, max: 3 }) }),
        fc.record({ frequency: fc.constant('week' as const), interval: fc.integer({ min: 1, max: 2 }) }),
        fc.record({
          frequency: fc.constant('month' as const),
          interval: fc.integer({ min: 1, max: 2 }),
          monthDay: fc.constantFrom<number | 'last' | undefined>(undefined, 29, 31, 'last'),
        }),
        fc.record({
          frequency: fc.constant('year' as const),
          interval: fc.constant(1),
          monthDay: fc.constantFrom<number | 'last' | undefined>(undefined, 'last'),
        }),
      ),
      startDate: startDates,
      end: fc.oneof(
        fc.constant({ kind: 'never' as const }),
        fc.record({ kind: fc.constant('after' as const), count: fc.integer({ min: 1, max: 25 }) }),
        fc.record({ kind: fc.constant('on' as const), days: fc.integer({ min: 0, max: 400 }) }),
      ),
    })
    .map(({ shape, startDate, end }) => {
      const { monthDay, ...rest } = shape as typeof shape & { monthDay?: number | 'last' };
      return {
        ...rest,
        startDate,
        ...(monthDay === undefined ? {} : { monthDay }),
        end: end.kind === 'on' ? { kind: 'on' as const, date: addDays(startDate, end.days) } : end,
      };
    });

type Schedule = ReturnType<typeof scheduleArb> extends fc.Arbitrary<infer S> ? S : never;

const fieldsOf = (schedule: Schedule, amount = 450_000) => ({
  type: 'expense' as const,
  amount: { amount, currency: 'THB' as const },
  categoryId: 'builtin-housing',
  mode: 'auto' as const,
  remind: true,
  schedule,
});

/** One step the generator picks; interpreted against the model so only allowed moves are made. */
const stepArb = fc.record({
  kind: fc.constantFrom(
    'post',
    'post',
    'post',
    'skip',
    'change',
    'edit',
    'pause',
    'pause',
    'hold',
    'resume',
    'resume',
    'wait',
  ),
  pick: fc.integer({ min: 0, max: 5 }),
  days: fc.integer({ min: 0, max: 45 }),
  amount: fc.integer({ min: 1, max: 1_000_000 }),
  schedule: scheduleArb(fc.constant('2000-01-01')),
});

const historyArb = fc.record({
  schedule: scheduleArb(fc.constantFrom('2026-01-31', '2026-02-28', '2028-02-29', '2026-11-15', '2027-03-30')),
  steps: fc.array(stepArb, { minLength: 4, maxLength: 40, size: 'max' }),
  deleteAtEnd: fc.boolean(),
});

type History = typeof historyArb extends fc.Arbitrary<infer H> ? H : never;

/** What the history leaves, computed from the handled dates alone. */
interface Model {
  versions: RecurringVersion[];
  posted: Set<string>;
  skipped: Set<string>;
  postedCount: number;
  /** On or before the first unhandled occurrence. */
  floor: string;
  pausedOn: string | null;
  heldOn: string | null;
  today: string;
}

const isHandled = (model: Model, date: string) => model.posted.has(date) || model.skipped.has(date);

/** The first `count` unhandled occurrences, oldest first: every occurrence before `model.floor` is handled. */
function unhandled(model: Model, count: number): string[] {
  const found: string[] = [];
  let from = model.floor;
  while (found.length < count) {
    const batch = ruleOccurrences(model.versions, from, LAST_DATE, 64);
    for (const date of batch) if (found.length < count && !isHandled(model, date)) found.push(date);
    const last = batch.at(-1);
    if (batch.length < 64 || last === undefined) break;
    from = addDays(last, 1);
  }
  return found;
}

/** The events of one random history, and the model's account of it. */
function play(history: History) {
  const log = eventLog();
  const events: RecordedEvent[] = [];
  const on = (type: string, data: Record<string, unknown> = {}) =>
    events.push(log.event(`recurring-${RULE}`, USER, type, { ruleId: RULE, ...data }));
  const first = fieldsOf(history.schedule);
  on('RecurringRuleCreated', first);
  const model: Model = {
    versions: [{ from: history.schedule.startDate, rule: ruleDocFields(first) }],
    posted: new Set(),
    skipped: new Set(),
    postedCount: 0,
    floor: history.schedule.startDate,
    pausedOn: null,
    heldOn: null,
    today: history.schedule.startDate,
  };
  for (const step of history.steps) {
    model.today = addDays(model.today, step.days);
    model.floor = unhandled(model, 1)[0] ?? model.floor;
    const open = unhandled(model, 6);
    const chosen = open[Math.min(step.pick, open.length - 1)];
    const blocked = model.pausedOn !== null || model.heldOn !== null;
    if (step.kind === 'resume' && blocked) {
      const pausedOn = model.pausedOn;
      if (pausedOn !== null) {
        const passed = ruleOccurrences(model.versions, pausedOn, addDays(model.today, -1), Number.MAX_SAFE_INTEGER);
        for (const date of passed) if (date < model.today && !isHandled(model, date)) model.skipped.add(date);
      }
      model.pausedOn = null;
      model.heldOn = null;
      on('RecurringRuleResumed', { on: model.today });
    } else if (blocked || chosen === undefined) {
      continue;
    } else if (step.kind === 'post') {
      model.posted.add(chosen);
      model.postedCount += 1;
      events.push(
        log.transactionAdded(USER, occurrenceTransactionId(USER, RULE, chosen), {
          date: chosen,
          recurrence: { ruleId: RULE, date: chosen },
        }),
      );
    } else if (step.kind === 'skip') {
      model.skipped.add(chosen);
      on('OccurrenceSkipped', { date: chosen });
    } else if (step.kind === 'change') {
      on('OccurrenceEdited', { date: chosen, changes: { amount: { amount: step.amount, currency: 'THB' } } });
    } else if (step.kind === 'edit') {
      // "This and following" from the next due date, with a schedule starting on or after it.
      const from = open[0] ?? chosen;
      const schedule = { ...step.schedule, startDate: addDays(from, step.pick * 3) };
      if (schedule.end.kind === 'on') schedule.end = { kind: 'on', date: addDays(schedule.startDate, step.days * 9) };
      const rule = fieldsOf(schedule, step.amount);
      model.versions = [
        ...model.versions.filter((version) => version.from < from),
        { from, rule: ruleDocFields(rule) },
      ];
      for (const set of [model.posted, model.skipped]) {
        for (const date of set) if (!isRuleOccurrence(model.versions, date)) set.delete(date);
      }
      on('RecurringRuleEdited', { from, rule });
    } else if (step.kind === 'pause') {
      model.pausedOn = model.today;
      on('RecurringRulePaused', { on: model.today });
    } else if (step.kind === 'hold') {
      const date = open[0] ?? chosen;
      model.heldOn = date;
      on('RecurringRuleHeld', { date, reason: 'wallet_archived' });
    }
  }
  if (history.deleteAtEnd) on('RecurringRuleDeleted');
  return { events, model };
}

/** The rule as the model has it: the first unhandled occurrence is due, every one before it handled. */
function expected(model: Model) {
  const nextDue = unhandled(model, 1)[0] ?? null;
  const first = model.versions[0]?.from ?? LAST_DATE;
  const before = ruleOccurrences(
    model.versions,
    first,
    nextDue === null ? LAST_DATE : addDays(nextDue, -1),
    Number.MAX_SAFE_INTEGER,
  );
  const handledThrough = before.at(-1) ?? null;
  const apart = (set: Set<string>) =>
    [...set]
      .filter((date) => (handledThrough === null || date > handledThrough) && isRuleOccurrence(model.versions, date))
      .sort();
  const status =
    nextDue === null ? 'ended' : model.pausedOn !== null ? 'paused' : model.heldOn !== null ? 'held' : 'active';
  return {
    nextDue,
    handledThrough,
    posted: apart(model.posted),
    skipped: apart(model.skipped),
    postedCount: model.postedCount,
    status,
  };
}

async function readModels(batches: readonly (readonly RecordedEvent[])[]) {
  const { store, dispose } = await scratchReadStore([recurringProjection]);
  try {
    for (const batch of batches) await applyEvents(store, [recurringProjection], batch);
    return {
      rules: await documents(store, RECURRING_RULES_VIEW, USER),
      due: await documents(store, RECURRING_DUE_VIEW, SYSTEM_USER_ID),
      reminders: await documents(store, REMINDERS_DUE_VIEW, SYSTEM_USER_ID),
    };
  } finally {
    await dispose();
  }
}

describe('recurring projection, property', () => {
  it('keeps the next due date and the handled occurrences the set of posted and skipped dates gives', async () => {
    await fc.assert(
      fc.asyncProperty(historyArb, async (history) => {
        const { events, model } = play(history);
        const { rules, due, reminders } = await readModels([events]);
        if (history.deleteAtEnd) {
          expect(rules).toEqual([]);
          expect(due).toEqual([]);
          expect(reminders).toEqual([]);
          return;
        }
        const [doc] = rules as RecurringRuleDoc[];
        const want = expected(model);
        expect(doc).toMatchObject(want);
        expect(doc?.versions).toEqual(model.versions);
        const listed = want.status === 'active' && want.nextDue !== null;
        expect(due).toEqual(listed ? [{ userId: USER, ruleId: RULE, nextDue: want.nextDue }] : []);
        expect(reminders.length).toBe(listed ? 1 : 0);
      }),
      { numRuns: 100 },
    );
  }, 120_000);

  it('builds the same documents from batches with events delivered again as from one pass', async () => {
    await fc.assert(
      fc.asyncProperty(
        historyArb,
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        async (history, sizes, again) => {
          const { events } = play(history);
          const batches: RecordedEvent[][] = [];
          let start = 0;
          for (let i = 0; start < events.length; i += 1) {
            const size = sizes[i % sizes.length] ?? 1;
            const batch = events.slice(start, start + size);
            // Redeliver some events already applied (or in this batch) after the batch's own.
            const seen = events.slice(0, start + batch.length);
            for (const pick of again) {
              const redelivered = seen[pick % seen.length];
              if (redelivered !== undefined && pick % 3 === i % 3) batch.push(redelivered);
            }
            batches.push(batch);
            start += size;
          }
          expect(await readModels(batches)).toEqual(await readModels([events]));
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});
