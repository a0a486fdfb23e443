import type { FastifyInstance } from 'fastify';
import { addMonths } from '@plenty/contracts/budget-status';
import { dashboardQuerySchema, type Dashboard } from '@plenty/contracts/views/dashboard';
import { currentUser } from '@plenty/platform/http/auth-hook';
import { parseOrThrow } from '@plenty/platform/http/errors';
import type { ReadStore } from '@plenty/platform/read-store/port';
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
import { monthContext, newestTransactions, readSummaries, readYears } from './month-reader.js';

/** Months in the dashboard's trend chart, the shown month last. */
export const TREND_MONTHS = 12;
/** Newest transactions on the dashboard. */
export const RECENT_COUNT = 5;

/**
 * `GET /dashboard?month=YYYY-MM`: one month of the user's money in their display currency,
 * from two month summaries, one or two year summaries, the 5 newest transactions and the
 * preferences; never a scan of transactions. `now` is the clock the user's local date is
 * taken from.
 */
export function dashboardRoutes(app: FastifyInstance, readStore: ReadStore, now: () => Date = () => new Date()): void {
  app.get('/dashboard', async (request): Promise<Dashboard> => {
    const user = currentUser(request);
    const query = parseOrThrow(dashboardQuerySchema, request.query);
    const context = await monthContext(readStore, user.uid, query.month, now());
    const { month, convert } = context;
    const months = monthsEndingWith(month, TREND_MONTHS);
    const previousMonth = addMonths(month, -1);
    const [summaries, years, recent] = await Promise.all([
      readSummaries(readStore, user.uid, [previousMonth, month]),
      readYears(readStore, user.uid, months),
      newestTransactions(readStore, user.uid, RECENT_COUNT),
    ]);
    const summary = summaries.get(month);
    const { converted, ...overview } = monthOverview({ ...context, summary });
    const categories = categoriesOf(summary, convert);
    const previous = summaries.get(previousMonth);
    return {
      ...overview,
      byCategory: byCategory(categories),
      daily: daily(month, summary, convert),
      months: monthPoints(months, years, convert),
      recent,
      insight: dashboardInsight(
        { totals: converted, categories },
        { totals: convert.cells(previous?.currencies), categories: categoriesOf(previous, convert) },
      ),
      rule503020: rule503020(converted.income, convert.currency),
    };
  });
}
