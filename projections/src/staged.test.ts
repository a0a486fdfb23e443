import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReadStore, ViewDefinition } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { staged } from './staged.js';

const notes: ViewDefinition = { name: 'notes', fields: { tag: 'text' }, indexes: [] };
let store: ReadStore;

beforeEach(async () => {
  store = await openSqliteReadStore({ path: ':memory:' });
  await store.ensureViews([notes]);
  await store.applyBatch('test', '5', async (uow) => {
    uow.put('notes', 'alice', 'a', { tag: 'old' }, '5');
    uow.put('notes', 'alice', 'b', { tag: 'old' }, '5');
  });
});
afterEach(() => store.close());

describe('staged writes', () => {
  it('are read back through the stage while the unit of work underneath still has the documents before them', async () => {
    await store.applyBatch('test', '6', async (uow) => {
      const stage = staged(uow, [notes]);
      stage.put('notes', 'alice', 'a', { tag: 'new' }, '6');
      stage.remove('notes', 'alice', 'b', '6');
      stage.put('notes', 'alice', 'c', { tag: 'old' }, '6');
      expect((await stage.get('notes', 'alice', 'a'))?.doc).toEqual({ tag: 'new' });
      expect(await stage.get('notes', 'alice', 'b')).toBeNull();
      expect((await stage.findByField('notes', 'alice', 'tag', 'old')).map((d) => d.id)).toEqual(['c']);
      expect((await uow.get('notes', 'alice', 'a'))?.doc).toEqual({ tag: 'old' });
      expect(await uow.get('notes', 'alice', 'c')).toBeNull();
      stage.commit();
      expect((await uow.findByField('notes', 'alice', 'tag', 'old')).map((d) => d.id)).toEqual(['c']);
    });
  });

  it('ignore a write older than the document underneath, as the unit of work does', async () => {
    await store.applyBatch('test', '6', async (uow) => {
      const stage = staged(uow, [notes]);
      stage.put('notes', 'alice', 'a', { tag: 'stale' }, '4');
      expect((await stage.get('notes', 'alice', 'a'))?.doc).toEqual({ tag: 'old' });
    });
  });

  it('hide a purged user’s documents until written again', async () => {
    await store.applyBatch('test', '6', async (uow) => {
      const stage = staged(uow, [notes]);
      stage.purgeUser('alice');
      expect(await stage.get('notes', 'alice', 'a')).toBeNull();
      stage.put('notes', 'alice', 'd', { tag: 'old' }, '6');
      expect((await stage.findByField('notes', 'alice', 'tag', 'old')).map((d) => d.id)).toEqual(['d']);
    });
  });
});
