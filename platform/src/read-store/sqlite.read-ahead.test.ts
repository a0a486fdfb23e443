import { describe, expect, it, vi } from 'vitest';
import { derived, items } from './read-store.contract-fixture.js';
import { sameAnswersReadingAhead } from './read-store.write.contract.js';
import { DocumentCache } from './sqlite-document-cache.js';
import { openSqliteReadStore } from './sqlite.js';
import type { UnitOfWorkBacking } from './unit-of-work.js';

describe('reading a batch ahead in the SQLite read store', () => {
  it.each([
    ['with the document cache', () => new DocumentCache()],
    ['with a document cache too small to keep most rows', () => new DocumentCache(600)],
    ['without the document cache', () => false as const],
  ])('answers every read as a store that does not read ahead, %s', async (_name, cache) => {
    const ahead = await openSqliteReadStore({ path: ':memory:', documentCache: cache() });
    const plain = await openSqliteReadStore({ path: ':memory:', documentCache: cache() });
    try {
      await ahead.ensureViews([items, derived]);
      await plain.ensureViews([items, derived]);
      const storedMany = vi.spyOn(ahead as unknown as Required<UnitOfWorkBacking>, 'storedMany');
      for (const seed of [3, 5, 8, 13]) await sameAnswersReadingAhead(ahead, plain, seed);
      expect(storedMany).toHaveBeenCalled();
    } finally {
      await Promise.all([ahead.close(), plain.close()]);
    }
  });
});
