import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ReadStore, ViewDefinition } from './port.js';

/** A transaction-like document: most have no rule (`ruleId` null) and no flag. */
interface Entry extends Record<string, unknown> {
  id: string;
  ruleId: string | null;
  flag: number | null;
  at: string;
  amount: number;
}

const fields = { ruleId: 'text', flag: 'integer', at: 'text', amount: 'integer' } as const;

/** The view with its two sparse indexes: by rule then date, and the flagged ones. */
const sparse: ViewDefinition = {
  name: 'contract_sparse',
  fields,
  indexes: [['at'], { fields: ['ruleId', 'at'], sparse: true }, { fields: ['flag'], sparse: true }],
};

/** The same view as it was declared before its indexes were sparse (same columns). */
const full: ViewDefinition = { ...sparse, indexes: [['at'], ['ruleId', 'at'], ['flag']] };

const entry = (n: number, ruleId: string | null, flag: number | null = null): Entry => ({
  id: `e-${String(n).padStart(3, '0')}`,
  ruleId,
  flag,
  at: `2026-01-${String((n % 28) + 1).padStart(2, '0')}`,
  amount: n * 10,
});

/** The ids of `docs` oldest first, the id breaking ties. */
const idsByDate = (docs: readonly Entry[]): string[] =>
  [...docs].sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id)).map((d) => d.id);

let position = 1_000_000;
const next = () => String(++position);

async function putAll(store: ReadStore, userId: string, docs: readonly Entry[]): Promise<void> {
  const at = next();
  await store.applyBatch('sparse-contract', at, async (uow) => {
    for (const doc of docs) uow.put(sparse.name, userId, doc.id, doc, at);
  });
}

/** Every answer the tests below compare: by rule (paged both ways), the flagged ones, sums, the whole list. */
async function answers(store: ReadStore, userId: string): Promise<unknown> {
  const pages = async (direction: 'asc' | 'desc') => {
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await store.find<Entry>(sparse.name, {
        userId,
        where: { ruleId: 'r1' },
        sort: [{ field: 'at', direction }],
        limit: 3,
        ...(cursor === undefined ? {} : { cursor }),
      });
      ids.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    return ids;
  };
  const flagged = await store.find<Entry>(sparse.name, { userId, where: { flag: 1 }, sort: [], limit: 1000 });
  const all = await store.find<Entry>(sparse.name, { userId, sort: [{ field: 'at', direction: 'desc' }], limit: 1000 });
  const sums = await store.sum(sparse.name, { userId, where: { ruleId: 'r1' }, groupBy: [], field: 'amount' });
  const inRange = await store.find<Entry>(sparse.name, {
    userId,
    where: { ruleId: 'r2' },
    ranges: { at: { gte: '2026-01-10' } },
    sort: [{ field: 'at', direction: 'desc' }],
    limit: 1000,
  });
  return {
    asc: await pages('asc'),
    desc: await pages('desc'),
    flagged: flagged.items.map((item) => item.id),
    all: all.items.map((item) => item.id),
    sums: sums.map((group) => ({ count: group.count, sum: String(group.sum) })),
    inRange: inRange.items.map((item) => item.id),
  };
}

/** Indexes that hold only the documents whose first key is set answer as indexes of every document do. */
export function readStoreSparseContract(open: () => Promise<ReadStore>): void {
  describe('sparse indexes', () => {
    it('find, page and sum by a field most documents leave empty, as the documents change', async () => {
      const store = await open();
      try {
        await store.ensureViews([sparse]);
        const userId = `u-${randomUUID()}`;
        const docs = Array.from({ length: 40 }, (_, n) =>
          entry(n, n % 5 === 0 ? 'r1' : n % 7 === 0 ? 'r2' : null, n % 9 === 0 ? 1 : null),
        );
        await putAll(store, userId, docs);
        await putAll(store, 'other', [entry(1, 'r1', 1)]);
        const r1 = docs.filter((d) => d.ruleId === 'r1');
        const first = (await answers(store, userId)) as Record<string, unknown>;
        expect(first['asc']).toEqual(idsByDate(r1));
        expect(first['flagged']).toEqual(docs.filter((d) => d.flag === 1).map((d) => d.id));
        expect(first['all']).toHaveLength(40);
        expect(first['sums']).toEqual([{ count: r1.length, sum: String(r1.reduce((s, d) => s + d.amount, 0)) }]);
        expect(first['inRange']).toEqual(
          docs
            .filter((d) => d.ruleId === 'r2' && d.at >= '2026-01-10')
            .sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id))
            .map((d) => d.id),
        );

        // A document loses its rule, another gets one, a third is deleted; the flag moves too.
        const at = next();
        await store.applyBatch('sparse-contract', at, async (uow) => {
          uow.put(sparse.name, userId, 'e-005', { ...entry(5, null), flag: null }, at);
          uow.put(sparse.name, userId, 'e-001', entry(1, 'r1', 1), at);
          uow.remove(sparse.name, userId, 'e-010', at);
          const flaggedNow = await uow.findByField<Entry>(sparse.name, userId, 'flag', 1);
          expect(flaggedNow.map((d) => d.id)).toEqual(['e-000', 'e-001', 'e-009', 'e-018', 'e-027', 'e-036']);
        });
        const after = (await answers(store, userId)) as Record<string, unknown>;
        expect(after['asc']).toEqual(idsByDate([0, 1, 15, 20, 25, 30, 35].map((n) => entry(n, 'r1'))));
        expect(after['flagged']).toEqual(['e-000', 'e-001', 'e-009', 'e-018', 'e-027', 'e-036']);
        expect(after['all']).toHaveLength(39);
      } finally {
        await store.close();
      }
    });

    it('keeps answering through the index a store made before the index was sparse', async () => {
      const before = await open();
      const now = await open();
      try {
        const userId = `u-${randomUUID()}`;
        const docs = Array.from({ length: 30 }, (_, n) =>
          entry(n, n % 4 === 0 ? 'r1' : n % 6 === 0 ? 'r2' : null, n % 8 === 0 ? 1 : null),
        );
        // A store made with the old declaration, opened again by code that declares it sparse
        // (it keeps the index it has), beside a store made with the sparse one.
        await before.ensureViews([full]);
        await putAll(before, userId, docs);
        await before.ensureViews([sparse]);
        await now.ensureViews([sparse]);
        await putAll(now, userId, docs);
        expect(await answers(before, userId)).toEqual(await answers(now, userId));
      } finally {
        await Promise.all([before.close(), now.close()]);
      }
    });
  });
}
