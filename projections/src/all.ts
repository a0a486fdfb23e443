import type { Projection } from './projection.js';
import { activityProjection } from './activity.projection.js';
import { accountErasureProjection } from './account-erasure.projection.js';
import { budgetAlertsProjection } from './budget-alerts.projection.js';
import { categoriesProjection } from './categories.projection.js';
import { debtHistoryProjection } from './debt-history.projection.js';
import { debtsProjection } from './debts.projection.js';
import { goalsProjection } from './goals.projection.js';
import { monthlySummaryProjection } from './monthly-summary.projection.js';
import { preferencesProjection } from './preferences.projection.js';
import { transactionHistoryProjection } from './transaction-history.projection.js';
import { transactionTotalsProjection } from './transaction-totals.projection.js';
import { transactionsProjection } from './transactions.projection.js';
import { weeklyReportSubscribersProjection } from './weekly-report-subscribers.projection.js';

/**
 * Order matters within one event: the history and the totals measure an edit or deletion
 * against the transactions view before the transactions projection applies it.
 */
export const allProjections: readonly Projection[] = [
  // Reads the transactions, debts, goals, categories and preferences views before any of
  // their own projections applies the event: the changes and names are the ones before it.
  activityProjection,
  transactionHistoryProjection,
  transactionTotalsProjection,
  transactionsProjection,
  monthlySummaryProjection,
  categoriesProjection,
  preferencesProjection,
  // Reads the month summary and the preferences the same event just changed.
  budgetAlertsProjection,
  weeklyReportSubscribersProjection,
  goalsProjection,
  // Measures each event against the debts view before the debts projection applies it.
  debtHistoryProjection,
  debtsProjection,
  accountErasureProjection,
];
