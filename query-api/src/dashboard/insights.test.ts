import { describe, expect, it } from 'vitest';
import { budgetSummary } from '@plenty/contracts/budget-status';
import { finishFigures, type Exact } from '@plenty/contracts/figures';
import type { Insight } from '@plenty/contracts/views/dashboard';
import {
  dashboardInsight as exactDashboardInsight,
  reportInsights as exactReportInsights,
  savingsRate,
  type MonthFigures,
} from './insights.js';
import type { Converted } from './month-figures.js';

// The insights are computed exactly; these tests read them as the answer carries them.
const dashboardInsight = (...args: Parameters<typeof exactDashboardInsight>) =>
  finishFigures<Insight>(exactDashboardInsight(...args)).value;
const reportInsights = (...args: Parameters<typeof exactReportInsights>) =>
  finishFigures<Insight[]>(exactReportInsights(...args) as Exact<Insight[]>).value;

const spent = (expense: number, expenseCount = 1): Converted => ({
  income: 0n,
  expense: BigInt(expense),
  incomeCount: 0,
  expenseCount,
});

function month(categories: Record<string, number>, income = 0): MonthFigures {
  const entries = Object.entries(categories).map(([id, expense]) => [id, spent(expense)] as const);
  const expense = entries.reduce((sum, [, c]) => sum + c.expense, 0n);
  return {
    totals: { income: BigInt(income), expense, incomeCount: income > 0 ? 1 : 0, expenseCount: entries.length },
    categories: new Map(entries),
  };
}

const empty = month({});

describe('the dashboard tip', () => {
  it('names the category that grew most in amount, with both months', () => {
    const previous = month({ food: 1000, rent: 5000, fun: 100 });
    const current = month({ food: 1800, rent: 5000, fun: 700 });
    expect(dashboardInsight(current, previous)).toEqual({
      kind: 'category_increase',
      categoryId: 'food',
      previous: 1000,
      current: 1800,
    });
  });

  it('breaks a tie in growth by the larger amount now, then by id', () => {
    expect(dashboardInsight(month({ a: 600, b: 500 }), month({ a: 100 }))).toMatchObject({ categoryId: 'a' });
    expect(dashboardInsight(month({ b: 500, a: 500 }), empty)).toMatchObject({ categoryId: 'a' });
  });

  it('says spending went down when no category grew', () => {
    expect(dashboardInsight(month({ food: 500 }), month({ food: 900 }))).toEqual({
      kind: 'spending_down',
      previous: 900,
      current: 500,
    });
    expect(dashboardInsight(month({ food: 500 }), month({ food: 500 }))).toEqual({
      kind: 'spending_steady',
      previous: 500,
      current: 500,
    });
  });

  it('has no data without expenses in either month, even with income', () => {
    expect(dashboardInsight(month({}, 5000), empty)).toEqual({ kind: 'no_data' });
  });
});

describe('report insights', () => {
  const budget = (spentSoFar: number, limit: number | null, today = '2026-11-10') =>
    budgetSummary({ month: '2026-11', today, limit: limit === null ? null : BigInt(limit), spent: BigInt(spentSoFar) });

  it('warn of a pace that ends above the budget before it is exceeded', () => {
    const current = month({ food: 4000 }, 10_000);
    expect(reportInsights(current, empty, budget(4000, 10_000), undefined)[0]).toEqual({
      kind: 'projected_over_budget',
      projectedTotal: 12_000,
      limit: 10_000,
    });
    expect(reportInsights(current, empty, budget(4000, 10_000, '2026-11-30'), undefined)[0]).toMatchObject({
      kind: 'savings_rate',
    });
  });

  it('report spending without income', () => {
    expect(reportInsights(month({ food: 300 }), month({ food: 300 }), budget(300, null), undefined)).toEqual([
      { kind: 'no_income', expense: 300 },
      { kind: 'spending_steady', previous: 300, current: 300 },
    ]);
  });

  it('are no_data alone for an empty month after an empty month', () => {
    expect(reportInsights(empty, empty, budget(0, 5000), undefined)).toEqual([{ kind: 'no_data' }]);
  });
});

describe('savings rate', () => {
  it('is in basis points of income, rounded toward zero, negative when spending exceeds income', () => {
    expect(savingsRate(3000n, 1000n)).toBe(6666n);
    expect(savingsRate(3000n, 5000n)).toBe(-6666n);
    expect(savingsRate(3000n, 3000n)).toBe(0n);
  });
});
