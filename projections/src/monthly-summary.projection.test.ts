import {
  MONTHLY_CONTRIBUTIONS_VIEW,
  MONTHLY_SUMMARY_VIEW,
  TRANSACTIONS_VIEW,
  YEARLY_SUMMARY_VIEW,
} from '@plenty/contracts/views/registry';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MonthlySummaryDoc, YearlySummaryDoc } from '@plenty/contracts/views/monthly-summary';
import type { TransactionView } from '@plenty/contracts/views/transactions';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { eventLog, type EventLog } from './testing/events.js';
import { applyEvents, documents, scratchReadStore } from './testing/memory-read-store.js';
import { projectionScratch } from './testing/scratch.js';
import { allProjections } from './all.js';
import {
  applyContribution,
  applyToYear,
  monthlySummaryProjection,
  type Contribution,
} from './monthly-summary.projection.js';

const summariesOf = async (store: ReadStore, userId: string) =>
  ((await documents(store, MONTHLY_SUMMARY_VIEW, userId)) as MonthlySummaryDoc[]).sort((a, b) =>
    a.id.localeCompare(b.id),
  );

const yearsOf = async (store: ReadStore, userId: string) =>
  ((await documents(store, YEARLY_SUMMARY_VIEW, userId)) as YearlySummaryDoc[]).sort((a, b) =>
    a.id.localeCompare(b.id),
  );

/** The month and year summaries folded directly from the transactions as they finally stand. */
function folded(transactions: readonly TransactionView[]): { months: MonthlySummaryDoc[]; years: YearlySummaryDoc[] } {
  const months = new Map<string, MonthlySummaryDoc>();
  const years = new Map<string, YearlySummaryDoc>();
  for (const t of transactions) {
    const part: Contribution = {
      id: t.id,
      month: t.date.slice(0, 7),
      date: t.date,
      type: t.type,
      categoryId: t.categoryId,
      amount: t.amount,
    };
    months.set(part.month, applyContribution(months.get(part.month) ?? null, part, 1));
    const year = part.month.slice(0, 4);
    years.set(year, applyToYear(years.get(year) ?? null, part, 1));
  }
  return {
    months: [...months.values()].sort((a, b) => a.id.localeCompare(b.id)),
    years: [...years.values()].sort((a, b) => a.id.localeCompare(b.id)),
  };
}

