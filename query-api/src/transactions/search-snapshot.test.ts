import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TRANSACTION_SORTS, type TransactionView } from '@plenty/contracts/views/transactions';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { transactionsView, TRANSACTIONS_VIEW } from '@plenty/projector/projections/transactions.projection';
import { searchKey, SORTS } from './search.js';
import { SearchSnapshot, searchRowOf, SearchSnapshots } from './search-snapshot.js';

let store: ReadStore;

beforeEach(async () => {
  store = await openSqliteReadStore({ path: ':memory:' });
  await store.ensureViews([transactionsView]);
});
afterEach(async () => store.close());

/** Few distinct dates and amounts, so ties are broken by id as the store does. */
const view = (n: number): TransactionView => ({
  id: `0190c7a4-0000-7000-8000-${String(n).padStart(12, '0')}`,
  type: n % 3 === 0 ? 'income' : 'expense',
  amount: { amount: (n % 4) * 100 + 1, currency: n % 2 === 0 ? 'THB' : 'LAK' },
  categoryId: n % 2 === 0 ? 'builtin-food' : 'builtin-other',
  date: `2026-11-0${(n % 3) + 1}`,
  time: n % 5 === 0 ? null : '09:30',
  note: n % 7 === 0 ? null : `ข้าว ${n % 2 === 0 ? 'Coffee' : 'tea'} #${n}`,
  receipt: null,
  location: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  revision: 0,
});

const views = Array.from({ length: 40 }, (_, n) => view(n));

async function seed(): Promise<void> {
  await store.applyBatch('test', '1', async (uow) => {
    for (const v of views) uow.put(TRANSACTIONS_VIEW, 'alice', v.id, v, '1');
  });
}

describe('search snapshot', () => {
  it('pages matches in the read store order, with cursors the read store takes too', async () => {
    await seed();
    const snapshot = new SearchSnapshot('1', views.map(searchRowOf));
    for (const sort of TRANSACTION_SORTS) {
      // Everything with a note, in the store's own order.
      const stored = await store.find<TransactionView>(TRANSACTIONS_VIEW, {
        userId: 'alice',
        sort: SORTS[sort],
        limit: 1000,
      });
      const expected = stored.items.filter((s) => s.doc.note !== null).map((s) => s.id);
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = snapshot.page({ needle: searchKey('ข้าว') }, sort, 7, cursor);
        seen.push(...page.ids);
        cursor = page.nextCursor ?? undefined;
        if (cursor !== undefined) {
          // The same cursor continues the unfiltered list right after the page's last item.
          const next = await store.find(TRANSACTIONS_VIEW, { userId: 'alice', sort: SORTS[sort], limit: 1, cursor });
          const lastIndex = stored.items.findIndex((s) => s.id === page.ids.at(-1));
          expect(next.items[0]?.id).toBe(stored.items[lastIndex + 1]?.id);
        }
      } while (cursor !== undefined);
      expect(seen, sort).toEqual(expected);
    }
  });

  it('filters by type, category and text, case-insensitively', () => {
    const snapshot = new SearchSnapshot('1', views.map(searchRowOf));
    const ids = [...snapshot.all({ type: 'income', categoryId: 'builtin-food', needle: searchKey('COFFEE') })].map(
      (row) => row.id,
    );
    expect(ids).toEqual(
      views
        .filter((v) => v.type === 'income' && v.categoryId === 'builtin-food' && v.note?.includes('Coffee'))
        .map((v) => v.id),
    );
    expect(ids.length).toBeGreaterThan(0);
  });

  it('is read again once the position moves on, and reused while it stays', async () => {
    await seed();
    const snapshots = new SearchSnapshots(store);
    const first = await snapshots.of('alice', '1');
    expect(await snapshots.of('alice', '1')).toBe(first);
    const extra = view(99);
    await store.applyBatch('test', '2', async (uow) => uow.put(TRANSACTIONS_VIEW, 'alice', extra.id, extra, '2'));
    const second = await snapshots.of('alice', '2');
    expect(second).not.toBe(first);
    expect([...second.all({ needle: '#99' })].map((row) => row.id)).toEqual([extra.id]);
  });
});
