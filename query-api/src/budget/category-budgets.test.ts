import { describe, expect, it } from 'vitest';
import {
  applyCategoryBudgetSet,
  emptyCategoryBudget,
  type CategoryBudgetDoc,
} from '@plenty/contracts/category-budgets';
import { DEFAULT_RATES } from '@plenty/contracts/rates';
import type { MonthlySummaryDoc } from '@plenty/contracts/views/monthly-summary';
import { Converter } from '../dashboard/month-figures.js';
import { categoryBudgetsSummary, rolloverStart } from './category-budgets.js';

const thb = new Converter('THB', DEFAULT_RATES);
const money = (amount: number) => ({ amount, currency: 'THB' as const });
const cell = (expense: number) => ({ THB: { income: 0, expense, incomeCount: 0, expenseCount: 1 } });

/** A month summary with expenses by category; the month's total is their sum unless given. */
function summary(month: string, byCategory: Record<string, number>, total?: number): MonthlySummaryDoc {
  const sum = total ?? Object.values(byCategory).reduce((a, b) => a + b, 0);
  return {
    id: month,
    count: Object.keys(byCategory).length,
    currencies: cell(sum),
    categories: Object.fromEntries(Object.entries(byCategory).map(([id, amount]) => [id, cell(amount)])),
    days: {},
  };
}

function budgetOf(categoryId: string, sets: [string, number | null, boolean][], rollover = false): CategoryBudgetDoc {
  let doc = emptyCategoryBudget(categoryId);
  for (const [month, limit, repeat] of sets) {
    doc = applyCategoryBudgetSet(doc, { month, limit: limit === null ? null : money(limit), repeat });
  }
  return { ...doc, rollover };
}

const summaries = (...docs: MonthlySummaryDoc[]) => new Map(docs.map((doc) => [doc.id, doc]));

describe('category budgets of a month', () => {
  it('lists budgeted categories by share used, highest first, and the rest as unbudgeted, largest first', () => {
    const result = categoryBudgetsSummary({
      month: '2026-11',
      docs: [budgetOf('food', [['2026-01', 10_000, true]]), budgetOf('rent', [['2026-11', 50_000, false]])],
      summaries: summaries(summary('2026-11', { food: 9_000, rent: 10_000, fun: 700, pets: 900 })),
      convert: thb,
    });
    expect(result.items.map((item) => [item.categoryId, item.percentUsed, item.status])).toEqual([
      ['food', 9_000n, 'critical'],
      ['rent', 2_000n, 'on_track'],
    ]);
    expect(result).toMatchObject({ budgeted: 60_000n, spentBudgeted: 19_000n, unbudgeted: 1_600n });
    expect(result.unbudgetedCategories).toEqual([
      { categoryId: 'pets', spent: 900n },
      { categoryId: 'fun', spent: 700n },
    ]);
  });

  it('carries what was left through consecutive months with limits, and nothing past a month without one', () => {
    const food = budgetOf(
      'food',
      [
        ['2026-08', 10_000, true],
        ['2026-10', null, false],
      ],
      true,
    );
    const months = summaries(
      summary('2026-08', { food: 4_000 }),
      summary('2026-09', { food: 1_000 }),
      summary('2026-11', { food: 2_000 }),
    );
    const september = categoryBudgetsSummary({ month: '2026-09', docs: [food], summaries: months, convert: thb });
    expect(september.items[0]).toMatchObject({ carried: 6_000n, available: 16_000n, remaining: 15_000n });
    const november = categoryBudgetsSummary({ month: '2026-11', docs: [food], summaries: months, convert: thb });
    expect(november.items[0]).toMatchObject({ carried: 0n, available: 10_000n });
    expect(rolloverStart([food], '2026-11')).toBe('2026-08');
    expect(rolloverStart([{ ...food, rollover: false }], '2026-11')).toBeNull();
  });

  it('never answers negative unbudgeted spending when the month and its categories round apart', () => {
    const result = categoryBudgetsSummary({
      month: '2026-11',
      docs: [budgetOf('food', [['2026-11', 100, true]])],
      summaries: summaries(summary('2026-11', { food: 500 }, 499)),
      convert: thb,
    });
    expect(result.unbudgeted).toBe(0n);
    expect(result.items[0]).toMatchObject({ remaining: -400n, status: 'over', percentUsed: 50_000n });
  });
});
