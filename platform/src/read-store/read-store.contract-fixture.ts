import { randomUUID } from 'node:crypto';
import { it } from 'vitest';
import type { ReadStore, ViewDefinition } from './port.js';

/** What the read store contract's tests keep and share: their views, documents and positions. */
export interface Item extends Record<string, unknown> {
  id: string;
  kind: string;
  score: number;
  label: string;
}

export const items: ViewDefinition = {
  name: 'contract_items',
  fields: { kind: 'text', score: 'integer', label: 'text' },
  indexes: [['kind', 'score'], ['score']],
};

export const derived: ViewDefinition = {
  name: 'contract_derived',
  fields: { total: 'integer' },
  indexes: [['total']],
  indexValues: (doc) => ({ total: Number((doc as { parts: number[] }).parts.reduce((a, b) => a + b, 0)) }),
};

export const CHECKPOINT = 'contract';

let position = 0;
/** A position newer than every one handed out before. */
export const next = () => String(++position);

export const item = (kind: string, score: number, label = 'x'): Item => ({ id: randomUUID(), kind, score, label });

/**
 * The contract's `test`: each test that asks for `store` gets a fresh store from `open` with the
 * contract's views, closed after the test; `putAll` writes a user's items in one batch.
 */
export function contractTest(open: () => Promise<ReadStore>) {
  return it.extend<{ store: ReadStore; putAll: (userId: string, docs: Item[]) => Promise<void> }>({
    // eslint-disable-next-line no-empty-pattern -- vitest reads the fixtures a fixture needs from this pattern
    store: async ({}, use) => {
      const store = await open();
      await store.ensureViews([items, derived]);
      await use(store);
      await store.close();
    },
    putAll: async ({ store }, use) => {
      await use(async (userId, docs) => {
        const at = next();
        await store.applyBatch(CHECKPOINT, at, async (uow) => {
          for (const doc of docs) uow.put(items.name, userId, doc.id, doc, at);
        });
      });
    },
  });
}
