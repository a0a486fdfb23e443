import type { BudgetPlan, CategoryBudgetLine } from '@plenty/contracts/category-budgets';
import type { CategoryType } from '@plenty/contracts/categories';
import type { Money } from '@plenty/contracts/money';

type Setting = BudgetPlan['settings'][number];

/** One category of the budget page: its line when it has a limit this month, its setting and spending. */
export interface PlanRow {
  readonly categoryId: string;
  readonly line: CategoryBudgetLine | null;
  readonly setting: Setting | null;
  /** Spent this month and last month, display currency. */
  readonly spent: number;
  readonly spentPrevious: number;
}

const sameMoney = (a: Money | null, b: Money | null): boolean =>
  a === b || (a !== null && b !== null && a.amount === b.amount && a.currency === b.currency);

/**
 * The page's categories: the budgeted ones first, as the answer orders them (most used first),
 * then every other category that takes expenses, those with spending first (largest first),
 * then in the categories list's order. A category the list does not know (deleted since) is left
 * out unless it has a limit or spending.
 */
export function planRows(
  plan: BudgetPlan,
  categories: readonly { readonly id: string; readonly type: CategoryType }[],
): { readonly budgeted: PlanRow[]; readonly others: PlanRow[] } {
  const settings = new Map(plan.settings.map((setting) => [setting.categoryId, setting]));
  const spending = new Map(plan.spending.map((item) => [item.categoryId, item]));
  const row = (categoryId: string, line: CategoryBudgetLine | null): PlanRow => ({
    categoryId,
    line,
    setting: settings.get(categoryId) ?? null,
    spent: spending.get(categoryId)?.spent ?? line?.spent ?? 0,
    spentPrevious: spending.get(categoryId)?.spentPrevious ?? 0,
  });
  const budgeted = plan.categories.items.map((line) => row(line.categoryId, line));
  const taken = new Set(budgeted.map((item) => item.categoryId));
  const order = new Map(categories.map((category, index) => [category.id, index]));
  const expenseIds = categories.filter((category) => category.type !== 'income').map((category) => category.id);
  const candidates = new Set([...expenseIds, ...plan.spending.map((item) => item.categoryId)]);
  const others = [...candidates]
    .filter((id) => !taken.has(id))
    .map((id) => row(id, null))
    .sort(
      (a, b) =>
        b.spent - a.spent ||
        (order.get(a.categoryId) ?? Number.MAX_SAFE_INTEGER) - (order.get(b.categoryId) ?? Number.MAX_SAFE_INTEGER),
    );
  return { budgeted, others };
}

/** What "Copy last month" would do: nothing, fill empty months only, or change limits set for this month. */
export type CopyEffect = 'nothing_to_copy' | 'same' | 'fills' | 'overwrites';

/**
 * Copying last month's limits makes each category's limit this month last month's. It changes
 * nothing when every limit is already the same; it overwrites when a category has a limit this
 * month that would change or go; otherwise it only fills categories without one.
 */
export function copyEffect(plan: BudgetPlan): CopyEffect {
  const previous = plan.settings.filter((setting) => setting.previous !== null);
  if (previous.length === 0) return 'nothing_to_copy';
  const changes = plan.settings.filter((setting) => !sameMoney(setting.limit, setting.previous));
  if (changes.length === 0) return 'same';
  return changes.some((setting) => setting.limit !== null) ? 'overwrites' : 'fills';
}

/** The overall picture: what the limits add up to, what was spent in all, and against the monthly budget. */
export function planTotals(plan: BudgetPlan): { readonly budgeted: number; readonly spent: number } {
  return {
    budgeted: plan.categories.budgeted,
    spent: plan.categories.spentBudgeted + plan.categories.unbudgeted,
  };
}
