import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { applyEvents, documents, scratchReadStore } from '../testing/memory-read-store.js';
import { allProjections } from './all.js';
import { TRANSACTIONS_VIEW } from './transactions.projection.js';

let position = 0;
function recorded(type: string, data: Record<string, unknown>, revision = 0, userId = 'alice'): RecordedEvent {
  position += 1;
  const occurredAt = new Date(Date.UTC(2026, 10, 1, 0, 0, position)).toISOString();
  return {
    id: `event-${position}`,
    type,
    data,
    metadata: { userId, commandId: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`, correlationId: 'c', occurredAt, schemaVersion: 1 },
    streamId: `transaction-${String(data.transactionId ?? 'profile')}`,
    revision,
    position: String(position),
    recordedAt: occurredAt,
  };
}

const added = (transactionId: string, categoryId = 'builtin-food', amount = 4500, userId = 'alice') =>
  recorded('TransactionAdded', { transactionId, type: 'expense', amount: { amount, currency: 'THB' }, categoryId, date: '2026-11-20', note: 'Noodles' }, 0, userId);

describe('transactions projection', () => {
  let store: ReadStore;
  let dispose: () => Promise<void>;
  beforeEach(async () => {
    ({ store, dispose } = await scratchReadStore(allProjections));
  });
  afterEach(async () => dispose());

  it('builds one document per transaction with its revision and times', async () => {
    const event = added('t1');
    await applyEvents(store, allProjections, [event]);
    expect(await documents(store, TRANSACTIONS_VIEW, 'alice')).toEqual([
      {
        id: 't1',
        type: 'expense',
        amount: { amount: 4500, currency: 'THB' },
        categoryId: 'builtin-food',
        date: '2026-11-20',
        time: null,
        note: 'Noodles',
        receipt: null,
        location: null,
        createdAt: event.metadata.occurredAt,
        updatedAt: event.metadata.occurredAt,
        revision: 0,
      },
    ]);
  });

  it('applies edits, clearing fields set to null', async () => {
    const first = added('t1');
    const edited = recorded('TransactionEdited', { transactionId: 't1', changes: { amount: { amount: 5000, currency: 'THB' }, note: null } }, 1);
    await applyEvents(store, allProjections, [first, edited]);
    expect(await documents(store, TRANSACTIONS_VIEW, 'alice')).toEqual([
      expect.objectContaining({ amount: { amount: 5000, currency: 'THB' }, note: null, revision: 1, updatedAt: edited.metadata.occurredAt }),
    ]);
  });

  it('drops deleted transactions and keeps other users apart', async () => {
    await applyEvents(store, allProjections, [added('t1'), added('t2', 'builtin-food', 10, 'bob'), recorded('TransactionDeleted', { transactionId: 't1' }, 1)]);
    expect(await documents(store, TRANSACTIONS_VIEW, 'alice')).toEqual([]);
    expect(await documents(store, TRANSACTIONS_VIEW, 'bob')).toHaveLength(1);
  });

  it('moves the transactions of a deleted category to its replacement', async () => {
    const custom = '0192f0c4-7a1b-7c3d-8e4f-00000000c0ff';
    await applyEvents(store, allProjections, [
      added('t1', custom),
      added('t2', 'builtin-food'),
      recorded('CategoryDeleted', { categoryId: custom, replacementCategoryId: 'builtin-other' }),
    ]);
    const docs = (await documents(store, TRANSACTIONS_VIEW, 'alice')) as { id: string; categoryId: string }[];
    expect(docs.map((d) => [d.id, d.categoryId])).toEqual([
      ['t1', 'builtin-other'],
      ['t2', 'builtin-food'],
    ]);
  });

  it('gives the same views applied incrementally with redelivery as in one rebuild', async () => {
    const ids = ['a', 'b', 'c', 'd'];
    const step = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), id: fc.constantFrom(...ids), amount: fc.integer({ min: 1, max: 10_000 }) }),
      fc.record({ kind: fc.constant('edit' as const), id: fc.constantFrom(...ids), amount: fc.integer({ min: 1, max: 10_000 }) }),
      fc.record({ kind: fc.constant('delete' as const), id: fc.constantFrom(...ids) }),
      fc.record({ kind: fc.constant('dropCategory' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 30 }), fc.array(fc.nat(), { maxLength: 10 }), async (steps, cuts) => {
        const revisions = new Map<string, number>();
        const events = steps.map((s) => {
          if (s.kind === 'dropCategory') return recorded('CategoryDeleted', { categoryId: '0192f0c4-7a1b-7c3d-8e4f-00000000c0ff', replacementCategoryId: 'builtin-other' });
          const revision = (revisions.get(s.id) ?? -1) + 1;
          revisions.set(s.id, revision);
          if (s.kind === 'add') return recorded('TransactionAdded', { ...added(s.id, revision % 2 ? 'builtin-food' : '0192f0c4-7a1b-7c3d-8e4f-00000000c0ff', s.amount).data }, revision);
          if (s.kind === 'edit') return recorded('TransactionEdited', { transactionId: s.id, changes: { amount: { amount: s.amount, currency: 'THB' } } }, revision);
          return recorded('TransactionDeleted', { transactionId: s.id }, revision);
        });
        const rebuilt = await scratchReadStore(allProjections);
        const incremental = await scratchReadStore(allProjections);
        try {
          await applyEvents(rebuilt.store, allProjections, events);
          // Batches cut at random points; each batch is delivered, then an earlier stretch again.
          const points = [...new Set(cuts.map((c) => c % (events.length + 1)))].sort((a, b) => a - b);
          let from = 0;
          for (const to of [...points, events.length]) {
            await applyEvents(incremental.store, allProjections, events.slice(from, to));
            await applyEvents(incremental.store, allProjections, events.slice(Math.max(0, from - 3), to));
            from = to;
          }
          expect(await documents(incremental.store, TRANSACTIONS_VIEW, 'alice')).toEqual(await documents(rebuilt.store, TRANSACTIONS_VIEW, 'alice'));
        } finally {
          await rebuilt.dispose();
          await incremental.dispose();
        }
      }),
      { numRuns: 40 },
    );
  });
});
