import { z } from 'zod';
import { goalListSchema, goalViewSchema } from '../goals.js';
import { preferencesViewSchema } from '../preferences.js';
import { activityPageSchema, activityQuerySchema } from './activity.js';
import { budgetAlertsQuerySchema, budgetAlertsViewSchema } from './budget-alerts.js';
import { categoryListSchema } from './categories.js';
import {
  dashboardQuerySchema,
  dashboardSchema,
  rangeReportQuerySchema,
  rangeReportSchema,
  reportsQuerySchema,
  reportsSchema,
} from './dashboard.js';
import { budgetPlanQuerySchema, budgetPlanSchema } from '../category-budgets.js';
import { tagListSchema } from '../tags.js';
import { debtHistoryQuerySchema, debtHistorySchema } from './debt-history.js';
import { debtDetailSchema, debtListSchema } from './debts.js';
import { exportLinkQuerySchema, fileLinkSchema } from './files.js';
import { importExistingQuerySchema, importExistingSchema, importListSchema, importViewSchema } from '../imports.js';
import {
  transactionHistoryQuerySchema,
  transactionHistorySchema,
  transactionListQuerySchema,
  transactionListSchema,
  transactionTotalsQuerySchema,
  transactionTotalsSchema,
  transactionViewSchema,
} from './transactions.js';
import {
  netWorthQuerySchema,
  netWorthSchema,
  transferViewSchema,
  walletListSchema,
  walletMovementsQuerySchema,
  walletMovementsSchema,
  walletQuerySchema,
  walletViewSchema,
} from './wallets.js';
import {
  recurringRuleDetailSchema,
  recurringRuleListSchema,
  upcomingQuerySchema,
  upcomingSchema,
} from './recurring.js';

/**
 * `/:id` of one item. Any text is taken: an id that is not a UUID is as unknown as an item
 * that does not exist or is another user's (404), never a 400 that would tell them apart.
 */
export const itemParamsSchema = z.object({
  id: z.string().describe("The item's UUID; anything else answers 404."),
});

/** `/:receiptId`: anything but a UUID is as unknown as a missing receipt (404). */
export const receiptParamsSchema = z.object({
  receiptId: z.string().describe("The receipt's UUID; anything else answers 404."),
});

/** One `GET /api/queries<path>`: what it takes (path parameters, query) and what it answers. */
export interface QueryRoute<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  A extends z.ZodType = z.ZodType,
> {
  /** Below `/api/queries`, Fastify style (`/goals/:id`). */
  readonly path: string;
  /** One line for the OpenAPI document and the route table of docs/ARCHITECTURE.md. */
  readonly summary: string;
  readonly params?: P;
  readonly query?: Q;
  readonly answer: A;
}

const route = <P extends z.ZodType, Q extends z.ZodType, A extends z.ZodType>(definition: QueryRoute<P, Q, A>) =>
  definition;

/**
 * Every query of the query API: the server registers each with these schemas (a bad query is
 * a 400 naming each field; the answer is checked against `answer`), and the web app takes its
 * parameter and answer types from here (`z.input` of `query`, `z.output` of `answer`).
 */
