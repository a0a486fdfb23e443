import {
  applyCategoryBudgetSet,
  categoryLimitIn,
  emptyCategoryBudget,
  type CategoryBudgetCommand,
  type CategoryBudgetDoc,
  type CategoryBudgetEvent,
} from '@plenty/contracts/category-budgets';
import type { CategoryType } from '@plenty/contracts/categories';
import { domainError, type DomainError } from '@plenty/contracts/errors';
import type { Money } from '@plenty/contracts/money';

/** Each category's budget settings, as the `budgets` projection keeps them (by category id). */
export type CategoryBudgetsState = ReadonlyMap<string, CategoryBudgetDoc>;
export const initialCategoryBudgetsState: CategoryBudgetsState = new Map();

export function evolveCategoryBudgets(state: CategoryBudgetsState, event: CategoryBudgetEvent): CategoryBudgetsState {
  const { categoryId } = event.data;
  const current = state.get(categoryId) ?? emptyCategoryBudget(categoryId);
  const next =
    event.type === 'CategoryBudgetSet'
      ? applyCategoryBudgetSet(current, event.data)
      : { ...current, rollover: event.data.rollover };
  return new Map(state).set(categoryId, next);
}

/** What the decider needs to know of the user's categories. */
export interface CategoryLookup {
  /** The type of a live category (built-in or custom), null when unknown or deleted. */
  typeOf(categoryId: string): CategoryType | null;
}

const sameLimit = (a: Money | null, b: Money | null) =>
  a === b || (a !== null && b !== null && a.amount === b.amount && a.currency === b.currency);

function budgetable(categoryId: string, categories: CategoryLookup): DomainError | null {
  const type = categories.typeOf(categoryId);
  if (type === null) return domainError('category_not_found', 404, 'categoryId');
  if (type !== 'expense' && type !== 'general') return domainError('category_type_mismatch', 422, 'categoryId');
  return null;
}

/**
 * Category budgets (category-budgets.ts): a limit or a rollover setting for a live category that
 * takes expenses, and copying one month's limits to another.
 */
export function decideCategoryBudget(
  command: CategoryBudgetCommand,
  state: CategoryBudgetsState,
  categories: CategoryLookup,
): CategoryBudgetEvent[] | DomainError {
  switch (command.type) {
    case 'SetCategoryBudget': {
      const { commandId: _commandId, ...data } = command.data;
      return budgetable(data.categoryId, categories) ?? [{ type: 'CategoryBudgetSet', data }];
    }
    case 'SetCategoryRollover': {
      const { commandId: _commandId, ...data } = command.data;
      return budgetable(data.categoryId, categories) ?? [{ type: 'CategoryRolloverSet', data }];
    }
    case 'CopyCategoryBudgets': {
      const { from, to } = command.data;
      const events: CategoryBudgetEvent[] = [];
      const ids = [...state.keys()].sort();
      for (const categoryId of ids) {
        const doc = state.get(categoryId);
        if (doc === undefined || budgetable(categoryId, categories) !== null) continue;
        const source = categoryLimitIn(doc, from).limit;
        const target = categoryLimitIn(doc, to).limit;
        if (sameLimit(source, target)) continue;
        events.push({ type: 'CategoryBudgetSet', data: { categoryId, month: to, limit: source, repeat: false } });
      }
      return events;
    }
    default: {
      const unknownCommand: never = command;
      throw new Error(`unknown category budget command ${JSON.stringify(unknownCommand)}`);
    }
  }
}
