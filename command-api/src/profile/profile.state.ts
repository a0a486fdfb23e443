import type { CategoryType } from '@plenty/contracts/categories';
import type { ProfileEvent } from '@plenty/contracts/events/profile';
import {
  evolveCategoryBudgets,
  initialCategoryBudgetsState,
  type CategoryBudgetsState,
} from './category-budgets.decider.js';
import { evolveGoals, initialGoalsState, type GoalsState } from './goals.decider.js';
import { evolvePreferences, initialPreferencesState, type PreferencesState } from './preferences.decider.js';
import { evolveWallets, initialWalletsState, type WalletsState } from './wallets.decider.js';

export interface CustomCategory {
  readonly id: string;
  readonly name: string | null;
  readonly type: CategoryType;
  readonly icon: string;
  readonly color: string;
}

export interface ProfileState {
  /** Live custom categories by id. */
  readonly categories: ReadonlyMap<string, CustomCategory>;
  /** Ids of deleted categories: never reused. */
  readonly deletedCategoryIds: ReadonlySet<string>;
  /** The category each deleted one's transactions moved to (which may since be deleted too). */
  readonly categoryReplacements: ReadonlyMap<string, string>;
  /** Preferences and exchange rates (spec section 3). */
  readonly preferences: PreferencesState;
  /** Savings goals (spec section 3). */
  readonly goals: GoalsState;
  /** Wallets the user opened, and default wallets an event named. */
  readonly wallets: WalletsState;
  /** Budget settings per category (category-budgets.ts), as the `budgets` projection keeps them. */
  readonly categoryBudgets: CategoryBudgetsState;
}

export const initialProfileState: ProfileState = {
  categories: new Map(),
  deletedCategoryIds: new Set(),
  categoryReplacements: new Map(),
  preferences: initialPreferencesState,
  goals: initialGoalsState,
  wallets: initialWalletsState,
  categoryBudgets: initialCategoryBudgetsState,
};

export function evolveProfile(state: ProfileState, event: { type: string; data: unknown }): ProfileState {
  const known = event as ProfileEvent;
  switch (known.type) {
    case 'CategoryAdded': {
      const { categoryId, name, type, icon, color } = known.data;
      const categories = new Map(state.categories);
      categories.set(categoryId, { id: categoryId, name, type, icon, color });
      return { ...state, categories };
    }
    case 'CategoryEdited': {
      const current = state.categories.get(known.data.categoryId);
      if (current === undefined) return state;
      const categories = new Map(state.categories);
      categories.set(current.id, { ...current, ...known.data.changes });
      return { ...state, categories };
    }
    case 'CategoryDeleted': {
      const categories = new Map(state.categories);
      categories.delete(known.data.categoryId);
      const categoryBudgets = new Map(state.categoryBudgets);
      categoryBudgets.delete(known.data.categoryId);
      return {
        ...state,
        categories,
        categoryBudgets,
        deletedCategoryIds: new Set(state.deletedCategoryIds).add(known.data.categoryId),
        categoryReplacements: new Map(state.categoryReplacements).set(
          known.data.categoryId,
          known.data.replacementCategoryId,
        ),
      };
    }
    case 'PreferencesChanged':
    case 'ExchangeRatesSet':
      return { ...state, preferences: evolvePreferences(state.preferences, known) };
    case 'GoalAdded':
    case 'GoalEdited':
    case 'GoalContributed':
    case 'GoalWithdrawn':
    case 'GoalDeleted':
      return { ...state, goals: evolveGoals(state.goals, known) };
    case 'WalletOpened':
    case 'WalletEdited':
    case 'WalletArchived':
    case 'WalletRestored':
    case 'WalletReconciled':
      return { ...state, wallets: evolveWallets(state.wallets, known) };
    case 'CategoryBudgetSet':
    case 'CategoryRolloverSet':
      return { ...state, categoryBudgets: evolveCategoryBudgets(state.categoryBudgets, known) };
    default:
      return state;
  }
}
