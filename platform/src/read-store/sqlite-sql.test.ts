import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { encodeCursor } from './keys.js';
import type { ViewDefinition } from './port.js';
import { createViewTable } from './sqlite-schema.js';
import { findClause } from './sqlite-sql.js';
import { openSqliteReadStore } from './sqlite.js';

const due: ViewDefinition = { name: 'due', fields: { nextDue: 'text', amount: 'integer' }, indexes: [['nextDue']] };

/** How SQLite runs a page of `find` after the cursor: its query plan, in one line per step. */
function planOf(sort: { field: string; direction: 'asc' | 'desc' }[], cursor: (string | number)[]): string {
  const db = new Database(':memory:');
  try {
    createViewTable(db, 'view_due', due, true);
    const { where, params } = findClause('view_due', due, {
      userId: 'u',
      sort,
      limit: 10,
      cursor: encodeCursor(cursor),
    });
    return db
      .prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN SELECT * FROM view_due ${where}`)
      .all(...params, 11)
      .map((step) => step.detail)
      .join('\n');
  } finally {
    db.close();
  }
}

describe('a page of find after a cursor', () => {
  it('seeks the index to the cursor’s sort values and id together, either way', () => {
    for (const direction of ['asc', 'desc'] as const) {
      const plan = planOf([{ field: 'nextDue', direction }], ['2026-11-27', 'u:rule-90000']);
      // Not to the first sort value only: a page deep into one date would pass over all the earlier rows of that date again.
      expect(plan).toMatch(/USING (COVERING )?INDEX \S+ \(user_id=\? AND \(f_nextDue,id\)[<>]\(\?,\?\)\)/);
      expect(plan).not.toContain('TEMP B-TREE');
    }
  });
});

describe('a sparse index', () => {
  const entries: ViewDefinition = {
    name: 'entries',
    fields: { ruleId: 'text', at: 'text' },
    indexes: [['at'], { fields: ['ruleId', 'at'], sparse: true }],
  };
  const indexesOf = (db: Database.Database) =>
    db
      .prepare<[], { sql: string }>(
        `SELECT sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name`,
      )
      .all()
      .map((index) => index.sql);

  it('holds only the rows whose first key is set, and a page by that key is read through it', () => {
    const db = new Database(':memory:');
    try {
      createViewTable(db, 'view_entries', entries, true);
      expect(indexesOf(db)).toContain(
        'CREATE INDEX ix_entries_ruleId_at ON view_entries (user_id, f_ruleId, f_at, id) WHERE f_ruleId IS NOT NULL',
      );
      const insert = db.prepare(
        `INSERT INTO view_entries (user_id, id, doc, position, pos_key, f_ruleId, f_at) VALUES ('u', ?, '{}', '1', '1', ?, '2026')`,
      );
      for (let n = 0; n < 100; n += 1) insert.run(`e${n}`, n % 10 === 0 ? 'r1' : null);
      const held = db
        .prepare<[], { n: number }>(
          'SELECT count(*) AS n FROM view_entries INDEXED BY ix_entries_ruleId_at WHERE f_ruleId IS NOT NULL',
        )
        .get();
      expect(held?.n).toBe(10);
      const { where, params } = findClause('view_entries', entries, {
        userId: 'u',
        where: { ruleId: 'r1' },
        sort: [{ field: 'at', direction: 'desc' }],
        limit: 10,
      });
      const plan = db
        .prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN SELECT * FROM view_entries ${where}`)
        .all(...params, 11)
        .map((step) => step.detail)
        .join('\n');
      expect(plan).toContain('USING INDEX ix_entries_ruleId_at (user_id=? AND f_ruleId=?)');
    } finally {
      db.close();
    }
  });

  it('comes with a view rebuilt through a shadow into a file that had the full one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plenty-sparse-'));
    const path = join(dir, 'read.db');
    try {
      const before = await openSqliteReadStore({ path });
      await before.ensureViews([{ ...entries, indexes: [['at'], ['ruleId', 'at']] }]);
      await before.close();
      const store = await openSqliteReadStore({ path });
      try {
        await store.ensureViews([entries]);
        const shadow = store.shadow('s1');
        await shadow.ensureViews([entries]);
        await shadow.applyBatch('shadow-s1', '1', async (uow) => {
          uow.put('entries', 'u', 'e1', { ruleId: 'r1', at: '2026-01-02' }, '1');
          uow.put('entries', 'u', 'e2', { ruleId: null, at: '2026-01-01' }, '1');
        });
        await store.promote({ tag: 's1', views: [entries], records: {}, shadowCheckpoint: 'shadow-s1' });
        const found = await store.find('entries', {
          userId: 'u',
          where: { ruleId: 'r1' },
          sort: [{ field: 'at', direction: 'desc' }],
          limit: 10,
        });
        expect(found.items.map((item) => item.id)).toEqual(['e1']);
      } finally {
        await store.close();
      }
      const db = new Database(path, { readonly: true });
      try {
        expect(indexesOf(db).filter((sql) => sql.includes('f_ruleId'))).toEqual([
          expect.stringMatching(/ON "?view_entries"? \(user_id, f_ruleId, f_at, id\) WHERE f_ruleId IS NOT NULL$/),
        ]);
      } finally {
        db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is not added beside an index of every row on the same columns that a file made before has', () => {
    const db = new Database(':memory:');
    try {
      createViewTable(db, 'view_entries', { ...entries, indexes: [['at'], ['ruleId', 'at']] }, true);
      createViewTable(db, 'view_entries', entries, true);
      expect(indexesOf(db)).toEqual([
        'CREATE INDEX ix_entries_at ON view_entries (user_id, f_at, id)',
        'CREATE INDEX ix_entries_ruleId_at ON view_entries (user_id, f_ruleId, f_at, id)',
      ]);
    } finally {
      db.close();
    }
  });
});
