import type { FastifyInstance } from 'fastify';
import { addMonths } from '@plenty/contracts/calendar/date';
import { categoryLimitIn, type BudgetPlan } from '@plenty/contracts/category-budgets';
import { finishFigures, largestFirst } from '@plenty/contracts/figures';
import { QUERY_ROUTES } from '@plenty/contracts/views/query-routes';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { monthContext, readSummaries } from '../dashboard/month-reader.js';
import { queryRoute } from '../query-route.js';
import {
  categoryBudgetsSummary,
  categorySpent,
  readCategoryBudgetDocs,
  readSummariesBetween,
  rolloverStart,
} from './category-budgets.js';

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `GET /budgets?month=YYYY-MM`: the budget page of a month (default: the current one). */
export function budgetsRoutes(app: FastifyInstance, readStore: ReadStore, now: () => Date = () => new Date()): void {
  queryRoute(app, QUERY_ROUTES.budgets, ({ user, query }) => budgetPlanOf(readStore, user.uid, query.month, now()));
}

/**
 * The month's category budgets, each category's setting this month and last month, and what
 * each expense category spent in both, in the display currency.
 */
export async function budgetPlanOf(
  readStore: ReadStore,
  userId: string,
  requestedMonth: string | undefined,
  now: Date,
): Promise<BudgetPlan> {
  const context = await monthContext(readStore, userId, requestedMonth, now);
  const { month, convert, preferences } = context;
  const previousMonth = addMonths(month, -1);
  const docs = await readCategoryBudgetDocs(readStore, userId);
  const start = rolloverStart(docs, month);
  const summaries =
    start === null || start >= previousMonth
      ? await readSummaries(readStore, userId, [previousMonth, month])
      : await readSummariesBetween(readStore, userId, start, month);
  const summary = summaries.get(month);
  const previous = summaries.get(previousMonth);

  const settings = docs
    .map((doc) => {
      const current = categoryLimitIn(doc, month);
      return {
        categoryId: doc.categoryId,
        limit: current.limit,
        repeat: current.repeat,
        previous: categoryLimitIn(doc, previousMonth).limit,
        rollover: doc.rollover,
      };
    })
    .filter((setting) => setting.repeat !== null || setting.previous !== null || setting.rollover)
    .sort((a, b) => byId(a.categoryId, b.categoryId));

  const categoryIds = new Set([...Object.keys(summary?.categories ?? {}), ...Object.keys(previous?.categories ?? {})]);
  const spending = [...categoryIds]
    .map((categoryId) => ({
      categoryId,
      spent: categorySpent(summary, categoryId, convert),
      spentPrevious: categorySpent(previous, categoryId, convert),
    }))
    .filter((row) => row.spent > 0n || row.spentPrevious > 0n)
    .sort(
      (a, b) =>
        largestFirst(a.spent, b.spent) ||
        largestFirst(a.spentPrevious, b.spentPrevious) ||
        byId(a.categoryId, b.categoryId),
    );

  const { value, outOfRange } = finishFigures<Omit<BudgetPlan, 'outOfRange'>>({
    month,
    today: context.today,
    currency: convert.currency,
    ratesDate: preferences.ratesDate,
    categories: categoryBudgetsSummary({ month, docs, summaries, convert }),
    settings,
    spending,
  });
  return { ...value, outOfRange };
}
