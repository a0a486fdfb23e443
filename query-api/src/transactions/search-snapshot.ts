import type { TransactionSort, TransactionView } from '@plenty/contracts/views/transactions';
import { decodeCursor, encodeCursor } from '@plenty/platform/read-store/keys';
import { InvalidCursorError, type ReadStore } from '@plenty/platform/read-store/port';
import { scanTransactions, searchKey, SORTS } from './search.js';

/** What a search needs of one transaction: filters, sort keys and the note as compared. */
export interface SearchRow {
  readonly id: string;
  readonly type: TransactionView['type'];
  readonly categoryId: string;
  readonly amount: TransactionView['amount'];
  readonly occurredAt: string;
  readonly noteKey: string | null;
}

export const searchRowOf = (view: TransactionView): SearchRow => ({
  id: view.id,
  type: view.type,
  categoryId: view.categoryId,
  amount: view.amount,
  occurredAt: `${view.date}T${view.time ?? '00:00'}`,
  noteKey: view.note === null ? null : searchKey(view.note),
});

const sortValue = (row: SearchRow, sort: TransactionSort): string | number =>
  sort === 'newest' || sort === 'oldest' ? row.occurredAt : row.amount.amount;

const ascending = (sort: TransactionSort) => sort === 'oldest' || sort === 'lowest';

type Position = readonly [string | number, string];

const positionOf = (row: SearchRow, sort: TransactionSort): Position => [sortValue(row, sort), row.id];

/** The read store's order: the sort key, then the id, both in the sort's direction. */
export function compareKeys(a: Position, b: Position, sort: TransactionSort): number {
  const byKey = a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
  return ascending(sort) ? byKey : -byKey;
}

export const compareRows = (a: SearchRow, b: SearchRow, sort: TransactionSort): number =>
  compareKeys(positionOf(a, sort), positionOf(b, sort), sort);

export interface SnapshotQuery {
  readonly type?: string | undefined;
  readonly categoryId?: string | undefined;
  /** Already passed through `searchKey`. */
  readonly needle: string;
}

const matches = (row: SearchRow, query: SnapshotQuery) =>
  (query.type === undefined || row.type === query.type) &&
  (query.categoryId === undefined || row.categoryId === query.categoryId) &&
  row.noteKey !== null &&
  row.noteKey.includes(query.needle);

/**
 * A user's transactions reduced to what a search compares, as of one projection position.
 * Typing a search sends a query per keystroke; each reads this instead of every document.
 */
export class SearchSnapshot {
  private readonly sorted = new Map<TransactionSort, readonly SearchRow[]>();

  constructor(
    readonly position: string,
    private readonly rows: readonly SearchRow[],
  ) {}

  private inOrder(sort: TransactionSort): readonly SearchRow[] {
    let rows = this.sorted.get(sort);
    if (rows === undefined) this.sorted.set(sort, (rows = [...this.rows].sort((a, b) => compareRows(a, b, sort))));
    return rows;
  }

  /** The ids of one page of matches after the cursor, and the cursor of the next page. */
  page(
    query: SnapshotQuery,
    sort: TransactionSort,
    limit: number,
    cursor: string | undefined,
  ): { ids: string[]; nextCursor: string | null } {
    let after: Position | null = null;
    if (cursor !== undefined) {
      const [value, id] = decodeCursor(cursor, 2);
      if (value === undefined || typeof id !== 'string') throw new InvalidCursorError('malformed cursor');
      after = [value, id];
    }
    const found: SearchRow[] = [];
    for (const row of this.inOrder(sort)) {
      if (after !== null && compareKeys(positionOf(row, sort), after, sort) <= 0) continue;
      if (!matches(row, query)) continue;
      found.push(row);
      if (found.length > limit) break;
    }
    const page = found.slice(0, limit);
    const last = page.at(-1);
    return {
      ids: page.map((row) => row.id),
      nextCursor: found.length > limit && last !== undefined ? encodeCursor(positionOf(last, sort)) : null,
    };
  }

  /** Every match, for totals. */
  *all(query: SnapshotQuery): Generator<SearchRow> {
    for (const row of this.rows) if (matches(row, query)) yield row;
  }
}

/** Snapshots of the few users searching lately, dropped as soon as the projections move on. */
export class SearchSnapshots {
  private readonly byUser = new Map<string, SearchSnapshot>();

  constructor(
    private readonly readStore: ReadStore,
    private readonly maxUsers = 4,
  ) {}

  /** A snapshot as of `position` (the position read before this call). */
  async of(userId: string, position: string): Promise<SearchSnapshot> {
    const cached = this.byUser.get(userId);
    this.byUser.delete(userId);
    if (cached !== undefined && cached.position === position) {
      this.byUser.set(userId, cached);
      return cached;
    }
    const rows: SearchRow[] = [];
    // Read after the position was taken: the rows reflect at least that position.
    for await (const { doc } of scanTransactions(this.readStore, { userId, where: {}, sort: SORTS.newest })) {
      rows.push(searchRowOf(doc));
    }
    const snapshot = new SearchSnapshot(position, rows);
    this.byUser.set(userId, snapshot);
    while (this.byUser.size > this.maxUsers) {
      const oldest = this.byUser.keys().next().value;
      if (oldest === undefined) break;
      this.byUser.delete(oldest);
    }
    return snapshot;
  }
}
