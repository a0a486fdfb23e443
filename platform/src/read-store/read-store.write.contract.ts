import { describe, expect } from 'vitest';
import type { ReadStore } from './port.js';
import { CHECKPOINT, contractTest, derived, item, items, next, type Item } from './read-store.contract-fixture.js';

/** Writing: redelivered and removed documents, atomic batches, buffered reads, purges and resets. */
export function readStoreWriteContract(open: () => Promise<ReadStore>): void {
  describe('writes', () => {
    const test = contractTest(open);

    test('ignores a write whose position is not newer, so redelivery changes nothing', async ({ store }) => {
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

    test('does not bring a removed document back when an older write is redelivered', async ({ store }) => {
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

    test('writes documents and checkpoint together, or neither when the work fails', async ({ store }) => {
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

    test('lets a unit of work read its own buffered writes, also by field', async ({ store, putAll }) => {
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

    test('purges every document of a user and nobody else', async ({ store, putAll }) => {
      const mine = item('a', 1);
      const theirs = item('a', 1);
      await putAll('leaving', [mine]);
      await putAll('staying', [theirs]);
      const at = next();
      await store.applyBatch(CHECKPOINT, at, async (uow) => uow.purgeUser('leaving'));
      expect(await store.get(items.name, 'leaving', mine.id)).toBeNull();
      expect(await store.get(items.name, 'staying', theirs.id)).not.toBeNull();
    });

    test('resets views and the checkpoint for a rebuild', async ({ store, putAll }) => {
      await putAll('u', [item('a', 1)]);
      await store.reset([items, derived], CHECKPOINT);
      expect(await store.getCheckpoint(CHECKPOINT)).toBeNull();
      expect((await store.find(items.name, { userId: 'u', sort: [], limit: 10 })).items).toEqual([]);
    });
  });
}
