import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import { eventLog, type EventLog } from './testing/events.js';
import { applyEvents, documents, scratchReadStore } from './testing/memory-read-store.js';
import { allProjections } from './all.js';

const users = ['alice', 'bob'] as const;
const transactionIds = ['t1', 't2', 't3', 't4'] as const;
const customCategories = ['0192f0c4-7a1b-7c3d-8e4f-00000000c0ff', '0192f0c4-7a1b-7c3d-8e4f-0000000007ea'] as const;
const categoryIds = [...customCategories, 'builtin-food', 'builtin-other'] as const;

const user = fc.constantFrom(...users);
const transactionId = fc.constantFrom(...transactionIds);
const customCategory = fc.constantFrom(...customCategories);
const money = fc.integer({ min: 1, max: 1_000_000 }).map((amount) => ({ amount, currency: 'THB' }));
const note = fc.option(fc.constantFrom('lunch', 'rent', 'ข้าวผัด'), { nil: null });
const time = fc.option(fc.constantFrom('08:15', '12:00', '23:59'), { nil: null });
const date = fc.constantFrom('2026-10-31', '2026-11-01', '2026-11-20');
const batchId = fc.constantFrom('0192f0c4-7a1b-7c3d-8e4f-00000000b001', '0192f0c4-7a1b-7c3d-8e4f-00000000b002');

/** One event of a random history; ids repeat so edits, deletions and moves meet. */
const step: fc.Arbitrary<(log: EventLog) => RecordedEvent> = fc.oneof(
  fc
    .record({ user, id: transactionId, amount: money, categoryId: fc.constantFrom(...categoryIds), note, date })
    .map(
      (s) => (log: EventLog) =>
        log.transactionAdded(s.user, s.id, { amount: s.amount, categoryId: s.categoryId, date: s.date, note: s.note }),
    ),
  fc
    .record({
      user,
      id: transactionId,
      changes: fc.record(
        { amount: money, categoryId: fc.constantFrom(...categoryIds), note, time, date },
        { requiredKeys: [] },
      ),
    })
    .map((s) => (log: EventLog) => log.transactionEdited(s.user, s.id, s.changes)),
  fc.record({ user, id: transactionId }).map((s) => (log: EventLog) => log.transactionDeleted(s.user, s.id)),
  fc
    .record({ user, id: customCategory, name: fc.constantFrom('Coffee', 'Tea') })
    .map((s) => (log: EventLog) => log.categoryAdded(s.user, s.id, { name: s.name })),
  fc
    .record({ user, id: customCategory, name: fc.option(fc.constantFrom('Café', 'ชา'), { nil: null }) })
    .map((s) => (log: EventLog) => log.categoryEdited(s.user, s.id, { name: s.name })),
  fc
    .record({ user, id: customCategory, replacement: fc.constantFrom('builtin-other', 'builtin-food') })
    .map((s) => (log: EventLog) => log.categoryDeleted(s.user, s.id, s.replacement)),
  fc.record({ user, batchId }).map((s) => (log: EventLog) => log.importStarted(s.user, s.batchId)),
  fc
    .record({ user, id: transactionId, batchId, row: fc.nat({ max: 2 }), amount: money })
    .map((s) => (log: EventLog) => log.transactionImported(s.user, s.id, s.batchId, s.row, { amount: s.amount })),
  fc
    .record({
      user,
      batchId,
      type: fc.constantFrom('ImportFinished', 'ImportUndoStarted', 'ImportUndone'),
      count: fc.nat({ max: 3 }),
    })
    .map(
      (s) => (log: EventLog) =>
        log.importEvent(
          s.user,
          s.batchId,
          s.type,
          s.type === 'ImportFinished'
            ? { added: s.count, existing: 0, skipped: s.count === 0 ? {} : { duplicate: 1 } }
            : s.type === 'ImportUndone'
              ? { deleted: s.count }
              : {},
        ),
    ),
);

/** How the events arrive: batches of some size, some followed by a repeat of earlier events. */
const delivery = fc.array(
  fc.record({
    size: fc.integer({ min: 1, max: 8 }),
    redeliver: fc.option(fc.tuple(fc.nat(), fc.nat()), { nil: null }),
  }),
  { minLength: 1, maxLength: 12 },
);

async function snapshot(store: Parameters<typeof documents>[0]): Promise<unknown> {
  const views = allProjections.flatMap((p) => p.views.map((v) => v.name));
  const result: Record<string, unknown> = {};
  for (const userId of users)
    for (const view of views) result[`${userId}/${view}`] = await documents(store, view, userId);
  return result;
}

describe('projections', () => {
  it('give the same views applied in batches with redelivery as in one rebuild from zero', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 40 }), delivery, async (steps, batches) => {
        const log = eventLog();
        const events = steps.map((makeEvent) => makeEvent(log));
        const rebuilt = await scratchReadStore(allProjections);
        const incremental = await scratchReadStore(allProjections);
        try {
          await applyEvents(rebuilt.store, allProjections, events);
          let applied = 0;
          for (let i = 0; applied < events.length; i += 1) {
            const batch = batches[i % batches.length];
            if (batch === undefined) break;
            const upTo = Math.min(events.length, applied + batch.size);
            await applyEvents(incremental.store, allProjections, events.slice(applied, upTo));
            applied = upTo;
            if (batch.redeliver !== null) {
              const [from, length] = batch.redeliver;
              const start = from % applied;
              await applyEvents(
                incremental.store,
                allProjections,
                events.slice(start, start + 1 + (length % (applied - start))),
              );
            }
          }
          expect(await snapshot(incremental.store)).toEqual(await snapshot(rebuilt.store));
        } finally {
          await rebuilt.dispose();
          await incremental.dispose();
        }
      }),
      { numRuns: 100 },
    );
    // A hundred histories: seconds on a quiet machine, more while other suites share it.
  }, 60_000);
});
