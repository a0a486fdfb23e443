import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { DocumentCache } from '@plenty/platform/read-store/sqlite-document-cache';
import { useTestStores } from '@plenty/platform/testing/stores';
import { allProjections } from '@plenty/projections/all';
import { viewsOf } from '@plenty/projections/apply';
import type { Projection } from '@plenty/projections/projection';
import { eventLog, type EventLog } from '@plenty/projections/testing/events';
import { historyWriter } from '@plenty/projections/testing/history';
import { applyEvents } from '@plenty/projections/testing/memory-read-store';
import { TALLY_VIEW, tallyEchoProjection, tallyProjection } from '@plenty/projections/testing/poison';
import { projectorOver } from './testing/projector.js';

const users = ['alice', 'bob'] as const;
const transactionIds = ['t1', 't2', 't3'] as const;
const customCategory = '0192f0c4-7a1b-7c3d-8e4f-00000000c0ff';
const categoryIds = [customCategory, 'builtin-food', 'builtin-other'] as const;

const user = fc.constantFrom(...users);
const transactionId = fc.constantFrom(...transactionIds);
const money = fc.integer({ min: 1, max: 1_000_000 }).map((amount) => ({ amount, currency: 'THB' }));

/** One event of a random history: ids repeat so edits, deletions and erasures meet. */
const step: fc.Arbitrary<(log: EventLog) => RecordedEvent> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record({ user, id: transactionId, amount: money, categoryId: fc.constantFrom(...categoryIds) })
      .map(
        (s) => (log: EventLog) => log.transactionAdded(s.user, s.id, { amount: s.amount, categoryId: s.categoryId }),
      ),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ user, id: transactionId, amount: money, note: fc.constantFrom('rent', 'ข้าวผัด', null) })
      .map((s) => (log: EventLog) => log.transactionEdited(s.user, s.id, { amount: s.amount, note: s.note })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ user, id: transactionId })
      .map((s) => (log: EventLog) => log.transactionDeleted(s.user, s.id)),
  },
  {
    weight: 1,
    arbitrary: user.map((u) => (log: EventLog) => log.categoryAdded(u, customCategory, { name: 'Coffee' })),
  },
  { weight: 1, arbitrary: user.map((u) => (log: EventLog) => log.categoryDeleted(u, customCategory, 'builtin-other')) },
  { weight: 1, arbitrary: user.map((u) => (log: EventLog) => log.accountErased(u)) },
);

/** How the events arrive: batches of some size, some failing after they applied (and sent again). */
const delivery = fc.array(fc.record({ size: fc.integer({ min: 1, max: 6 }), fails: fc.boolean() }), {
  minLength: 1,
  maxLength: 10,
});

/** Every document of every view, tombstones left out (as every read sees them). */
async function snapshot(store: ReadStore, projections: readonly Projection[]): Promise<Record<string, unknown>> {
  const result: Record<string, unknown> = {};
  for (const view of viewsOf(projections)) result[view.name] = await store.scan(view.name, { limit: 1_000_000 });
  return result;
}

async function scratch(cache: DocumentCache | null): Promise<ReadStore> {
  const store = await openSqliteReadStore({ path: ':memory:', documentCache: cache ?? false });
  await store.ensureViews(viewsOf(allProjections));
  return store;
}

describe('the live projector keeping documents across batches', () => {
  it('gives exactly the views of a projector that reads every document from the file, erasures and failed batches included', async () => {
    let hits = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), delivery, async (steps, batches) => {
        const log = eventLog();
        const events = steps.map((makeEvent) => makeEvent(log));
        const cache = new DocumentCache();
        const plain = await scratch(null);
        const cached = await scratch(cache);
        try {
          let applied = 0;
          for (let i = 0; applied < events.length; i += 1) {
            const batch = batches[i % batches.length] as { size: number; fails: boolean };
            const slice = events.slice(applied, Math.min(events.length, applied + batch.size));
            if (batch.fails) {
              // Applied, then the batch fails before its commit: nothing of it may be kept.
              const failing = slice.concat([{ ...(slice.at(-1) as RecordedEvent), type: 'Boom' }]);
              const boom: Projection = {
                name: 'boom',
                views: [],
                handles: ['Boom'],
                apply: async () => Promise.reject(new Error('the batch fails')),
              };
              await expect(applyEvents(cached, [...allProjections, boom], failing)).rejects.toThrow('the batch fails');
            }
            await applyEvents(plain, allProjections, slice);
            await applyEvents(cached, allProjections, slice);
            applied += slice.length;
          }
          expect(await snapshot(cached, allProjections)).toEqual(await snapshot(plain, allProjections));
          hits += cache.hits;
        } finally {
          await plain.close();
          await cached.close();
        }
      }),
      { numRuns: 60 },
    );
    // The property holds with documents actually served from the cache.
    expect(hits).toBeGreaterThan(0);
  }, 120_000);

  const stores = useTestStores('document-cache');

  it('gives the same views through a quarantine and the rebuild that releases the user', async () => {
    const writer = historyWriter(stores.eventStore, stores.codec);
    for (const [userId, note] of [
      ['alice', 'Lunch'],
      ['bob', 'Lunch'],
      ['alice', 'poison'],
      ['alice', 'Dinner'],
      ['bob', 'Dinner'],
      ['alice', 'Tea'],
    ] as const) {
      await writer.addTransaction(userId, { note });
    }
    const withTally = (version: number) => [...allProjections, tallyProjection(version), tallyEchoProjection];
    const cache = new DocumentCache();
    // The same history applied side by side, with and without the cache.
    const readStores = [
      await openSqliteReadStore({ path: ':memory:', documentCache: cache }),
      await openSqliteReadStore({ path: ':memory:' }),
    ];
    try {
      const catchUp = async (version: number) => {
        const seen = [];
        for (const readStore of readStores) {
          const projector = projectorOver(stores, { readStore, projections: withTally(version), batchSize: 2 });
          await projector.catchUp();
          seen.push({
            quarantined: projector.quarantinedUsers(),
            views: await snapshot(readStore, withTally(version)),
          });
        }
        return seen;
      };
      const [quarantined, quarantinedWithout] = await catchUp(1);
      expect(quarantined?.quarantined).toBe(1);
      expect(quarantined).toEqual(quarantinedWithout);
      await writer.addTransaction('alice', { note: 'After' });
      await catchUp(1);
      // A new version of tally applies the event: rebuilt in shadow views and promoted.
      const [released, releasedWithout] = await catchUp(2);
      expect(released?.quarantined).toBe(0);
      expect(released).toEqual(releasedWithout);
      await writer.addTransaction('alice', { note: 'Later' });
      const [withCache, without] = await catchUp(2);
      expect(withCache).toEqual(without);
      const tally = (withCache?.views[TALLY_VIEW] as { userId: string; doc: { count: number } }[]).map((d) => [
        d.userId,
        d.doc.count,
      ]);
      expect(tally).toEqual([
        ['alice', 6],
        ['bob', 2],
      ]);
      expect(cache.hits).toBeGreaterThan(0);
    } finally {
      for (const readStore of readStores) await readStore.close();
    }
  });
});
