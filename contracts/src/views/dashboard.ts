import { z } from 'zod';
import { budgetStatusSchema } from '../budget-status.js';
import { calendarDateSchema, monthSchema } from '../calendar/schema.js';
import { transactionTypeSchema } from '../categories.js';
import { currencySchema, moneySchema } from '../money.js';
import { currencyTotalsSchema, transactionViewSchema } from './transactions.js';
import { categoryBudgetsSummarySchema } from '../category-budgets.js';

/**
 * Answers of `GET /api/queries/dashboard` and `GET /api/queries/reports`.
 *
 * Every amount is an integer in minor units of the user's display currency (`currency`),
 * converted from each currency's total once with the user's rate table (`convertMoney`),
 * except `perCurrency` and `limitOriginal`, which keep the amounts as recorded. Amounts of
 * transactions are positive; the type says the sign. Shares and percentages are integers of
 * basis points (10000 = 100 %). Months are `YYYY-MM`, dates `YYYY-MM-DD`, both local calendar
 * values: a transaction belongs to the month of the date the user gave it.
 *
 * Each figure (the month, a category, a day) is converted from its own per-currency totals,
 * so with several currencies the parts can differ from the month's total by the rounding of
 * a few minor units.
 *
 * Every figure is computed exactly (sums and conversions as bigint) and answered as a number:
 * exact while it is a safe integer, saturated at ±(2^53 − 1) beyond (`saturate` in money.ts),
 * in which case the answer's `outOfRange` is true.
 */

const minor = z.number().int();
const nonNegativeMinor = z.number().int().nonnegative();
const basisPoints = z.number().int();

/** The first day a point-in-time view may show. */
export const EARLIEST_AS_OF = '2000-01-01';

/**
 * `?asOf=YYYY-MM-DD`: the figures as they were at the end of that day, computed from the
 * user's events. A malformed date, one before 2000 or (checked by the route, on the user's
 * calendar) one after today: 400, field `asOf`, code `date_invalid`.
 */
export const asOfSchema = calendarDateSchema.refine((date) => date >= EARLIEST_AS_OF, { error: 'date_invalid' });

/**
 * `?month=YYYY-MM`; without it, the current month in the user's time zone (with `asOf`, the
 * month of that day). A bad month: 400, field `month`, code `date_invalid`.
 */
export const dashboardQuerySchema = z.object({ month: monthSchema.optional(), asOf: asOfSchema.optional() }).strict();
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;
export const reportsQuerySchema = dashboardQuerySchema;
export type ReportsQuery = DashboardQuery;

/** Income, expense and balance (income − expense, negative when more was spent). */
export const monthTotalsSchema = z.object({
  income: nonNegativeMinor,
  expense: nonNegativeMinor,
  balance: minor,
});
export type MonthTotals = z.infer<typeof monthTotalsSchema>;

/**
 * The budget tracker (`budgetSummary` of contracts/src/budget-status.ts), in the display
 * currency. Days are counted on the user's local calendar: for the current month
 * `daysElapsed` includes today and `daysLeft` counts the days after it (0 on the last day);
 * a past month has `daysLeft` 0 and `projectedTotal` equal to `spent`; a future month has
 * `daysElapsed` 0 and `dailyAverage` 0.
 */
export const budgetSummarySchema = z.object({
  status: budgetStatusSchema,
  /** The monthly budget converted to the display currency; null when none is set. */
  limit: nonNegativeMinor.nullable(),
  /** The monthly budget as the user set it (its own currency); null when none is set. */
  limitOriginal: moneySchema.nullable(),
  /** The month's expenses. */
  spent: nonNegativeMinor,
  /** limit − spent, negative once over budget; null without a budget. */
  remaining: minor.nullable(),
  /** spent / limit in basis points, rounded down (7500 = 75 %); null without a budget. */
  percentUsed: basisPoints.nullable(),
  /** spent / daysElapsed, rounded half up. */
  dailyAverage: nonNegativeMinor,
  daysInMonth: z.number().int().min(28).max(31),
  daysElapsed: z.number().int().nonnegative(),
  daysLeft: z.number().int().nonnegative(),
  /** Spending so far carried at the same daily pace to the month's end; the actual total once the month is past. */
  projectedTotal: nonNegativeMinor,
  /** Recurring expenses still to come this month (after today), included in `projectedTotal`. */
  scheduledExpense: nonNegativeMinor,
  /** The status the projected total would reach. */
  projectedStatus: budgetStatusSchema,
});
export type BudgetSummaryView = z.infer<typeof budgetSummarySchema>;

/** One category's month, every transaction of the category whatever its type. */
export const categoryMonthSchema = z.object({
  categoryId: z.string(),
  income: nonNegativeMinor,
  expense: nonNegativeMinor,
  /** Transactions of the category in the month, both types. */
  count: z.number().int().positive(),
});
export type CategoryMonth = z.infer<typeof categoryMonthSchema>;

