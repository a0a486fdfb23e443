import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { FindQuery, ReadStore, TextMatch, ViewDefinition } from './port.js';
import { SCAN_MATCHES } from './sqlite-search.js';
import { openSqliteReadStore } from './sqlite.js';

interface Doc extends Record<string, unknown> {
  day: string;
  amount: number;
  note: string;
}

const view: ViewDefinition = {
  name: 'searched',
  fields: { day: 'text', amount: 'integer' },
  indexes: [['day'], ['amount']],
  search: { columns: ['note'], values: (doc) => ({ note: String(doc.note).split(' ') }) },
};

const dir = mkdtempSync(join(tmpdir(), 'plenty-read-search-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const word = (token: string, prefix = true): TextMatch => ({ all: [[{ column: 'note', token, prefix }]] });

async function pages(store: ReadStore, query: Omit<FindQuery, 'cursor'>): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.find<Doc>(view.name, { ...query, ...(cursor === undefined ? {} : { cursor }) });
    seen.push(...page.items.map((d) => d.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return seen;
}

describe('search in the SQLite read store', () => {
  it('gives the same pages whether a match is found along the sort index (many) or joined (a few)', async () => {
    const store = await openSqliteReadStore({ path: ':memory:' });
    await store.ensureViews([view]);
    const count = SCAN_MATCHES + 700;
    const docs = Array.from({ length: count }, (_, i) => ({
      id: `d${String(i).padStart(5, '0')}`,
      day: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      amount: (i * 37) % 1000,
      // Nearly every document says "common"; one in a hundred says "rare".
      note: `${i % 50 === 0 ? '' : 'common'} ${i % 100 === 3 ? 'rare' : ''} n${i}`,
    }));
    await store.applyBatch('c', '1', async (uow) => {
      for (const { id, ...doc } of docs) uow.put(view.name, 'u', id, doc, '1');
    });
    await store.applyBatch('c', '2', async (uow) => {
      for (const { id, ...doc } of docs.slice(0, 40))
        uow.put(view.name, 'other', id, { ...doc, note: 'common rare' }, '2');
    });
    const has = (w: string) => (d: Doc & { id: string }) => d.note.split(' ').includes(w);
    for (const [token, keep] of [
      ['common', has('common')],
      ['rare', has('rare')],
    ] as const) {
      expect(docs.filter(keep).length >= SCAN_MATCHES).toBe(token === 'common');
      for (const direction of ['asc', 'desc'] as const) {
        const order = (a: Doc & { id: string }, b: Doc & { id: string }) =>
          (a.day === b.day ? (a.id < b.id ? -1 : 1) : a.day < b.day ? -1 : 1) * (direction === 'asc' ? 1 : -1);
        const sort = [{ field: 'day', direction }];
        expect(await pages(store, { userId: 'u', match: word(token), sort, limit: 97 })).toEqual(
          docs
            .filter(keep)
            .sort(order)
            .map((d) => d.id),
        );
        const ranges = { amount: { gte: 100, lt: 700 }, day: { gt: '2026-03' } };
        expect(await pages(store, { userId: 'u', match: word(token), ranges, sort, limit: 61 })).toEqual(
          docs
            .filter((d) => keep(d) && d.amount >= 100 && d.amount < 700 && d.day > '2026-03')
            .sort(order)
            .map((d) => d.id),
        );
      }
      const [sum] = await store.sum(view.name, { userId: 'u', match: word(token), groupBy: [], field: 'amount' });
      expect(sum).toEqual({
        group: {},
        count: docs.filter(keep).length,
        sum: BigInt(docs.filter(keep).reduce((s, d) => s + d.amount, 0)),
      });
      // Within a range on an index's first key, many matches are summed along that index.
      const inRange = docs.filter((d) => keep(d) && d.day >= '2026-04' && d.day < '2026-09' && d.amount >= 100);
      const [ranged] = await store.sum(view.name, {
        userId: 'u',
        match: word(token),
        ranges: { day: { gte: '2026-04', lt: '2026-09' }, amount: { gte: 100 } },
        groupBy: [],
        field: 'amount',
      });
      expect(ranged).toEqual({
        group: {},
        count: inRange.length,
        sum: BigInt(inRange.reduce((s, d) => s + d.amount, 0)),
      });
    }
    await store.close();
  });

  it('leaves no FTS or key table of a shadow after it is promoted or dropped', async () => {
    const path = join(dir, 'read.db');
    const store = await openSqliteReadStore({ path });
    await store.ensureViews([view]);
    for (const tag of ['s1', 's2']) {
      const shadow = store.shadow(tag);
      await shadow.ensureViews([view]);
      await shadow.applyBatch(`c@${tag}`, '1', async (uow) => {
        uow.put(view.name, 'u', 'a', { day: '2026-01-01', amount: 1, note: `from ${tag}` }, '1');
      });
    }
    await store.promote({ tag: 's1', views: [view], records: {}, shadowCheckpoint: 'c@s1' });
    await store.dropShadow('s2', 'c@s2');
    await store.close();
    const db = new Database(path, { readonly: true });
    const tables = db
      .prepare<[], { name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
      .all()
      .map((t) => t.name);
    db.close();
    expect(tables.filter((name) => name.includes('__'))).toEqual([]);
    expect(tables).toEqual(expect.arrayContaining(['view_searched', 'fts_searched', 'ftk_searched']));
    const reopened = await openSqliteReadStore({ path });
    await reopened.ensureViews([view]);
    expect((await reopened.find(view.name, { userId: 'u', match: word('s1'), sort: [], limit: 5 })).items).toHaveLength(
      1,
    );
    await reopened.close();
  });

  it('gives search keys made before their view had covering indexes the carried values, which sums then read', async () => {
    const path = join(dir, 'carried.db');
    const store = await openSqliteReadStore({ path });
    await store.ensureViews([view]);
    await store.applyBatch('c', '1', async (uow) => {
      for (let i = 0; i < 30; i += 1) {
        uow.put(
          view.name,
          'u',
          `d${i}`,
          { day: `2026-01-${String(i + 1).padStart(2, '0')}`, amount: i, note: 'tea' },
          '1',
        );
      }
    });
    const covering: ViewDefinition = { ...view, indexes: [{ fields: ['day'], include: ['amount'] }, ['amount']] };
    await store.ensureViews([covering]);
    await store.applyBatch('c', '2', async (uow) => {
      uow.put(view.name, 'u', 'd0', { day: '2026-01-01', amount: 1000, note: 'tea' }, '2');
      uow.remove(view.name, 'u', 'd1', '2');
    });
    const expected = 1000 + (29 * 30) / 2 - 0 - 1;
    expect(await store.sum(view.name, { userId: 'u', match: word('tea'), groupBy: [], field: 'amount' })).toEqual([
      { group: {}, count: 29, sum: BigInt(expected) },
    ]);
    expect(
      await store.sum(view.name, {
        userId: 'u',
        match: word('tea'),
        ranges: { day: { lt: '2026-01-11' } },
        groupBy: [],
        field: 'amount',
      }),
    ).toEqual([{ group: {}, count: 9, sum: BigInt(1000 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9) }]);
    await store.close();
    const db = new Database(path, { readonly: true });
    const columns = db
      .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('ftk_searched')`)
      .all()
      .map((c) => c.name);
    db.close();
    expect(columns).toEqual(['rid', 'k_user', 'k_id', 'kf_day', 'kf_amount']);
  });

  it('builds the FTS table again when the search columns change, from the documents stored', async () => {
    const store = await openSqliteReadStore({ path: ':memory:' });
    await store.ensureViews([view]);
    await store.applyBatch('c', '1', async (uow) => {
      uow.put(view.name, 'u', 'a', { day: '2026-01-01', amount: 1, note: 'tea', tag: 'trip' }, '1');
    });
    const tagged: ViewDefinition = {
      ...view,
      search: { columns: ['note', 'tag'], values: (doc) => ({ note: [String(doc.note)], tag: [String(doc.tag)] }) },
    };
    await store.ensureViews([tagged]);
    const found = await store.find(view.name, {
      userId: 'u',
      match: { all: [[{ column: 'tag', token: 'trip', prefix: false }]] },
      sort: [],
      limit: 5,
    });
    expect(found.items.map((d) => d.id)).toEqual(['a']);
    await store.close();
  });
});
