import {
  ACTIVITY_VIEW,
  BUDGET_ALERTS_VIEW,
  CATEGORIES_VIEW,
  CATEGORY_BUDGETS_VIEW,
  DEBTS_VIEW,
  DEBT_HISTORY_VIEW,
  DEBT_ITEMS_VIEW,
  DEBT_SUMMARY_VIEW,
  GOALS_VIEW,
  IMPORTS_VIEW,
  MONTHLY_CONTRIBUTIONS_VIEW,
  MONTHLY_SUMMARY_VIEW,
  PREFERENCES_VIEW,
  RECURRING_RULES_VIEW,
  TAGS_VIEW,
  TRANSACTION_HISTORY_VIEW,
  TRANSACTION_TOTALS_VIEW,
  TRANSFERS_VIEW,
  WALLETS_VIEW,
  WALLET_MONTHS_VIEW,
  WALLET_MOVEMENTS_VIEW,
  YEARLY_SUMMARY_VIEW,
} from '@plenty/contracts/views/registry';
import type { ViewDefinition } from '@plenty/platform/read-store/port';
import { transactionsView } from '@plenty/projections/transactions.projection';

export const DEBT_SUMMARY_ID = 'summary';

/**
 * The read models this service reads, as far as it filters and sorts on them. The
 * projector owns them (their indexes and how documents fill the fields); a query process
 * that runs on its own registers these on its own connection to the read store. Never
 * register them on a store the projector writes through: the projector's definitions
 * there say how indexed values are computed.
 */
export const readViews: readonly ViewDefinition[] = [
  // Searched through the read store's full-text index: its search columns and the values the
  // projector computes must be the projector's own, so the query process registers the same.
  transactionsView,
  { name: CATEGORIES_VIEW, fields: { type: 'text', createdAt: 'text' }, indexes: [] },
  { name: TRANSACTION_TOTALS_VIEW, fields: { type: 'text', categoryId: 'text' }, indexes: [] },
  { name: TRANSACTION_HISTORY_VIEW, fields: { transactionId: 'text', revision: 'integer' }, indexes: [] },
  { name: PREFERENCES_VIEW, fields: {}, indexes: [] },
  { name: GOALS_VIEW, fields: {}, indexes: [] },
  { name: TAGS_VIEW, fields: { count: 'integer' }, indexes: [] },
  { name: MONTHLY_SUMMARY_VIEW, fields: {}, indexes: [] },
  { name: BUDGET_ALERTS_VIEW, fields: {}, indexes: [] },
  { name: DEBTS_VIEW, fields: {}, indexes: [] },
  { name: DEBT_ITEMS_VIEW, fields: {}, indexes: [] },
  { name: DEBT_SUMMARY_VIEW, fields: {}, indexes: [] },
  { name: DEBT_HISTORY_VIEW, fields: { debtId: 'text', revision: 'integer' }, indexes: [] },
  { name: YEARLY_SUMMARY_VIEW, fields: {}, indexes: [] },
  { name: ACTIVITY_VIEW, fields: { sortKey: 'text', kind: 'text', subjectId: 'text' }, indexes: [] },
  { name: WALLETS_VIEW, fields: {}, indexes: [] },
  { name: WALLET_MOVEMENTS_VIEW, fields: { walletId: 'text', sortKey: 'text' }, indexes: [] },
  { name: WALLET_MONTHS_VIEW, fields: { walletId: 'text', month: 'text' }, indexes: [] },
  { name: TRANSFERS_VIEW, fields: {}, indexes: [] },
  { name: RECURRING_RULES_VIEW, fields: {}, indexes: [] },
  { name: IMPORTS_VIEW, fields: { startedAt: 'text' }, indexes: [] },
  { name: CATEGORY_BUDGETS_VIEW, fields: {}, indexes: [] },
  {
    name: MONTHLY_CONTRIBUTIONS_VIEW,
    fields: { categoryId: 'text', month: 'text', type: 'text', currency: 'text', amount: 'integer' },
    indexes: [],
  },
];
