import { describe, expect, it } from 'vitest';
import type { ReadStore, ScanKey, ViewDefinition } from './port.js';

const view: ViewDefinition = { name: 'contract_get_many', fields: { at: 'text' }, indexes: [['at']] };

let position = 2_000_000;
const next = () => String(++position);

/** `getMany` answered as `get` answers each key: the documents found, tombstones and missing keys left out. */
export function readStoreGetManyContract(open: () => Promise<ReadStore>): void {
  describe('get of many keys across users', () => {
    it('answers the documents of the keys found, whoever their user, as get answers each', async () => {
      const store = await open();
      try {
        await store.ensureViews([view]);
        const at = next();
        await store.applyBatch('get-many-contract', at, async (uow) => {
          for (const user of ['ana', 'bo', 'chai']) {
            for (let n = 0; n < 5; n += 1) uow.put(view.name, user, `d-${n}`, { id: `d-${n}`, at: `${user}-${n}` }, at);
          }
        });
        const removed = next();
        await store.applyBatch('get-many-contract', removed, async (uow) => {
          uow.remove(view.name, 'bo', 'd-1', removed);
        });
        expect(store.getMany).toBeDefined();
        const keys: ScanKey[] = [
          { userId: 'ana', id: 'd-0' },
          { userId: 'bo', id: 'd-0' },
          // A tombstone, a missing id, a missing user and another user's id under one's own name.
          { userId: 'bo', id: 'd-1' },
          { userId: 'ana', id: 'd-9' },
          { userId: 'dao', id: 'd-0' },
          { userId: 'chai', id: 'd-4' },
          { userId: 'ana', id: 'd-3' },
        ];
        const many = (await store.getMany?.<{ id: string; at: string }>(view.name, keys)) ?? [];
        const each = [];
        for (const key of keys) {
          const found = await store.get<{ id: string; at: string }>(view.name, key.userId, key.id);
          if (found !== null) each.push(found);
        }
        const byKey = (a: ScanKey, b: ScanKey) => `${a.userId}/${a.id}`.localeCompare(`${b.userId}/${b.id}`);
        expect([...many].sort(byKey)).toEqual([...each].sort(byKey));
        expect(many.map((found) => found.doc.at).sort()).toEqual(['ana-0', 'ana-3', 'bo-0', 'chai-4']);
        expect(await store.getMany?.(view.name, [])).toEqual([]);
        // More keys than one look-up of MongoDB takes.
        const lots = Array.from({ length: 2500 }, (_, n) => ({ userId: `u-${n}`, id: 'd-0' }));
        lots.push({ userId: 'chai', id: 'd-2' });
        expect((await store.getMany?.(view.name, lots))?.map((found) => found.doc)).toEqual([
          { id: 'd-2', at: 'chai-2' },
        ]);
      } finally {
        await store.close();
      }
    });
  });
}
