import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReadStore, ViewDefinition } from './port.js';
import { openSqliteReadStore } from './sqlite.js';
import { DocumentCache } from './sqlite-document-cache.js';

const notes: ViewDefinition = { name: 'notes', fields: { kind: 'text' }, indexes: [['kind']] };

let dir: string;
let path: string;
let cache: DocumentCache;
let store: ReadStore;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plenty-document-cache-'));
  path = join(dir, 'read.db');
  cache = new DocumentCache();
  store = await openSqliteReadStore({ path, documentCache: cache });
  await store.ensureViews([notes]);
});

afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The note as a batch of the live projector reads it (through its unit of work). */
async function readInBatch(from: ReadStore, id: string, at = '0'): Promise<unknown> {
  let doc: unknown = 'unread';
  await from.applyBatch('reader', at, async (uow) => {
    doc = (await uow.get('notes', 'u', id))?.doc ?? null;
  });
  return doc;
}

const put = (into: ReadStore, id: string, text: string, at: string) =>
  into.applyBatch('live', at, async (uow) => uow.put('notes', 'u', id, { kind: 'a', text }, at));

describe('the SQLite read store keeping documents across batches', () => {
  it('serves a document written by one batch to the next without reading the file', async () => {
    await put(store, 'n1', 'first', '1');
    // Another connection changing the file is not seen: the cache is for the one writer only.
    const other = new Database(path);
    other.prepare('UPDATE view_notes SET doc = \'{"kind":"a","text":"behind its back"}\'').run();
    other.close();
    const hits = cache.hits;
    expect(await readInBatch(store, 'n1')).toEqual({ kind: 'a', text: 'first' });
    expect(cache.hits).toBe(hits + 1);
  });

  it('gives each read a document of its own, so a change a batch makes and throws away is not kept', async () => {
    await put(store, 'n1', 'first', '1');
    await expect(
      store.applyBatch('live', '2', async (uow) => {
        const stored = await uow.get<{ text: string }>('notes', 'u', 'n1');
        if (stored !== null) stored.doc.text = 'changed in place';
        uow.put('notes', 'u', 'n1', { kind: 'a', text: 'second' }, '2');
        throw new Error('the batch fails');
      }),
    ).rejects.toThrow('the batch fails');
    expect(await readInBatch(store, 'n1')).toEqual({ kind: 'a', text: 'first' });
  });

  it('keeps an older write the position guard refused out of the cache', async () => {
    await put(store, 'n1', 'newer', '5');
    await put(store, 'n1', 'older', '3');
    expect(await readInBatch(store, 'n1')).toEqual({ kind: 'a', text: 'newer' });
  });

  it("forgets a user's documents when the user is purged", async () => {
    await put(store, 'n1', 'first', '1');
    expect(await readInBatch(store, 'n1')).toEqual({ kind: 'a', text: 'first' });
    await store.applyBatch('live', '2', async (uow) => uow.purgeUser('u'));
    expect(await readInBatch(store, 'n1')).toBeNull();
    expect(await store.get('notes', 'u', 'n1')).toBeNull();
  });

  it('forgets the documents replaced by a shadow promotion', async () => {
    await put(store, 'n1', 'old views', '1');
    expect(await readInBatch(store, 'n1')).toEqual({ kind: 'a', text: 'old views' });
    const shadow = store.shadow('t1');
    await shadow.ensureViews([notes]);
    await put(shadow, 'n1', 'rebuilt', '1');
    await store.promote({ tag: 't1', views: [notes], records: { 'version:notes': 't1' }, shadowCheckpoint: 'live' });
    expect(await readInBatch(store, 'n1')).toEqual({ kind: 'a', text: 'rebuilt' });
  });

  it('forgets the documents of a shadow that is dropped', async () => {
    const shadow = store.shadow('t2');
    await shadow.ensureViews([notes]);
    await put(shadow, 'n1', 'half built', '1');
    expect(await readInBatch(shadow, 'n1')).toEqual({ kind: 'a', text: 'half built' });
    await store.dropShadow('t2');
    const again = store.shadow('t2');
    await again.ensureViews([notes]);
    expect(await readInBatch(again, 'n1')).toBeNull();
  });

  it('forgets every document when the views are reset for a rebuild', async () => {
    await put(store, 'n1', 'first', '1');
    expect(await readInBatch(store, 'n1')).toEqual({ kind: 'a', text: 'first' });
    await store.reset([notes], 'live');
    expect(await readInBatch(store, 'n1')).toBeNull();
  });

  it('forgets every document when a bulk load replaces them', async () => {
    await put(store, 'n1', 'first', '1');
    expect(await readInBatch(store, 'n1')).toEqual({ kind: 'a', text: 'first' });
    await store.bulkLoad?.('live', '2', {
      purged: [],
      writes: [{ view: 'notes', userId: 'u', id: 'n1', doc: { kind: 'a', text: 'replayed' }, position: '2' }],
    });
    expect(await readInBatch(store, 'n1')).toEqual({ kind: 'a', text: 'replayed' });
  });

  it('keeps no more than its bound, dropping the documents used least recently', () => {
    const small = new DocumentCache(1000);
    for (let i = 0; i < 20; i += 1) small.set('t', 'u', `n${i}`, { json: 'x'.repeat(50), position: String(i) });
    expect(small.size).toBeLessThan(20);
    expect(small.get('t', 'u', 'n19')).toEqual({ json: 'x'.repeat(50), position: '19' });
    expect(small.get('t', 'u', 'n0')).toBeUndefined();
  });

  it('keeps exactly the rows a least-recently-used list keeps, through many drops, reads, deletions and clears (random steps)', () => {
    let seed = 28;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let round = 0; round < 10; round += 1) {
      const bound = 400 + random(3000);
      const cache = new DocumentCache(bound);
      // The model: keys from the least recently used to the most, and each one's row.
      let order: string[] = [];
      const rows = new Map<string, { json: string | null; position: string } | null>();
      const cost = (id: string, row: { json: string | null } | null) =>
        `t\u0000u\u0000${id}`.length + (row?.json?.length ?? 0) + 96;
      for (let step = 0; step < 3000; step += 1) {
        const id = `n${random(120)}`;
        const action = random(100);
        if (action < 55) {
          const row = random(4) === 0 ? null : { json: 'x'.repeat(random(200)), position: String(step) };
          cache.set('t', 'u', id, row);
          order = order.filter((key) => key !== id);
          rows.delete(id);
          if (cost(id, row) <= bound) {
            order.push(id);
            rows.set(id, row);
            let chars = order.reduce((sum, key) => sum + cost(key, rows.get(key) ?? null), 0);
            while (chars > bound) {
              const oldest = order.shift() as string;
              chars -= cost(oldest, rows.get(oldest) ?? null);
              rows.delete(oldest);
            }
          }
        } else if (action < 90) {
          const kept = cache.get('t', 'u', id);
          expect(kept).toEqual(rows.has(id) ? rows.get(id) : undefined);
          if (rows.has(id)) order = [...order.filter((key) => key !== id), id];
        } else if (action < 99) {
          cache.delete('t', 'u', id);
          order = order.filter((key) => key !== id);
          rows.delete(id);
        } else {
          cache.clear();
          order = [];
          rows.clear();
        }
        expect(cache.size).toBe(order.length);
      }
      for (const key of order) expect(cache.get('t', 'u', key)).toEqual(rows.get(key));
    }
  });

  it('answers searches by field across batches as a store without it does, whatever the batches wrote (random batches)', async () => {
    const plain = await openSqliteReadStore({ path: ':memory:' });
    await plain.ensureViews([notes]);
    let state = 7;
    const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
    const kinds = ['a', 'b', 'c'];
    const users = ['u', 'v'];
    /** What a batch's searches by field found, in each store, for the user and kind asked. */
    const found = async (from: ReadStore, batch: number, asked: readonly [string, string][]) => {
      const answers: unknown[] = [];
      await from.applyBatch('live', String(batch), async (uow) => {
        for (const [userId, kind] of asked) {
          answers.push((await uow.findByField('notes', userId, 'kind', kind)).map((d) => [d.id, d.doc, d.position]));
        }
      });
      return answers;
    };
    for (let batch = 1; batch <= 120; batch += 1) {
      // Every other batch only searches (as the projector does for each event), the others write too.
      const asked = Array.from({ length: 3 }, () => [pick(users), pick(kinds)] as [string, string]);
      expect(await found(store, batch * 2, asked)).toEqual(await found(plain, batch * 2, asked));
      if (batch % 2 === 1) continue;
      const writes = Array.from({ length: 1 + Math.floor(next() * 3) }, () => ({
        userId: pick(users),
        id: `n${Math.floor(next() * 12)}`,
        kind: next() < 0.15 ? null : pick(kinds),
      }));
      for (const into of [store, plain]) {
        await into.applyBatch('live', String(batch * 2 + 1), async (uow) => {
          for (const { userId, id, kind } of writes) {
            const position = String(batch * 2 + 1);
            if (kind === null) uow.remove('notes', userId, id, position);
            else uow.put('notes', userId, id, { kind, text: `${kind} ${batch}` }, position);
          }
        });
      }
    }
    await plain.close();
  });
});
