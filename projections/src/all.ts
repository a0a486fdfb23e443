import type { Projection } from './projection.js';
import { activityProjection } from './activity.projection.js';
import { accountErasureProjection } from './account-erasure.projection.js';
import { budgetAlertsProjection } from './budget-alerts.projection.js';
import { budgetsProjection } from './budgets.projection.js';
import { categoriesProjection } from './categories.projection.js';
import { debtHistoryProjection } from './debt-history.projection.js';
import { debtsProjection } from './debts.projection.js';
import { goalsProjection } from './goals.projection.js';
import { importsProjection } from './imports.projection.js';
import { monthlySummaryProjection } from './monthly-summary.projection.js';
import { preferencesProjection } from './preferences.projection.js';
import { recurringProjection } from './recurring.projection.js';
import { tagsProjection } from './tags.projection.js';
import { transactionHistoryProjection } from './transaction-history.projection.js';
import { transactionTotalsProjection } from './transaction-totals.projection.js';
import { transactionsProjection } from './transactions.projection.js';
import { walletsProjection } from './wallets.projection.js';
import { weeklyReportSubscribersProjection } from './weekly-report-subscribers.projection.js';

/**
 * Every projection, in no order that matters: each one reads the views as they stood before
 * the event it applies (its own with its own writes), and the writes of all land together
 * once each has applied the event (`staged.ts`; `order.test.ts` shuffles them).
 */
export const allProjections: readonly Projection[] = [
  activityProjection,
  transactionHistoryProjection,
  transactionTotalsProjection,
  transactionsProjection,
  monthlySummaryProjection,
  categoriesProjection,
  preferencesProjection,
  budgetAlertsProjection,
  budgetsProjection,
  weeklyReportSubscribersProjection,
  goalsProjection,
  debtHistoryProjection,
  debtsProjection,
  walletsProjection,
  recurringProjection,
  tagsProjection,
  importsProjection,
  accountErasureProjection,
];
