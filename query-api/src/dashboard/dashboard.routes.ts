import type { FastifyInstance } from 'fastify';
import { addMonths } from '@plenty/contracts/calendar/date';
import { finishFigures } from '@plenty/contracts/figures';
import type { Dashboard } from '@plenty/contracts/views/dashboard';
import { QUERY_ROUTES } from '@plenty/contracts/views/query-routes';
import type { ReadStore } from '@plenty/platform/read-store/port';
import type { PointInTime } from '../as-of/point-in-time.js';
import { readCategoryBudgets } from '../budget/category-budgets.js';
import { monthRoute } from './month-route.js';
import { dashboardInsight } from './insights.js';
import {
  byCategory,
  categoriesOf,
  daily,
  monthOverview,
  monthPoints,
  monthsEndingWith,
  rule503020,
} from './month-figures.js';
import { monthContext, newestTransactions, readScheduled, readSummaries, readYears } from './month-reader.js';

/** Months in the dashboard's trend chart, the shown month last. */
export const TREND_MONTHS = 12;
/** Newest transactions on the dashboard. */
export const RECENT_COUNT = 5;

/**
 * `GET /dashboard?month=YYYY-MM&asOf=YYYY-MM-DD`: one month of the user's money in their
 * display currency, from two month summaries, one or two year summaries, the 5 newest
 * transactions and the preferences; never a scan of transactions. `now` is the clock the
 * user's local date is taken from. With `asOf`, the same answer from the read models replayed
 * to the end of that day (`pointInTime`), at that day's last instant.
 */
export function dashboardRoutes(
  app: FastifyInstance,
  readStore: ReadStore,
  now: () => Date = () => new Date(),
  pointInTime?: PointInTime,
): void {
  monthRoute(app, QUERY_ROUTES.dashboard, { readStore, now, pointInTime }, dashboardOf);
}

/** The dashboard of a month (default: the current one) from these read models, at `now`. */
export async function dashboardOf(
  readStore: ReadStore,
  userId: string,
  requestedMonth: string | undefined,
  now: Date,
): Promise<Dashboard> {
  const context = await monthContext(readStore, userId, requestedMonth, now);
  const { month, convert } = context;
  const months = monthsEndingWith(month, TREND_MONTHS);
  const previousMonth = addMonths(month, -1);
  const [summaries, years, recent, scheduled] = await Promise.all([
    readSummaries(readStore, userId, [previousMonth, month]),
    readYears(readStore, userId, months),
    newestTransactions(readStore, userId, RECENT_COUNT),
    readScheduled(readStore, userId, context),
  ]);
  const summary = summaries.get(month);
  const categoryBudgets = await readCategoryBudgets(readStore, userId, month, convert, summaries);
  const { converted, ...overview } = monthOverview({ ...context, summary, scheduled });
  const categories = categoriesOf(summary, convert);
  const previous = summaries.get(previousMonth);
  const { value, outOfRange } = finishFigures<Omit<Dashboard, 'outOfRange'>>({
    ...overview,
    byCategory: byCategory(categories),
    daily: daily(month, summary, convert),
    months: monthPoints(months, years, convert),
    recent,
    insight: dashboardInsight(
      { totals: converted, categories },
      { totals: convert.cells(previous?.currencies), categories: categoriesOf(previous, convert) },
    ),
    rule503020: rule503020(converted.income),
    categoryBudgets,
  });
  return { ...value, outOfRange };
}
