import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReadStore, ViewDefinition } from './port.js';
import { openSqliteReadStore } from './sqlite.js';

const notes: ViewDefinition = {
  name: 'notes',
  fields: { kind: 'text', score: 'integer' },
  indexes: [['kind', 'score'], { fields: ['score'], include: ['kind'] }],
};

let dir: string;
let path: string;
let writer: ReadStore;
let reader: ReadStore;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plenty-shadow-'));
  path = join(dir, 'read.db');
  writer = await openSqliteReadStore({ path });
  reader = await openSqliteReadStore({ path });
  await writer.ensureViews([notes]);
  await reader.ensureViews([notes]);
});

afterEach(async () => {
  await reader.close();
  await writer.close();
  rmSync(dir, { recursive: true, force: true });
});

const kinds = async (store: ReadStore) =>
  (
    await store.find<{ kind: string }>('notes', {
      userId: 'u',
      where: { kind: 'a' },
      sort: [{ field: 'score', direction: 'asc' }],
      limit: 10,
    })
  ).items.map((item) => item.id);

async function promoteShadow(tag: string, ids: readonly string[], at: string): Promise<void> {
  const shadow = writer.shadow(tag);
  await shadow.ensureViews([notes]);
  await shadow.applyBatch(`shadow-${tag}`, at, async (uow) => {
    ids.forEach((id, i) => uow.put('notes', 'u', id, { kind: 'a', score: i }, at));
  });
  await writer.promote({ tag, views: [notes], records: { 'version:notes': tag }, shadowCheckpoint: `shadow-${tag}` });
}

describe('SQLite shadow tables', () => {
  it("keeps another connection's queries answering across a promotion, with the new rows after it", async () => {
    await writer.applyBatch('live', '1', async (uow) => uow.put('notes', 'u', 'old', { kind: 'a', score: 1 }, '1'));
    // The reader's statement is prepared and cached before the schema changes under it.
    expect(await kinds(reader)).toEqual(['old']);
    await promoteShadow('t1', ['new1', 'new2'], '2');
    expect(await kinds(reader)).toEqual(['new1', 'new2']);
    expect(await reader.get('notes', 'u', 'old')).toBeNull();
    await writer.applyBatch('live', '3', async (uow) => uow.put('notes', 'u', 'new3', { kind: 'a', score: 7 }, '3'));
    expect(await kinds(reader)).toEqual(['new1', 'new2', 'new3']);
  });

  it('leaves each declared index once on the live table after promotions and restarts', async () => {
    await promoteShadow('t1', ['a'], '1');
    await promoteShadow('t1', ['b'], '2');
    await promoteShadow('t2', ['c'], '3');
    const reopened = await openSqliteReadStore({ path });
    await reopened.ensureViews([notes]);
    await reopened.close();
    await writer.ensureViews([notes]);
    const db = new Database(path, { readonly: true });
    try {
      const indexes = db
        .prepare<[], { name: string; tbl_name: string }>(
          `SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL`,
        )
        .all();
      expect(indexes.map((index) => index.tbl_name)).toEqual(['view_notes', 'view_notes']);
      const tables = db
        .prepare<[], { name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'view%'`)
        .all();
      expect(tables.map((table) => table.name)).toEqual(['view_notes']);
      // The promoted table answers a filtered, sorted page from an index.
      const plan = db
        .prepare(`EXPLAIN QUERY PLAN SELECT id FROM view_notes WHERE user_id = 'u' AND f_kind = 'a' ORDER BY f_score`)
        .all() as { detail: string }[];
      expect(plan.map((step) => step.detail).join(' ')).toMatch(/USING (COVERING )?INDEX/);
    } finally {
      db.close();
    }
    expect(await kinds(writer)).toEqual(['c']);
  });
});
