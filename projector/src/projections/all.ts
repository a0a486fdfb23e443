import type { Projection } from '../projection.js';
import { accountErasureProjection } from './account-erasure.projection.js';
import { categoriesProjection } from './categories.projection.js';
import { transactionsProjection } from './transactions.projection.js';

export const allProjections: readonly Projection[] = [
  transactionsProjection,
  categoriesProjection,
  accountErasureProjection,
];
