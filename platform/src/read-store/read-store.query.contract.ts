import { describe, expect } from 'vitest';
import { encodeCursor } from './keys.js';
import type { ReadStore } from './port.js';
import { CHECKPOINT, contractTest, derived, item, items, next, type Item } from './read-store.contract-fixture.js';

/** Reading: documents per user, filters, sorting, paging, text search, sums, scans and derived indexes. */
export function readStoreQueryContract(open: () => Promise<ReadStore>): void {
  describe('queries', () => {
    const test = contractTest(open);

    test('keeps documents per user: another user sees nothing', async ({ store, putAll }) => {
      const doc = item('a', 1);
      await putAll('alice', [doc]);
      expect((await store.get(items.name, 'alice', doc.id))?.doc).toEqual(doc);
      expect(await store.get(items.name, 'bob', doc.id)).toBeNull();
      expect((await store.find(items.name, { userId: 'bob', sort: [], limit: 10 })).items).toEqual([]);
    });

    test('filters on indexed fields and sorts either way with the id breaking ties', async ({ store, putAll }) => {
      const docs = [item('a', 3), item('b', 1), item('a', 1), item('a', 2), item('b', 5)];
      await putAll('u', docs);
      const ascending = await store.find<Item>(items.name, {
        userId: 'u',
        where: { kind: 'a' },
        sort: [{ field: 'score', direction: 'asc' }],
        limit: 10,
      });
      expect(ascending.items.map((d) => d.doc.score)).toEqual([1, 2, 3]);
      const descending = await store.find<Item>(items.name, {
        userId: 'u',
        sort: [{ field: 'score', direction: 'desc' }],
        limit: 10,
      });
      expect(descending.items.map((d) => d.doc.score)).toEqual([5, 3, 2, 1, 1]);
      const multi = await store.find<Item>(items.name, {
        userId: 'u',
        sort: [
          { field: 'kind', direction: 'desc' },
          { field: 'score', direction: 'asc' },
        ],
        limit: 10,
      });
      expect(multi.items.map((d) => `${d.doc.kind}${d.doc.score}`)).toEqual(['b1', 'b5', 'a1', 'a2', 'a3']);
    });

    test('pages with a cursor through every document exactly once, ties included', async ({ store, putAll }) => {
      const docs = Array.from({ length: 23 }, (_, i) => item(i % 2 ? 'a' : 'b', i % 4));
      await putAll('pager', docs);
      for (const direction of ['asc', 'desc'] as const) {
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await store.find<Item>(items.name, {
            userId: 'pager',
            sort: [{ field: 'score', direction }],
            limit: 5,
            ...(cursor === undefined ? {} : { cursor }),
          });
          seen.push(...page.items.map((d) => d.id));
          cursor = page.nextCursor ?? undefined;
        } while (cursor !== undefined);
        expect(seen).toHaveLength(23);
        expect(new Set(seen).size).toBe(23);
      }
    });

    test('finds documents whose text field contains a text literally, in any script, page by page', async ({
      store,
      putAll,
    }) => {
      const labels = ['coffee (large)', 'iced coffee', 'ข้าวมันไก่ ร้านป้า', 'ເຂົ້າໜຽວ ຕະຫຼາດ', 'a.b*c', 'abbc', 'tea'];
      const docs = labels.map((label, i) => item(i % 2 ? 'a' : 'b', i, label));
      const gone = item('a', 99, 'coffee gone');
      await putAll('searcher', [...docs, gone]);
      const at = next();
      await store.applyBatch(CHECKPOINT, at, async (uow) => uow.remove(items.name, 'searcher', gone.id, at));
      await putAll('other', [item('a', 1, 'coffee elsewhere')]);
      const labelsOf = async (text: string, where?: Record<string, string>) => {
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await store.find<Item>(items.name, {
            userId: 'searcher',
            ...(where === undefined ? {} : { where }),
            contains: { field: 'label', text },
            sort: [{ field: 'score', direction: 'desc' }],
            limit: 1,
            ...(cursor === undefined ? {} : { cursor }),
          });
          seen.push(...page.items.map((d) => d.doc.label));
          cursor = page.nextCursor ?? undefined;
        } while (cursor !== undefined);
        return seen;
      };
      expect(await labelsOf('coffee')).toEqual(['iced coffee', 'coffee (large)']);
      expect(await labelsOf('coffee', { kind: 'a' })).toEqual(['iced coffee']);
      expect(await labelsOf('ร้าน')).toEqual(['ข้าวมันไก่ ร้านป้า']);
      expect(await labelsOf('ຕະຫຼາດ')).toEqual(['ເຂົ້າໜຽວ ຕະຫຼາດ']);
      expect(await labelsOf('a.b*')).toEqual(['a.b*c']);
      expect(await labelsOf('(large')).toEqual(['coffee (large)']);
      expect(await labelsOf('nothing')).toEqual([]);
    });

    test('counts and sums an integer field per group over the documents that match', async ({ store, putAll }) => {
      await putAll('summer', [
        item('a', 3, 'coffee'),
        item('a', 4, 'tea'),
        item('b', 10, 'coffee'),
        item('b', 20, 'coffee'),
      ]);
      await putAll('other', [item('a', 100, 'coffee')]);
      const byKind = (groups: { group: Record<string, unknown>; count: number; sum: bigint }[]) =>
        Object.fromEntries(groups.map((g) => [String(g.group.kind), [g.count, g.sum]]));
      expect(byKind(await store.sum(items.name, { userId: 'summer', groupBy: ['kind'], field: 'score' }))).toEqual({
        a: [2, 7n],
        b: [2, 30n],
      });
      expect(
        byKind(
          await store.sum(items.name, {
            userId: 'summer',
            contains: { field: 'label', text: 'coffee' },
            groupBy: ['kind'],
            field: 'score',
          }),
        ),
      ).toEqual({ a: [1, 3n], b: [2, 30n] });
      expect(
        await store.sum(items.name, { userId: 'summer', where: { kind: 'b' }, groupBy: [], field: 'score' }),
      ).toEqual([{ group: {}, count: 2, sum: 30n }]);
      expect(await store.sum(items.name, { userId: 'nobody', groupBy: ['kind'], field: 'score' })).toEqual([]);
    });

    test('sums exactly past 2^53, negative values included', async ({ store, putAll }) => {
      const big = 2 ** 51 - 7;
      const values = Array.from({ length: 70 }, (_, i) => big - i * 1_234_567);
      // Negative values too: the split must join them back exactly.
      values.push(-(2 ** 51) + 3, -12_345);
      await putAll(
        'big-summer',
        values.map((score, i) => ({ id: `big-${i}`, kind: 'x', score, label: 'l' })),
      );
      const [group] = await store.sum(items.name, { userId: 'big-summer', groupBy: [], field: 'score' });
      expect(group?.count).toBe(values.length);
      expect(group?.sum).toBe(values.reduce((total, value) => total + BigInt(value), 0n));
    });

    test('scans a view across users in (user, id) order, page by page, without removed documents', async ({
      store,
      putAll,
    }) => {
      const docs = ['b', 'a', 'c'].map((id) => ({ id, kind: 'k', score: 1, label: id }));
      await putAll('scan-2', docs);
      await putAll('scan-1', [{ id: 'z', kind: 'k', score: 1, label: 'z' }]);
      const at = next();
      await store.applyBatch(CHECKPOINT, at, async (uow) => uow.remove(items.name, 'scan-2', 'c', at));
      const seen: string[] = [];
      let after: { userId: string; id: string } | undefined;
      for (;;) {
        const page = await store.scan(items.name, { limit: 2, ...(after === undefined ? {} : { after }) });
        if (page.length === 0) break;
        seen.push(...page.map((d) => `${d.userId}/${d.id}`));
        const last = page.at(-1);
        after = last === undefined ? undefined : { userId: last.userId, id: last.id };
      }
      expect(seen.filter((key) => key.startsWith('scan-'))).toEqual(['scan-1/z', 'scan-2/a', 'scan-2/b']);
    });

    test('seeks to sort values the caller gives as a cursor with an empty id, either way', async ({
      store,
      putAll,
    }) => {
      // How a query starts a page at the end of a day: `<date>U` sorts after every key of that day.
      const labels = ['2026-10-31T00:00', '2026-11-01T00:00', '2026-11-01T09:00', '2026-11-02T00:00'];
      await putAll('seek', [...labels.map((label) => item('a', 1, label)), item('b', 1, '2026-11-01T05:00')]);
      const labelsOf = async (direction: 'asc' | 'desc', from: string) =>
        (
          await store.find<Item>(items.name, {
            userId: 'seek',
            where: { kind: 'a' },
            sort: [{ field: 'label', direction }],
            limit: 10,
            cursor: encodeCursor([from, '']),
          })
        ).items.map((d) => d.doc.label);
      expect(await labelsOf('desc', '2026-11-01U')).toEqual([
        '2026-11-01T09:00',
        '2026-11-01T00:00',
        '2026-10-31T00:00',
      ]);
      expect(await labelsOf('asc', '2026-11-01')).toEqual(['2026-11-01T00:00', '2026-11-01T09:00', '2026-11-02T00:00']);
    });

    test('refuses a malformed cursor', async ({ store }) => {
      await expect(
        store.find(items.name, { userId: 'u', sort: [], limit: 5, cursor: 'not-a-cursor' }),
      ).rejects.toThrow();
    });

    test('indexes values derived from the document', async ({ store }) => {
      const at = next();
      await store.applyBatch(CHECKPOINT, at, async (uow) => {
        uow.put(derived.name, 'u', 'small', { parts: [1, 2] }, at);
        uow.put(derived.name, 'u', 'large', { parts: [10, 20] }, at);
      });
      const page = await store.find(derived.name, {
        userId: 'u',
        sort: [{ field: 'total', direction: 'desc' }],
        limit: 5,
      });
      expect(page.items.map((d) => d.id)).toEqual(['large', 'small']);
    });
  });
}
