import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { encodeCursor } from './keys.js';
import type { ViewDefinition } from './port.js';
import { createViewTable } from './sqlite-schema.js';
import { findClause } from './sqlite-sql.js';

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
