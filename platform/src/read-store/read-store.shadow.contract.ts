import { describe, expect } from 'vitest';
import type { ReadStore } from './port.js';
import { contractTest, derived, item, items, next, type Item } from './read-store.contract-fixture.js';

/** Shadow copies: views rebuilt apart from the live ones, then promoted or dropped. */
export function readStoreShadowContract(open: () => Promise<ReadStore>): void {
  const test = contractTest(open);

  describe('shadow copies', () => {
    const SHADOW = 'contract@s1';

    async function putIn(target: ReadStore, checkpoint: string, userId: string, docs: Item[]): Promise<string> {
      const at = next();
      await target.applyBatch(checkpoint, at, async (uow) => {
        for (const doc of docs) uow.put(items.name, userId, doc.id, doc, at);
      });
      return at;
    }

    test('keeps a shadow copy apart from the live view until it is promoted', async ({ store, putAll }) => {
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

    test('goes on writing and indexing the promoted view as a live one, also after ensureViews', async ({
      store,
      putAll,
    }) => {
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

    test('changes nothing when a view to promote has no shadow copy', async ({ store, putAll }) => {
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

    test("purges a user only in the shadow's copies, and drops a shadow without touching the live views", async ({
      store,
      putAll,
    }) => {
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

    test('builds a shadow in bulk mode with its indexes made at the end', async ({ store, putAll }) => {
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
}