describe('monthly summary projection', () => {
  const scratch = projectionScratch();
  const { given } = scratch;

  it('sums a month per currency, per category and per local day, with counts', async () => {
    await given(
      scratch.log.transactionAdded('alice', 't1', { amount: { amount: 4500, currency: 'THB' }, date: '2026-11-20' }),
      scratch.log.transactionAdded('alice', 't2', { amount: { amount: 700, currency: 'THB' }, date: '2026-11-20' }),
      scratch.log.transactionAdded('alice', 't3', {
        type: 'income',
        amount: { amount: 5_000_000, currency: 'LAK' },
        categoryId: 'builtin-salary',
        date: '2026-11-01',
      }),
      scratch.log.transactionAdded('alice', 't4', { amount: { amount: 900, currency: 'USD' }, date: '2026-10-31' }),
    );
    expect(await summariesOf(scratch.store, 'alice')).toEqual([
      {
        id: '2026-10',
        count: 1,
        currencies: { USD: { income: 0, expense: 900, incomeCount: 0, expenseCount: 1 } },
        categories: { 'builtin-food': { USD: { income: 0, expense: 900, incomeCount: 0, expenseCount: 1 } } },
        days: { '2026-10-31': { USD: { income: 0, expense: 900, incomeCount: 0, expenseCount: 1 } } },
      },
      {
        id: '2026-11',
        count: 3,
        currencies: {
          THB: { income: 0, expense: 5200, incomeCount: 0, expenseCount: 2 },
          LAK: { income: 5_000_000, expense: 0, incomeCount: 1, expenseCount: 0 },
        },
        categories: {
          'builtin-food': { THB: { income: 0, expense: 5200, incomeCount: 0, expenseCount: 2 } },
          'builtin-salary': { LAK: { income: 5_000_000, expense: 0, incomeCount: 1, expenseCount: 0 } },
        },
        days: {
          '2026-11-20': { THB: { income: 0, expense: 5200, incomeCount: 0, expenseCount: 2 } },
          '2026-11-01': { LAK: { income: 5_000_000, expense: 0, incomeCount: 1, expenseCount: 0 } },
        },
      },
    ]);
  });

  it('moves an edited transaction out of its old month, type, currency and category into the new ones', async () => {
    await given(
      scratch.log.transactionAdded('alice', 't1', { amount: { amount: 4500, currency: 'THB' }, date: '2026-10-31' }),
      scratch.log.transactionAdded('alice', 't2', { amount: { amount: 100, currency: 'THB' }, date: '2026-11-02' }),
      scratch.log.transactionEdited('alice', 't1', {
        type: 'income',
        amount: { amount: 25, currency: 'USD' },
        categoryId: 'builtin-gifts',
        date: '2026-11-02',
      }),
    );
    const summaries = await summariesOf(scratch.store, 'alice');
    expect(summaries.map((s) => s.id)).toEqual(['2026-11']);
    expect(await yearsOf(scratch.store, 'alice')).toEqual([
      {
        id: '2026',
        months: {
          '2026-11': {
            THB: { income: 0, expense: 100, incomeCount: 0, expenseCount: 1 },
            USD: { income: 25, expense: 0, incomeCount: 1, expenseCount: 0 },
          },
        },
      },
    ]);
    expect(summaries[0]).toMatchObject({
      count: 2,
      currencies: {
        THB: { income: 0, expense: 100, incomeCount: 0, expenseCount: 1 },
        USD: { income: 25, expense: 0, incomeCount: 1, expenseCount: 0 },
      },
      categories: {
        'builtin-gifts': { USD: { income: 25, expense: 0, incomeCount: 1, expenseCount: 0 } },
        'builtin-food': { THB: { income: 0, expense: 100, incomeCount: 0, expenseCount: 1 } },
      },
    });
  });

  it('drops a month whose last transaction is deleted, and moves a deleted category to its replacement', async () => {
    const coffee = '0192f0c4-7a1b-7c3d-8e4f-0000000000c1';
    await given(
      scratch.log.categoryAdded('alice', coffee),
      scratch.log.transactionAdded('alice', 't1', { date: '2026-09-05' }),
      scratch.log.transactionAdded('alice', 't2', { categoryId: coffee, amount: { amount: 300, currency: 'THB' } }),
      scratch.log.transactionAdded('alice', 't3', { amount: { amount: 200, currency: 'THB' } }),
      scratch.log.transactionDeleted('alice', 't1'),
      scratch.log.categoryDeleted('alice', coffee, 'builtin-food'),
    );
    const summaries = await summariesOf(scratch.store, 'alice');
    expect(summaries.map((s) => s.id)).toEqual(['2026-11']);
    expect(summaries[0]?.categories).toEqual({
      'builtin-food': { THB: { income: 0, expense: 500, incomeCount: 0, expenseCount: 2 } },
    });
  });

  it('keeps each user apart and forgets an erased account entirely', async () => {
    await given(scratch.log.transactionAdded('alice', 't1'), scratch.log.transactionAdded('bob', 't2'));
    await given(scratch.log.accountErased('alice'));
    expect(await summariesOf(scratch.store, 'alice')).toEqual([]);
    expect(await documents(scratch.store, MONTHLY_CONTRIBUTIONS_VIEW, 'alice')).toEqual([]);
    expect(await yearsOf(scratch.store, 'alice')).toEqual([]);
    expect(await summariesOf(scratch.store, 'bob')).toHaveLength(1);
  });

  it('counts events delivered again once, even after the transaction was deleted', async () => {
    const added = scratch.log.transactionAdded('alice', 't1', { amount: { amount: 4500, currency: 'THB' } });
    const kept = scratch.log.transactionAdded('alice', 't2', { amount: { amount: 100, currency: 'THB' } });
    const edited = scratch.log.transactionEdited('alice', 't2', { amount: { amount: 600, currency: 'THB' } });
    const deleted = scratch.log.transactionDeleted('alice', 't1');
    await given(added, kept, edited, deleted);
    await given(added, edited);
    await given(added, kept, edited, deleted);
    const summaries = await summariesOf(scratch.store, 'alice');
    expect(summaries.map((s) => [s.count, s.currencies])).toEqual([
      [1, { THB: { income: 0, expense: 600, incomeCount: 0, expenseCount: 1 } }],
    ]);
  });

  it('does not depend on running after the transactions projection', async () => {
    const alone = await scratchReadStore([monthlySummaryProjection]);
    try {
      const events = [
        scratch.log.transactionAdded('alice', 't1', { date: '2026-10-01' }),
        scratch.log.transactionEdited('alice', 't1', { date: '2026-11-01', amount: { amount: 10, currency: 'EUR' } }),
      ];
      await applyEvents(alone.store, [monthlySummaryProjection], events);
      await given(...events);
      expect(await summariesOf(alone.store, 'alice')).toEqual(await summariesOf(scratch.store, 'alice'));
    } finally {
      await alone.dispose();
    }
  });
});

