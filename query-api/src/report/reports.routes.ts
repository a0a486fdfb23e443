import type { FastifyInstance } from 'fastify';
import { addMonths } from '@plenty/contracts/calendar/date';
import { finishFigures } from '@plenty/contracts/figures';
import type { Reports } from '@plenty/contracts/views/dashboard';
import { QUERY_ROUTES } from '@plenty/contracts/views/query-routes';
import type { ReadStore } from '@plenty/platform/read-store/port';
import type { PointInTime } from '../as-of/point-in-time.js';
import { readCategoryBudgets } from '../budget/category-budgets.js';
import { monthRoute } from '../dashboard/month-route.js';
import { reportInsights } from '../dashboard/insights.js';
import {
  budgetLimit,
  budgetPerformance,
  categoriesOf,
  categoryShares,
  monthOverview,
  monthsEndingWith,
} from '../dashboard/month-figures.js';
import { largestExpenses, monthContext, readScheduled, readSummaries, readYears } from '../dashboard/month-reader.js';

/** Months of budget performance, the shown month last. */
export const PERFORMANCE_MONTHS = 6;
/** Largest expenses listed. */
export const HIGH_SPENDING_COUNT = 10;

/**
 * `GET /reports?month=YYYY-MM&asOf=YYYY-MM-DD`: the month overview with net income, category
 * shares, the largest expenses, six months of budget performance and every insight that
 * applies; with `asOf`, as they were at the end of that day (see the dashboard).
 */
export function reportsRoutes(
  app: FastifyInstance,
  readStore: ReadStore,
  now: () => Date = () => new Date(),
  pointInTime?: PointInTime,
): void {
  monthRoute(app, QUERY_ROUTES.reports, { readStore, now, pointInTime }, reportsOf);
}

/** The reports of a month (default: the current one) from these read models, at `now`. */
export async function reportsOf(
  readStore: ReadStore,
  userId: string,
  requestedMonth: string | undefined,
  now: Date,
): Promise<Reports> {
  const context = await monthContext(readStore, userId, requestedMonth, now);
  const { month, convert, preferences } = context;
  const months = monthsEndingWith(month, PERFORMANCE_MONTHS);
  const previousMonth = addMonths(month, -1);
  const [summaries, years, scheduled] = await Promise.all([
    readSummaries(readStore, userId, [previousMonth, month]),
    readYears(readStore, userId, months),
    readScheduled(readStore, userId, context),
  ]);
  const summary = summaries.get(month);
  const categoryBudgets = await readCategoryBudgets(readStore, userId, month, convert, summaries);
  const previous = summaries.get(previousMonth);
  const highSpending = await largestExpenses(readStore, userId, summary, convert, HIGH_SPENDING_COUNT);
  const { converted, ...overview } = monthOverview({ ...context, summary, scheduled });
  const categories = categoriesOf(summary, convert);
  const expenseShares = categoryShares(categories, 'expense');
  const { value, outOfRange } = finishFigures<Omit<Reports, 'outOfRange'>>({
    ...overview,
    netIncome: overview.totals.balance,
    daysRemaining: overview.budget.daysLeft,
    categoryBreakdown: { expense: expenseShares, income: categoryShares(categories, 'income') },
    highSpending,
    budgetPerformance: budgetPerformance(months, years, convert, budgetLimit(preferences, convert), context.firstMonth),
    insights: reportInsights(
      { totals: converted, categories },
      { totals: convert.cells(previous?.currencies), categories: categoriesOf(previous, convert) },
      overview.budget,
      expenseShares[0],
    ),
    categoryBudgets,
  });
  return { ...value, outOfRange };
}
