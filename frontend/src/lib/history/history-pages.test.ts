import { describe, expect, it } from 'vitest';
import { HISTORY_PAGE_SIZE, itemHistoryPageUrl } from './history-pages';

const debtHistoryPageUrl = (id: string, cursor: string | null, limit?: number) =>
  itemHistoryPageUrl('debts', id, cursor, limit);
const transactionHistoryPageUrl = (id: string, cursor: string | null, limit?: number) =>
  itemHistoryPageUrl('transactions', id, cursor, limit);

describe('history page requests', () => {
  it.each([
    { collection: 'debts', pageUrl: debtHistoryPageUrl, slashed: 'd/1', escaped: 'd%2F1' },
    { collection: 'transactions', pageUrl: transactionHistoryPageUrl, slashed: 't/1', escaped: 't%2F1' },
  ])(
    'asks for the first page of $collection without a cursor and for older pages with the cursor of the last one',
    ({ collection, pageUrl, slashed, escaped }) => {
      expect(pageUrl('0192f0c4-7a1b-7c3d-8e4f-5a6b7c8d9e0f', null)).toBe(
        `queries/${collection}/0192f0c4-7a1b-7c3d-8e4f-5a6b7c8d9e0f/history?limit=${HISTORY_PAGE_SIZE}`,
      );
      expect(pageUrl(slashed, 'abc+/=', 5)).toBe(
        `queries/${collection}/${escaped}/history?limit=5&cursor=abc%2B%2F%3D`,
      );
    },
  );
});
