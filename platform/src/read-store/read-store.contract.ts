import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReadStore, ViewDefinition } from './port.js';

interface Item extends Record<string, unknown> {
  id: string;
  kind: string;
  score: number;
  label: string;
}

const items: ViewDefinition = {
  name: 'contract_items',
  fields: { kind: 'text', score: 'integer', label: 'text' },
  indexes: [['kind', 'score'], ['score']],
};

const derived: ViewDefinition = {
  name: 'contract_derived',
  fields: { total: 'integer' },
  indexes: [['total']],
  indexValues: (doc) => ({ total: Number((doc as { parts: number[] }).parts.reduce((a, b) => a + b, 0)) }),
};

const CHECKPOINT = 'contract';

/** The behaviour every read store adapter promises to the projector and the query API. */
export function readStoreContract(name: string, open: () => Promise<ReadStore>): void {
  describe(`read store contract: ${name}`, () => {
    let store: ReadStore;
    let position = 0;
    const next = () => String(++position);

    beforeEach(async () => {
      store = await open();
      await store.ensureViews([items, derived]);
    });
    afterEach(async () => {
      await store.close();
    });

    async function putAll(userId: string, docs: Item[]): Promise<void> {
      const at = next();
      await store.applyBatch(CHECKPOINT, at, async (uow) => {
        for (const doc of docs) uow.put(items.name, userId, doc.id, doc, at);
      });
    }

    const item = (kind: string, score: number, label = 'x'): Item => ({ id: randomUUID(), kind, score, label });

    it('keeps documents per user: another user sees nothing', async () => {
      const doc = item('a', 1);
      await putAll('alice', [doc]);
      expect((await store.get(items.name, 'alice', doc.id))?.doc).toEqual(doc);
      expect(await store.get(items.name, 'bob', doc.id)).toBeNull();
      expect((await store.find(items.name, { userId: 'bob', sort: [], limit: 10 })).items).toEqual([]);
    });

    it('filters on indexed fields and sorts either way with the id breaking ties', async () => {
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

    it('pages with a cursor through every document exactly once, ties included', async () => {
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

    it('finds documents whose text field contains a text literally, in any script, page by page', async () => {
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

    it('counts and sums an integer field per group over the documents that match', async () => {
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

    it('sums exactly past 2^53, negative values included', async () => {
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

    it('scans a view across users in (user, id) order, page by page, without removed documents', async () => {
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

    it('refuses a malformed cursor', async () => {
      await expect(
        store.find(items.name, { userId: 'u', sort: [], limit: 5, cursor: 'not-a-cursor' }),
      ).rejects.toThrow();
    });

    it('indexes values derived from the document', async () => {
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

    it('ignores a write whose position is not newer, so redelivery changes nothing', async () => {
      const doc = item('a', 1);
      const first = next();
      await store.applyBatch(CHECKPOINT, first, async (uow) => uow.put(items.name, 'u', doc.id, doc, first));
      const later = next();
      await store.applyBatch(CHECKPOINT, later, async (uow) =>
        uow.put(items.name, 'u', doc.id, { ...doc, score: 9 }, later),
      );
      await store.applyBatch(CHECKPOINT, later, async (uow) => {
        uow.put(items.name, 'u', doc.id, { ...doc, score: 7 }, first);
        uow.put(items.name, 'u', doc.id, { ...doc, score: 8 }, later);
      });
      expect((await store.get<Item>(items.name, 'u', doc.id))?.doc.score).toBe(9);
    });

    it('does not bring a removed document back when an older write is redelivered', async () => {
      const doc = item('a', 1);
      const added = next();
      await store.applyBatch(CHECKPOINT, added, async (uow) => uow.put(items.name, 'u', doc.id, doc, added));
      const removed = next();
      await store.applyBatch(CHECKPOINT, removed, async (uow) => uow.remove(items.name, 'u', doc.id, removed));
      await store.applyBatch(CHECKPOINT, removed, async (uow) => uow.put(items.name, 'u', doc.id, doc, added));
      expect(await store.get(items.name, 'u', doc.id)).toBeNull();
      expect(
        (await store.find(items.name, { userId: 'u', where: { kind: 'a' }, sort: [], limit: 10 })).items.map(
          (d) => d.id,
        ),
      ).not.toContain(doc.id);
    });

    it('writes documents and checkpoint together, or neither when the work fails', async () => {
      const doc = item('a', 1);
      const at = next();
      await store.applyBatch(CHECKPOINT, at, async (uow) => uow.put(items.name, 'u', doc.id, doc, at));
      expect(await store.getCheckpoint(CHECKPOINT)).toBe(at);
      const failed = next();
      const lost = item('a', 2);
      await expect(
        store.applyBatch(CHECKPOINT, failed, async (uow) => {
          uow.put(items.name, 'u', lost.id, lost, failed);
          throw new Error('projection failed');
        }),
      ).rejects.toThrow('projection failed');
      expect(await store.getCheckpoint(CHECKPOINT)).toBe(at);
      expect(await store.get(items.name, 'u', lost.id)).toBeNull();
    });

    it('lets a unit of work read its own buffered writes, also by field', async () => {
      const existing = item('k', 1);
      await putAll('u2', [existing]);
      const at = next();
      await store.applyBatch(CHECKPOINT, at, async (uow) => {
        const fresh = item('k', 2);
        uow.put(items.name, 'u2', fresh.id, fresh, at);
        expect((await uow.get<Item>(items.name, 'u2', fresh.id))?.doc).toEqual(fresh);
        uow.put(items.name, 'u2', existing.id, { ...existing, kind: 'moved' }, at);
        const found = await uow.findByField<Item>(items.name, 'u2', 'kind', 'k');
        expect(found.map((d) => d.id)).toEqual([fresh.id]);
      });
    });

    it('purges every document of a user and nobody else', async () => {
      const mine = item('a', 1);
      const theirs = item('a', 1);
      await putAll('leaving', [mine]);
      await putAll('staying', [theirs]);
      const at = next();
      await store.applyBatch(CHECKPOINT, at, async (uow) => uow.purgeUser('leaving'));
      expect(await store.get(items.name, 'leaving', mine.id)).toBeNull();
      expect(await store.get(items.name, 'staying', theirs.id)).not.toBeNull();
    });

    it('resets views and the checkpoint for a rebuild', async () => {
      await putAll('u', [item('a', 1)]);
      await store.reset([items, derived], CHECKPOINT);
      expect(await store.getCheckpoint(CHECKPOINT)).toBeNull();
      expect((await store.find(items.name, { userId: 'u', sort: [], limit: 10 })).items).toEqual([]);
    });

    describe('shadow copies', () => {
      const SHADOW = 'contract@s1';

      async function putIn(target: ReadStore, checkpoint: string, userId: string, docs: Item[]): Promise<string> {
        const at = next();
        await target.applyBatch(checkpoint, at, async (uow) => {
          for (const doc of docs) uow.put(items.name, userId, doc.id, doc, at);
        });
        return at;
      }

      it('keeps a shadow copy apart from the live view until it is promoted', async () => {
        const live = item('a', 1, 'live');
        await putAll('u', [live]);
        const shadow = store.shadow('s1');
        await shadow.ensureViews([items, derived]);
        const rebuilt = item('b', 2, 'rebuilt');
        const at = await putIn(shadow, SHADOW, 'u', [rebuilt]);

        expect((await store.find(items.name, { userId: 'u', sort: [], limit: 10 })).items.map((d) => d.id)).toEqual([
          live.id,
        ]);
        expect((await shadow.get(items.name, 'u', rebuilt.id))?.doc).toEqual(rebuilt);
        expect(await shadow.get(items.name, 'u', live.id)).toBeNull();
        expect(await store.getCheckpoint(SHADOW)).toBe(at);
        expect(await store.shadowTags()).toEqual(['s1']);

        await store.promote({
          tag: 's1',
          views: [items],
          records: { 'version:items': 'v2' },
          shadowCheckpoint: SHADOW,
        });
        const page = await store.find<Item>(items.name, {
          userId: 'u',
          where: { kind: 'b' },
          sort: [{ field: 'score', direction: 'asc' }],
          limit: 10,
        });
        expect(page.items.map((d) => d.doc)).toEqual([rebuilt]);
        expect(await store.get(items.name, 'u', live.id)).toBeNull();
        expect(await store.getCheckpoint('version:items')).toBe('v2');
        expect(await store.getCheckpoint(SHADOW)).toBeNull();
        // The derived view was not promoted: its shadow stays, and so does its live view.
        expect(await store.shadowTags()).toEqual(['s1']);
        await store.dropShadow('s1');
        expect(await store.shadowTags()).toEqual([]);
      });

      it('goes on writing and indexing the promoted view as a live one, also after ensureViews', async () => {
        const shadow = store.shadow('s2');
        await shadow.ensureViews([items]);
        await putIn(shadow, SHADOW, 'u', [item('a', 5)]);
        await store.promote({ tag: 's2', views: [items], records: {}, shadowCheckpoint: SHADOW });
        await store.ensureViews([items, derived]);
        await putAll('u', [item('a', 3), item('b', 4)]);
        const page = await store.find<Item>(items.name, {
          userId: 'u',
          where: { kind: 'a' },
          sort: [{ field: 'score', direction: 'desc' }],
          limit: 10,
        });
        expect(page.items.map((d) => d.doc.score)).toEqual([5, 3]);
        // A second shadow under the same tag is a fresh one.
        const again = store.shadow('s2');
        await again.ensureViews([items]);
        expect((await again.find(items.name, { userId: 'u', sort: [], limit: 10 })).items).toEqual([]);
        await putIn(again, SHADOW, 'u', [item('c', 1)]);
        await store.promote({ tag: 's2', views: [items], records: {}, shadowCheckpoint: SHADOW });
        expect(
          (await store.find<Item>(items.name, { userId: 'u', where: { kind: 'c' }, sort: [], limit: 10 })).items,
        ).toHaveLength(1);
      });

      it('changes nothing when a view to promote has no shadow copy', async () => {
        const live = item('a', 1);
        await putAll('u', [live]);
        const shadow = store.shadow('s3');
        await shadow.ensureViews([items]);
        await putIn(shadow, SHADOW, 'u', [item('z', 1)]);
        await expect(
          store.promote({
            tag: 's3',
            views: [items, derived],
            records: { 'version:items': 'v9' },
            shadowCheckpoint: SHADOW,
          }),
        ).rejects.toThrow();
        expect((await store.get(items.name, 'u', live.id))?.doc).toEqual(live);
        expect(await store.getCheckpoint('version:items')).toBeNull();
        expect(await store.getCheckpoint(SHADOW)).not.toBeNull();
      });

      it("purges a user only in the shadow's copies, and drops a shadow without touching the live views", async () => {
        const live = item('a', 1);
        await putAll('leaving', [live]);
        const shadow = store.shadow('s4');
        await shadow.ensureViews([items]);
        const copy = item('a', 1);
        await putIn(shadow, SHADOW, 'leaving', [copy]);
        const at = next();
        await shadow.applyBatch(SHADOW, at, async (uow) => uow.purgeUser('leaving'));
        expect(await shadow.get(items.name, 'leaving', copy.id)).toBeNull();
        expect((await store.get(items.name, 'leaving', live.id))?.doc).toEqual(live);

        await shadow.close();
        await store.dropShadow('s4', SHADOW);
        expect(await store.shadowTags()).toEqual([]);
        expect(await store.getCheckpoint(SHADOW)).toBeNull();
        expect((await store.get(items.name, 'leaving', live.id))?.doc).toEqual(live);
      });

      it('builds a shadow in bulk mode with its indexes made at the end', async () => {
        const shadow = store.shadow('s5');
        await shadow.bulkMode?.(true);
        await shadow.ensureViews([items]);
        await putIn(shadow, SHADOW, 'u', [item('a', 2), item('a', 1)]);
        await shadow.bulkMode?.(false);
        await store.promote({ tag: 's5', views: [items], records: {}, shadowCheckpoint: SHADOW });
        await putAll('u', [item('a', 3)]);
        const page = await store.find<Item>(items.name, {
          userId: 'u',
          where: { kind: 'a' },
          sort: [{ field: 'score', direction: 'asc' }],
          limit: 10,
        });
        expect(page.items.map((d) => d.doc.score)).toEqual([1, 2, 3]);
      });
    });
  });
}
