import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeCursor } from '@plenty/platform/read-store/keys';
import { sparseField, type FindQuery, type SumQuery, type ViewDefinition } from '@plenty/platform/read-store/port';
import { createViewTable, tableOf } from '@plenty/platform/read-store/sqlite-schema';
import { findClause, fromClause, sumSql } from '@plenty/platform/read-store/sqlite-sql';
import { allProjections } from './all.js';
import { monthlyContributionsView } from './monthly-summary.projection.js';
import { transactionsView } from './transactions.projection.js';
import { walletMovementsView, walletSourcesView } from './wallet-docs.js';

/*
 * The sparse indexes (SQLite: partial indexes of the rows whose first key is set) and the
 * queries that need them: each of those queries must still be planned through its index, or it
 * would read every row of the user. The statements are the read store's own (`findClause`,
 * `sumSql`), planned on tables made as the store makes them.
 */

let db: Database.Database;
beforeEach(() => {
  db = new Database(':memory:');
});
afterEach(() => db.close());

/** The plan of a statement, one line per step. */
function planOf(sql: string, params: readonly (string | number)[]): string {
  return db
    .prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
    .all(...params)
    .map((step) => step.detail)
    .join('\n');
}

/** The plan of a page of `find` as the store reads it: whole rows, or ids and sort keys first (`keysFirst`). */
function findPlan(view: ViewDefinition, query: FindQuery, keysFirst = false): string {
  const table = tableOf(view.name, null);
  createViewTable(db, table, view, true);
  const { where, params } = findClause(table, view, query);
  const selected = keysFirst ? ['id', ...query.sort.map((s) => `f_${s.field}`)].join(', ') : 'v.*';
  return planOf(`SELECT ${selected} FROM ${fromClause(table, query, 'join')} ${where}`, [...params, query.limit + 1]);
}

function sumPlan(view: ViewDefinition, query: SumQuery): string {
  const table = tableOf(view.name, null);
  createViewTable(db, table, view, true);
  const { sql, params } = sumSql(table, view, query);
  return planOf(sql, params);
}

const NEWEST = [{ field: 'occurredAt', direction: 'desc' }] as const;
const OLDEST = [{ field: 'occurredAt', direction: 'asc' }] as const;

describe('sparse indexes', () => {
  it('are made as partial indexes of the rows whose first key is set', () => {
    const sparse = allProjections
      .flatMap((projection) => projection.views)
      .flatMap((view) => view.indexes.map((index) => ({ view, field: sparseField(index) })))
      .filter((found): found is { view: ViewDefinition; field: string } => found.field !== null);
    expect(sparse.map(({ view, field }) => `${view.name}.${field}`).sort()).toEqual([
      'monthly_contributions.split',
      'transactions.importId',
      'transactions.ruleId',
      'wallet_movements.debtId',
      'wallet_sources.debtId',
    ]);
    for (const { view, field } of sparse) {
      const table = tableOf(view.name, null);
      createViewTable(db, table, view, true);
      const made = db
        .prepare<[string], { sql: string }>(
          `SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL`,
        )
        .all(table)
        .map((index) => index.sql);
      expect(made.filter((sql) => sql.endsWith(` WHERE f_${field} IS NOT NULL`))).toHaveLength(1);
    }
  });

  it('find a rule’s and an import’s transactions, newest or oldest first, through their own index', () => {
    for (const field of ['ruleId', 'importId']) {
      const index = `ix_transactions_${field}_occurredAt`;
      for (const sort of [NEWEST, OLDEST]) {
        const query: FindQuery = { userId: 'u', where: { [field]: 'x' }, sort, limit: 50 };
        const first = findPlan(transactionsView, query);
        expect(first).toContain(`USING INDEX ${index} (user_id=? AND f_${field}=?)`);
        expect(first).not.toContain('TEMP B-TREE');
        // A later page seeks the index to the cursor.
        const later = findPlan(transactionsView, { ...query, cursor: encodeCursor(['2026-01-01', 't-1']) });
        expect(later).toMatch(
          new RegExp(`USING INDEX ${index} \\(user_id=\\? AND f_${field}=\\? AND \\(f_occurredAt,id\\)[<>]`),
        );
        db.exec('DROP TABLE view_transactions');
      }
      // With dates (a range: ids and dates first) and with a type.
      const ranged = findPlan(
        transactionsView,
        {
          userId: 'u',
          where: { [field]: 'x', type: 'expense' },
          ranges: { occurredAt: { gte: '2026-01' } },
          sort: NEWEST,
          limit: 50,
        },
        true,
      );
      expect(ranged).toContain(`USING INDEX ${index} (user_id=? AND f_${field}=? AND f_occurredAt>?)`);
      db.exec('DROP TABLE view_transactions');
    }
  });

  it('sum a rule’s and an import’s transactions through their own index', () => {
    for (const field of ['ruleId', 'importId']) {
      const plan = sumPlan(transactionsView, {
        userId: 'u',
        where: { [field]: 'x' },
        groupBy: ['type', 'currency'],
        field: 'amount',
      });
      expect(plan).toContain(`USING INDEX ix_transactions_${field}_occurredAt (user_id=? AND f_${field}=?)`);
      db.exec('DROP TABLE view_transactions');
    }
  });

  it('find a debt’s sources and the split contributions (findByField) through their own index', () => {
    // `findByField`: every document of the user with the value, in id order.
    expect(findPlan(walletSourcesView, { userId: 'u', where: { debtId: 'd' }, sort: [], limit: 1_000_000 })).toContain(
      'USING INDEX ix_wallet_sources_debtId (user_id=? AND f_debtId=?)',
    );
    expect(
      findPlan(monthlyContributionsView, { userId: 'u', where: { split: 1 }, sort: [], limit: 1_000_000 }),
    ).toContain('USING INDEX ix_monthly_contributions_split (user_id=? AND f_split=?)');
    expect(findPlan(walletMovementsView, { userId: 'u', where: { debtId: 'd' }, sort: [], limit: 10 })).toContain(
      'USING INDEX ix_wallet_movements_debtId (user_id=? AND f_debtId=?)',
    );
  });

  it('are left out of the queries that do not say the field is set', () => {
    // The user's whole list: a partial index cannot answer it, and is not taken.
    const plan = findPlan(transactionsView, { userId: 'u', sort: NEWEST, limit: 50 });
    expect(plan).not.toMatch(/ix_transactions_(ruleId|importId)/);
  });
});
