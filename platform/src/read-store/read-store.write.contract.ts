import { describe, expect } from 'vitest';
import type { ReadAheadGroup, ReadStore, UnitOfWork } from './port.js';
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

    test('answers every read of a batch the same whether it reads ahead or not', async ({ store }) => {
      const plain = await open();
      try {
        await plain.ensureViews([items, derived]);
        await sameAnswersReadingAhead(store, plain, 11);
        await sameAnswersReadingAhead(store, plain, 29);
      } finally {
        await plain.close();
      }
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

/** A small deterministic generator (mulberry32), so a failing seed can be run again. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Random batches of reads, writes and removals of two users' documents in both views, applied to
 * `ahead` with random read-ahead groups (ids stored, removed, never written, written earlier in the
 * batch, in several groups, alone, under a prefix) and to `plain` without: every read answers the same, in both
 * views, and so does every document afterwards.
 */
export async function sameAnswersReadingAhead(ahead: ReadStore, plain: ReadStore, seed: number): Promise<void> {
  const random = generator(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const users = ['ahead-a', 'ahead-b'];
  const ids = Array.from({ length: 24 }, (_, i) => `doc-${seed}-${i}`);
  // Ids the groups name, and the same under a prefix (read ahead as the named ones' groups).
  const keys = [...ids, ...ids.slice(0, 12).map((id) => `tx:${id}`)];
  const views = [items.name, derived.name];
  const docOf = (view: string, id: string) =>
    view === items.name
      ? { id, kind: pick(['k', 'j']), score: Math.floor(random() * 100), label: 'x' }
      : { parts: [Math.floor(random() * 9)] };
  for (let round = 0; round < 8; round += 1) {
    const at = next();
    const groups: ReadAheadGroup[] = users.flatMap((userId) =>
      Array.from({ length: 3 }, () => ({ userId, ids: ids.filter(() => random() < 0.4) })),
    );
    groups.push({ userId: pick(users), ids: [pick(ids)] });
    const steps = Array.from({ length: 40 }, () => ({
      op: pick(['get', 'get', 'put', 'remove'] as const),
      view: pick(views),
      userId: pick(users),
      id: pick(keys),
      doc: {} as Record<string, unknown>,
    }));
    for (const step of steps) step.doc = docOf(step.view, step.id);
    const run = async (uow: UnitOfWork, readAhead: boolean) => {
      const answers: unknown[] = [];
      if (readAhead) {
        expect(uow.readAhead).toBeDefined();
        uow.readAhead?.(groups);
      }
      for (const step of steps) {
        if (step.op === 'get') {
          const found = await uow.get(step.view, step.userId, step.id);
          answers.push(found === null ? null : { doc: found.doc, position: found.position });
        } else if (step.op === 'put') uow.put(step.view, step.userId, step.id, { ...step.doc }, at);
        else uow.remove(step.view, step.userId, step.id, at);
      }
      return answers;
    };
    let withReadAhead: unknown[] = [];
    let without: unknown[] = [];
    await ahead.applyBatch(CHECKPOINT, at, async (uow) => {
      withReadAhead = await run(uow, true);
    });
    await plain.applyBatch(CHECKPOINT, at, async (uow) => {
      without = await run(uow, false);
    });
    expect(withReadAhead).toEqual(without);
  }
  for (const view of views) {
    for (const userId of users) {
      for (const id of keys) expect(await ahead.get(view, userId, id)).toEqual(await plain.get(view, userId, id));
    }
  }
}
