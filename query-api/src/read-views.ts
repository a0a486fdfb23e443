import type { ViewDefinition } from '@plenty/platform/read-store/port';

/**
 * The read models this service reads, as far as it filters and sorts on them. The
 * projector owns them (their indexes and how documents fill the fields); a query process
 * that runs on its own registers these on its own connection to the read store. Never
 * register them on a store the projector writes through: the projector's definitions
 * there say how indexed values are computed.
 */
export const TRANSACTIONS_VIEW = 'transactions';
export const CATEGORIES_VIEW = 'categories';
export const TRANSACTION_HISTORY_VIEW = 'transaction_history';
export const TRANSACTION_TOTALS_VIEW = 'transaction_totals';
export const PREFERENCES_VIEW = 'preferences';
export const GOALS_VIEW = 'goals';
export const MONTHLY_SUMMARY_VIEW = 'monthly_summary';
export const YEARLY_SUMMARY_VIEW = 'yearly_summary';
export const MONTHLY_CONTRIBUTIONS_VIEW = 'monthly_contributions';
export const BUDGET_ALERTS_VIEW = 'budget_alerts';
export const DEBTS_VIEW = 'debts';
export const DEBT_ITEMS_VIEW = 'debt_items';
export const DEBT_SUMMARY_VIEW = 'debt_summaries';
export const DEBT_SUMMARY_ID = 'summary';
export const DEBT_HISTORY_VIEW = 'debt_history';
export const ACTIVITY_VIEW = 'activity';

export const readViews: readonly ViewDefinition[] = [
  {
    name: TRANSACTIONS_VIEW,
    fields: { type: 'text', categoryId: 'text', occurredAt: 'text', amount: 'integer', currency: 'text' },
    indexes: [],
  },
  { name: CATEGORIES_VIEW, fields: { type: 'text', createdAt: 'text' }, indexes: [] },
  { name: TRANSACTION_TOTALS_VIEW, fields: { type: 'text', categoryId: 'text' }, indexes: [] },
  { name: TRANSACTION_HISTORY_VIEW, fields: { transactionId: 'text', revision: 'integer' }, indexes: [] },
  { name: PREFERENCES_VIEW, fields: {}, indexes: [] },
  { name: GOALS_VIEW, fields: {}, indexes: [] },
  { name: MONTHLY_SUMMARY_VIEW, fields: {}, indexes: [] },
  { name: BUDGET_ALERTS_VIEW, fields: {}, indexes: [] },
  { name: DEBTS_VIEW, fields: {}, indexes: [] },
  { name: DEBT_ITEMS_VIEW, fields: {}, indexes: [] },
  { name: DEBT_SUMMARY_VIEW, fields: {}, indexes: [] },
  { name: DEBT_HISTORY_VIEW, fields: { debtId: 'text', revision: 'integer' }, indexes: [] },
  { name: YEARLY_SUMMARY_VIEW, fields: {}, indexes: [] },
  { name: ACTIVITY_VIEW, fields: { sortKey: 'text', kind: 'text', subjectId: 'text' }, indexes: [] },
  {
    name: MONTHLY_CONTRIBUTIONS_VIEW,
    fields: { categoryId: 'text', month: 'text', type: 'text', currency: 'text', amount: 'integer' },
    indexes: [],
  },
];