/** One local day of the month; every day of the month is present, days without transactions hold zeros. */
export const dayTotalsSchema = z.object({
  date: z.string(),
  income: nonNegativeMinor,
  expense: nonNegativeMinor,
});
export type DayTotals = z.infer<typeof dayTotalsSchema>;

/** One month of the trend; months without transactions hold zeros. */
export const monthPointSchema = z.object({
  month: z.string(),
  income: nonNegativeMinor,
  expense: nonNegativeMinor,
});
export type MonthPoint = z.infer<typeof monthPointSchema>;

/**
 * A finding computed from the user's own figures; the client words it (and its tip) in the
 * user's language from `kind` and the numbers. Amounts in the display currency.
 */
export const insightSchema = z.discriminatedUnion('kind', [
  /** No expense recorded this month nor the month before: nothing to compare yet. */
  z.object({ kind: z.literal('no_data') }),
  /** The expense category that grew most (in amount) from the previous month to this one. */
  z.object({
    kind: z.literal('category_increase'),
    categoryId: z.string(),
    previous: nonNegativeMinor,
    current: nonNegativeMinor,
  }),
  /** Month expenses below the previous month's. */
  z.object({ kind: z.literal('spending_down'), previous: nonNegativeMinor, current: nonNegativeMinor }),
  /** Month expenses above the previous month's. */
  z.object({ kind: z.literal('spending_up'), previous: nonNegativeMinor, current: nonNegativeMinor }),
  /** Month expenses equal to the previous month's, no category grew. */
  z.object({ kind: z.literal('spending_steady'), previous: nonNegativeMinor, current: nonNegativeMinor }),
  /** The category with the largest expense of the month and its share of all expenses. */
  z.object({
    kind: z.literal('top_category'),
    categoryId: z.string(),
    expense: nonNegativeMinor,
    share: basisPoints,
  }),
  /** (income − expense) / income in basis points; negative when spending exceeded income. */
  z.object({ kind: z.literal('savings_rate'), income: nonNegativeMinor, expense: nonNegativeMinor, rate: basisPoints }),
  /** Expenses but no income recorded this month. */
  z.object({ kind: z.literal('no_income'), expense: nonNegativeMinor }),
  /** The budget is already exceeded. */
  z.object({ kind: z.literal('over_budget'), spent: nonNegativeMinor, limit: nonNegativeMinor }),
  /** Within budget so far, but the current pace ends the month above it. */
  z.object({
    kind: z.literal('projected_over_budget'),
    projectedTotal: nonNegativeMinor,
    limit: nonNegativeMinor,
  }),
]);
export type Insight = z.infer<typeof insightSchema>;
export type InsightKind = Insight['kind'];

/** The 50/30/20 rule applied to the month's actual income: parts sum exactly to `income`. */
export const rule503020Schema = z.object({
  income: nonNegativeMinor,
  needs: nonNegativeMinor,
  wants: nonNegativeMinor,
  savings: nonNegativeMinor,
});
export type Rule503020 = z.infer<typeof rule503020Schema>;

/** What the dashboard and the reports share: one month of one user. */
export const monthOverviewSchema = z.object({
  /** The month shown, `YYYY-MM`. */
  month: monthSchema,
  /** The user's local date now, in their time zone. */
  today: z.string(),
  /** The display currency every converted amount is in. */
  currency: currencySchema,
  /** Date of the bundled rate table used; null when the user's own rates were used. */
  ratesDate: z.string().nullable(),
  totals: monthTotalsSchema,
  /** The month's sums as recorded, one entry per currency that occurs, in the order of CURRENCIES. */
  perCurrency: z.array(currencyTotalsSchema),
  /** Transactions of the month. */
  count: z.number().int().nonnegative(),
  budget: budgetSummarySchema,
  /** True when a figure of the answer is too large to be exact and shows ±(2^53 − 1) instead. */
  outOfRange: z.boolean(),
});
export type MonthOverview = z.infer<typeof monthOverviewSchema>;

