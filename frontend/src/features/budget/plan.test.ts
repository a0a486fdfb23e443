import type { BudgetPlan, CategoryBudgetLine } from '@plenty/contracts/category-budgets';
import { describe, expect, it } from 'vitest';
import { copyEffect, planRows } from './plan';

const line = (categoryId: string, spent: number): CategoryBudgetLine => ({
  categoryId,
  limit: 100_000,
  limitOriginal: { amount: 100_000, currency: 'LAK' },
  repeat: true,
  rollover: false,
  carried: 0,
  available: 100_000,
  spent,
  remaining: 100_000 - spent,
  percentUsed: spent / 10,
  status: 'on_track',
});

const setting = (
  categoryId: string,
  limit: number | null,
  previous: number | null,
): BudgetPlan['settings'][number] => ({
  categoryId,
  limit: limit === null ? null : { amount: limit, currency: 'LAK' },
  repeat: limit === null ? null : true,
  previous: previous === null ? null : { amount: previous, currency: 'LAK' },
  rollover: false,
});

const plan = (fields: Partial<BudgetPlan>): BudgetPlan => ({
  month: '2026-11',
  today: '2026-11-27',
  currency: 'LAK',
  ratesDate: null,
  categories: { items: [], budgeted: 0, spentBudgeted: 0, unbudgeted: 0, unbudgetedCategories: [] },
  settings: [],
  spending: [],
  outOfRange: false,
  ...fields,
});

const categories = [
  { id: 'builtin-food', type: 'expense' as const },
  { id: 'builtin-transport', type: 'expense' as const },
  { id: 'builtin-salary', type: 'income' as const },
  { id: 'builtin-gifts', type: 'general' as const },
  { id: 'builtin-health', type: 'expense' as const },
];

describe('the budget page rows', () => {
  it('lists the budgeted categories first, then every other expense category, those that spent first', () => {
    const rows = planRows(
      plan({
        categories: {
          items: [line('builtin-food', 20_000)],
          budgeted: 100_000,
          spentBudgeted: 20_000,
          unbudgeted: 5_000,
          unbudgetedCategories: [],
        },
        settings: [setting('builtin-food', 100_000, null)],
        spending: [
          { categoryId: 'builtin-food', spent: 20_000, spentPrevious: 0 },
          { categoryId: 'builtin-health', spent: 5_000, spentPrevious: 9_000 },
        ],
      }),
      categories,
    );
    expect(rows.budgeted.map((row) => row.categoryId)).toEqual(['builtin-food']);
    expect(rows.others.map((row) => row.categoryId)).toEqual(['builtin-health', 'builtin-transport', 'builtin-gifts']);
    expect(rows.others[0]).toMatchObject({ spent: 5_000, spentPrevious: 9_000, line: null, setting: null });
  });
});

describe('copying last month', () => {
  it('has nothing to copy without limits last month', () => {
    expect(copyEffect(plan({ settings: [setting('builtin-food', 50_000, null)] }))).toBe('nothing_to_copy');
  });

  it('changes nothing when the limits are the same, fills empty months, overwrites limits of this month', () => {
    expect(copyEffect(plan({ settings: [setting('builtin-food', 50_000, 50_000)] }))).toBe('same');
    expect(copyEffect(plan({ settings: [setting('builtin-food', null, 50_000)] }))).toBe('fills');
    expect(
      copyEffect(
        plan({ settings: [setting('builtin-food', 50_000, 50_000), setting('builtin-health', 10_000, null)] }),
      ),
    ).toBe('overwrites');
    expect(copyEffect(plan({ settings: [setting('builtin-food', 60_000, 50_000)] }))).toBe('overwrites');
  });
});
