import type { BudgetSummary } from '@plenty/contracts/budget-status';
import type { Exact } from '@plenty/contracts/figures';
import type { Insight } from '@plenty/contracts/views/dashboard';
import type { Converted } from './month-figures.js';

type ExactInsight = Exact<Insight>;

/** One month's converted figures, as insights compare them. */
export interface MonthFigures {
  readonly totals: Converted;
  readonly categories: ReadonlyMap<string, Converted>;
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The expense category that grew most in amount from `previous` to `current`; ties: larger now, then id. */
export function largestIncrease(current: MonthFigures, previous: MonthFigures): ExactInsight | null {
  let best: { categoryId: string; previous: bigint; current: bigint } | null = null;
  for (const [categoryId, now] of current.categories) {
    const before = previous.categories.get(categoryId)?.expense ?? 0n;
    const growth = now.expense - before;
    if (growth <= 0n) continue;
    const bestGrowth = best === null ? 0n : best.current - best.previous;
    if (
      best === null ||
      growth > bestGrowth ||
      (growth === bestGrowth &&
        (now.expense > best.current || (now.expense === best.current && byId(categoryId, best.categoryId) < 0)))
    ) {
      best = { categoryId, previous: before, current: now.expense };
    }
  }
  return best === null ? null : { kind: 'category_increase', ...best };
}

/** How the month's expenses compare with the previous month's; null when neither has any. */
export function spendingTrend(current: MonthFigures, previous: MonthFigures): ExactInsight | null {
  const now = current.totals.expense;
  const before = previous.totals.expense;
  if (current.totals.expenseCount === 0 && previous.totals.expenseCount === 0) return null;
  if (now < before) return { kind: 'spending_down', previous: before, current: now };
  if (now > before) return { kind: 'spending_up', previous: before, current: now };
  return { kind: 'spending_steady', previous: before, current: now };
}

/** The dashboard's one tip: the category that grew most, else the overall trend, else nothing to compare. */
export function dashboardInsight(current: MonthFigures, previous: MonthFigures): ExactInsight {
  return largestIncrease(current, previous) ?? spendingTrend(current, previous) ?? { kind: 'no_data' };
}

/** (income − expense) / income in basis points, rounded toward zero. */
export function savingsRate(income: bigint, expense: bigint): bigint {
  return ((income - expense) * 10_000n) / income;
}

/** The largest expense category of a period and its share of the expenses. */
export interface TopExpense {
  readonly categoryId: string;
  readonly amount: bigint;
  readonly share: number;
}

/** no_income (expenses and no income) and savings_rate (some income) of a period's totals. */
export function incomeInsights({ income, expense, expenseCount }: Converted): ExactInsight[] {
  if (income > 0n) return [{ kind: 'savings_rate', income, expense, rate: savingsRate(income, expense) }];
  return expenseCount > 0 ? [{ kind: 'no_income', expense }] : [];
}

/** top_category of the period's largest expense category, when it has one. */
export const topCategoryInsight = (top: TopExpense | undefined): ExactInsight[] =>
  top === undefined
    ? []
    : [{ kind: 'top_category', categoryId: top.categoryId, expense: top.amount, share: top.share }];

/** Every insight that applies to the month, most pressing first; `[no_data]` when none does. */
export function reportInsights(
  current: MonthFigures,
  previous: MonthFigures,
  budget: BudgetSummary,
  topExpense: TopExpense | undefined,
): ExactInsight[] {
  const insights: ExactInsight[] = [];
  if (budget.limit !== null && budget.status === 'over') {
    insights.push({ kind: 'over_budget', spent: budget.spent, limit: budget.limit });
  } else if (budget.limit !== null && budget.projectedStatus === 'over') {
    insights.push({ kind: 'projected_over_budget', projectedTotal: budget.projectedTotal, limit: budget.limit });
  }
  insights.push(...incomeInsights(current.totals));
  const increase = largestIncrease(current, previous);
  if (increase !== null) insights.push(increase);
  const trend = spendingTrend(current, previous);
  if (trend !== null) insights.push(trend);
  insights.push(...topCategoryInsight(topExpense));
  return insights.length === 0 ? [{ kind: 'no_data' }] : insights;
}