/** `GET /api/queries/dashboard?month=YYYY-MM`. */
export const dashboardSchema = monthOverviewSchema.extend({
  /** Categories of the month, by expense descending, then income descending, then id. */
  byCategory: z.array(categoryMonthSchema),
  /** Every day of the month, in order. */
  daily: z.array(dayTotalsSchema),
  /** The 12 months ending with `month`, oldest first. */
  months: z.array(monthPointSchema).length(12),
  /** The user's 5 newest transactions (any month), newest first, as the transactions list shows them. */
  recent: z.array(transactionViewSchema).max(5),
  /**
   * The tip of the dashboard against the previous month: category_increase when an expense
   * category grew, else spending_down, spending_up or spending_steady, else no_data.
   */
  insight: insightSchema,
  rule503020: rule503020Schema,
  /** The month's category budgets (category-budgets.ts); no items when none is set. */
  categoryBudgets: categoryBudgetsSummarySchema,
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** One category's part of the month's expenses or income. */
export const categoryShareSchema = z.object({
  categoryId: z.string(),
  type: transactionTypeSchema,
  amount: nonNegativeMinor,
  /** Transactions of this type in the category. */
  count: z.number().int().positive(),
  /**
   * Share of the month's total of this type, basis points; the shares of one type sum to
   * exactly 10000 (all 0 when the total converts to 0).
   */
  share: basisPoints,
});
export type CategoryShare = z.infer<typeof categoryShareSchema>;

/** A transaction of the month with its amount in the display currency. */
export const highSpendingItemSchema = transactionViewSchema.extend({
  /** `amount` converted to the display currency. */
  converted: nonNegativeMinor,
});
export type HighSpendingItem = z.infer<typeof highSpendingItemSchema>;

/** One month of budget performance; the limit is the current monthly budget (its history is not kept). */
export const budgetPerformanceSchema = z.object({
  month: z.string(),
  limit: nonNegativeMinor.nullable(),
  spent: nonNegativeMinor,
  status: budgetStatusSchema,
  percentUsed: basisPoints.nullable(),
});
export type BudgetPerformance = z.infer<typeof budgetPerformanceSchema>;

/** `GET /api/queries/reports?month=YYYY-MM`. */
export const reportsSchema = monthOverviewSchema.extend({
  /** income − expense of the month (the same as `totals.balance`). */
  netIncome: minor,
  /** Days of the month after today: `budget.daysLeft`. */
  daysRemaining: z.number().int().nonnegative(),
  categoryBreakdown: z.object({
    /** Largest first, then by id. */
    expense: z.array(categoryShareSchema),
    income: z.array(categoryShareSchema),
  }),
  /** The month's 10 largest expenses in the display currency, largest first. */
  highSpending: z.array(highSpendingItemSchema).max(10),
  /** The 6 months ending with `month`, oldest first. */
  budgetPerformance: z.array(budgetPerformanceSchema).length(6),
  /** Every finding that applies to the month, most pressing first; `[no_data]` for an empty month. */
  insights: z.array(insightSchema).min(1),
  /** The month's category budgets: progress per category and unbudgeted spending. */
  categoryBudgets: categoryBudgetsSummarySchema,
});
export type Reports = z.infer<typeof reportsSchema>;

/** The longest custom range of a report, in days (ten years). */
export const MAX_REPORT_RANGE_DAYS = 3660;

/**
 * `GET /api/queries/reports/range?from=YYYY-MM-DD&to=YYYY-MM-DD`: the reports' cards over any
 * range of local dates, both included. `to` before `from`: 400 `date_range_invalid` on `to`;
 * longer than MAX_REPORT_RANGE_DAYS: 400 `date_range_too_long` on `to`; either before 2000: 400
 * `date_invalid`. Whole months are read from the monthly sums, the days of a partial month from
 * its transactions, so any range costs about the same.
 */
export const rangeReportQuerySchema = z
  .object({ from: asOfSchema, to: asOfSchema })
  .strict()
  .refine((query) => query.from <= query.to, { error: 'date_range_invalid', path: ['to'] });
export type RangeReportQuery = z.infer<typeof rangeReportQuerySchema>;

/** The reports of a range: the same cards as a month's, the budget cards per month of the range. */
export const rangeReportSchema = z.object({
  from: calendarDateSchema,
  to: calendarDateSchema,
  today: z.string(),
  currency: currencySchema,
  ratesDate: z.string().nullable(),
  totals: monthTotalsSchema,
  perCurrency: z.array(currencyTotalsSchema),
  count: z.number().int().nonnegative(),
  netIncome: minor,
  categoryBreakdown: z.object({
    expense: z.array(categoryShareSchema),
    income: z.array(categoryShareSchema),
  }),
  /** The range's 10 largest expenses in the display currency, largest first. */
  highSpending: z.array(highSpendingItemSchema).max(10),
  /** Each day of the range when it spans at most 92 days, else empty. */
  daily: z.array(dayTotalsSchema),
  /** Each month the range touches, oldest first, with only the range's days counted. */
  months: z.array(monthPointSchema),
  /** Each month the range touches (at most the last 24), as `budgetPerformance` of a month's reports. */
  budgetPerformance: z.array(budgetPerformanceSchema).max(24),
  /** savings_rate, top_category, no_income over the range; `[no_data]` when the range has nothing. */
  insights: z.array(insightSchema).min(1),
  outOfRange: z.boolean(),
});
export type RangeReport = z.infer<typeof rangeReportSchema>;