describe('monthly summary projection, over random histories', () => {
  const transactionIds = ['t1', 't2', 't3', 't4', 't5'] as const;
  const custom = '0192f0c4-7a1b-7c3d-8e4f-00000000c0ff';
  const categoryIds = [custom, 'builtin-food', 'builtin-salary', 'builtin-other'] as const;
  const id = fc.constantFrom(...transactionIds);
  const type = fc.constantFrom('income', 'expense');
  const money = fc.record({
    amount: fc.integer({ min: 1, max: 10_000_000 }),
    currency: fc.constantFrom('LAK', 'THB', 'USD'),
  });
  const categoryId = fc.constantFrom(...categoryIds);
  const date = fc.constantFrom('2026-09-30', '2026-10-01', '2026-10-31', '2026-11-01', '2026-11-30', '2027-01-15');

  const step: fc.Arbitrary<(log: EventLog) => RecordedEvent> = fc.oneof(
    fc.record({ id, type, amount: money, categoryId, date }).map(
      ({ id: tid, ...fields }) =>
        (log: EventLog) =>
          log.transactionAdded('alice', tid, fields),
    ),
    fc
      .record({
        id,
        changes: fc.record(
          { type, amount: money, categoryId, date, note: fc.constant('edited') },
          { requiredKeys: [] },
        ),
      })
      .map((s) => (log: EventLog) => log.transactionEdited('alice', s.id, s.changes)),
    id.map((tid) => (log: EventLog) => log.transactionDeleted('alice', tid)),
    fc.constant((log: EventLog) => log.categoryAdded('alice', custom)),
    fc
      .constantFrom('builtin-other', 'builtin-food')
      .map((replacement) => (log: EventLog) => log.categoryDeleted('alice', custom, replacement)),
  );

  it('equal the sums folded directly from the final transactions', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 50 }), fc.integer({ min: 1, max: 10 }), async (steps, size) => {
        const log = eventLog();
        const events = steps.map((makeEvent) => makeEvent(log));
        const scratch = await scratchReadStore(allProjections);
        try {
          for (let i = 0; i < events.length; i += size) {
            await applyEvents(scratch.store, allProjections, events.slice(i, i + size));
          }
          const transactions = (await documents(scratch.store, TRANSACTIONS_VIEW, 'alice')) as TransactionView[];
          const expected = folded(transactions);
          expect(await summariesOf(scratch.store, 'alice')).toEqual(expected.months);
          expect(await yearsOf(scratch.store, 'alice')).toEqual(expected.years);
        } finally {
          await scratch.dispose();
        }
      }),
      { numRuns: 150 },
    );
  }, 60_000);
});