export const QUERY_ROUTES = {
  transactions: route({
    path: '/transactions',
    summary:
      'Transactions filtered by type, category (split lines too), wallet, rule, import, dates, tag and a search of words and amounts, newest, oldest, highest or lowest first, a page per cursor',
    query: transactionListQuerySchema,
    answer: transactionListSchema,
  }),
  transactionTotals: route({
    path: '/transactions/totals',
    summary: 'Income, expense and count per currency of the transactions the same filters and search select',
    query: transactionTotalsQuerySchema,
    answer: transactionTotalsSchema,
  }),
  transaction: route({
    path: '/transactions/:id',
    summary: "One transaction; 404 when missing, deleted or another user's",
    params: itemParamsSchema,
    answer: transactionViewSchema,
  }),
  transactionHistory: route({
    path: '/transactions/:id/history',
    summary: "A transaction's revisions, newest first, a page per cursor; 404 for another user's",
    params: itemParamsSchema,
    query: transactionHistoryQuerySchema,
    answer: transactionHistorySchema,
  }),
  wallets: route({
    path: '/wallets',
    summary:
      'Wallets with their balances as of a day (today by default), unarchived by name then archived, and their total',
    query: walletQuerySchema,
    answer: walletListSchema,
  }),
  wallet: route({
    path: '/wallets/:id',
    summary: "One wallet with its balance as of a day; 404 `wallet_not_found` when missing or another user's",
    params: itemParamsSchema,
    query: walletQuerySchema,
    answer: walletViewSchema,
  }),
  walletMovements: route({
    path: '/wallets/:id/movements',
    summary:
      "A wallet's movements with the running balance, newest first, up to a day (`asOf`) or all, a page per cursor; 404 `wallet_not_found`",
    params: itemParamsSchema,
    query: walletMovementsQuerySchema,
    answer: walletMovementsSchema,
  }),
  transfer: route({
    path: '/transfers/:id',
    summary: "One transfer between wallets; 404 `transfer_not_found` when missing, deleted or another user's",
    params: itemParamsSchema,
    answer: transferViewSchema,
  }),
  netWorth: route({
    path: '/net-worth',
    summary:
      'Wallets minus what is still owed on debts, in the display currency and per currency, now and at each month end',
    query: netWorthQuerySchema,
    answer: netWorthSchema,
  }),
  recurringRules: route({
    path: '/recurring',
    summary: 'Recurring rules: active, held and paused ones by their next date, then ended ones',
    answer: recurringRuleListSchema,
  }),
  recurringRule: route({
    path: '/recurring/:id',
    summary:
      'One recurring rule with its versions, the occurrences waiting for the user and the next ones; 404 `recurring_not_found`',
    params: itemParamsSchema,
    answer: recurringRuleDetailSchema,
  }),
  upcoming: route({
    path: '/upcoming',
    summary:
      'What waits for the user and what is due in the next days: recurring occurrences and debt installments, with totals',
    query: upcomingQuerySchema,
    answer: upcomingSchema,
  }),
  imports: route({
    path: '/imports',
    summary: 'Import batches, newest first, with their counts and status',
    answer: importListSchema,
  }),
  importExisting: route({
    path: '/imports/existing',
    summary:
      'The date, type, amount, note and import batch of each transaction between two dates, to flag rows of a file that look like them',
    query: importExistingQuerySchema,
    answer: importExistingSchema,
  }),
  import: route({
    path: '/imports/:id',
    summary: "One import batch; 404 `import_not_found` when missing or another user's",
    params: itemParamsSchema,
    answer: importViewSchema,
  }),
  categories: route({
    path: '/categories',
    summary: "Built-in categories (`nameKey` to translate), then the user's own",
    answer: categoryListSchema,
  }),
  preferences: route({
    path: '/preferences',
    summary: "The user's preferences and rate table, or the defaults",
    answer: preferencesViewSchema,
  }),
  goals: route({
    path: '/goals',
    summary: 'Savings goals: nearest target date first, undated last, then by name',
    answer: goalListSchema,
  }),
  goal: route({
    path: '/goals/:id',
    summary: "One goal; 404 when missing or another user's",
    params: itemParamsSchema,
    answer: goalViewSchema,
  }),
  debts: route({
    path: '/debts',
    summary: 'Debt summary in the display currency, then the debts: active by next due date, then paid off',
    answer: debtListSchema,
  }),
  debt: route({
    path: '/debts/:id',
    summary: 'One debt with its schedule, payments and totals; 404 `debt_not_found` otherwise',
    params: itemParamsSchema,
    answer: debtDetailSchema,
  }),
  debtHistory: route({
    path: '/debts/:id/history',
    summary: "The debt's events, newest first, a page per cursor; 404 `debt_not_found` for another user's",
    params: itemParamsSchema,
    query: debtHistoryQuerySchema,
    answer: debtHistorySchema,
  }),
  dashboard: route({
    path: '/dashboard',
    summary:
      'Month totals in the display currency with the per-currency originals, budget status, daily average, days left, projection, categories, days, 12 months, 5 recent, an insight, 50/30/20; `asOf` a past day',
    query: dashboardQuerySchema,
    answer: dashboardSchema,
  }),
  reports: route({
    path: '/reports',
    summary:
      'The month overview, category shares, largest expenses, 6 months of budget performance, insights; `asOf` a past day',
    query: reportsQuerySchema,
    answer: reportsSchema,
  }),
  reportsRange: route({
    path: '/reports/range',
    summary:
      'The reports over any range of local dates: totals, category shares, largest expenses, days or months, budget performance per month, insights',
    query: rangeReportQuerySchema,
    answer: rangeReportSchema,
  }),
  budgets: route({
    path: '/budgets',
    summary:
      "The month's category budgets with progress, rollover and unbudgeted spending, each category's setting and last month's",
    query: budgetPlanQuerySchema,
    answer: budgetPlanSchema,
  }),
  tags: route({
    path: '/tags',
    summary: "The user's tags with how many transactions carry each, most used first",
    answer: tagListSchema,
  }),
  budgetAlerts: route({
    path: '/budget-alerts',
    summary: "The month's budget status as last evaluated and its spending alerts, oldest first",
    query: budgetAlertsQuerySchema,
    answer: budgetAlertsViewSchema,
  }),
  activity: route({
    path: '/activity',
    summary:
      "The Activity page: the account's or one item's events, newest first, days in the user's time zone; 404 for an item without entries",
    query: activityQuerySchema,
    answer: activityPageSchema,
  }),
  receiptLink: route({
    path: '/receipts/:receiptId/link',
    summary: "A 5-minute link to one of the user's receipts; 404 for another user's",
    params: receiptParamsSchema,
    answer: fileLinkSchema,
  }),
  exportLink: route({
    path: '/export/link',
    summary: 'A 5-minute link to the CSV export (the ID token is checked again, revocation included)',
    query: exportLinkQuerySchema,
    answer: fileLinkSchema,
  }),
} as const;
