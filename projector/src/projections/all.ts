import type { Projection } from '../projection.js';
import { accountErasureProjection } from './account-erasure.projection.js';
import { categoriesProjection } from './categories.projection.js';
import { transactionHistoryProjection } from './transaction-history.projection.js';
import { transactionsProjection } from './transactions.projection.js';

/**
 * Order matters within one event: the history diffs an edit against the transactions view
 * before the transactions projection applies that edit.
 */
export const allProjections: readonly Projection[] = [
  transactionHistoryProjection,
  transactionsProjection,
  categoriesProjection,
  accountErasureProjection,
];
