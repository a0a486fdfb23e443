import { FALLBACK_CATEGORY_ID, findBuiltInCategory, type CategoryType } from '@plenty/contracts/categories';
import type { ProfileCommand } from '@plenty/contracts/commands/profile';
import { domainError, type DomainError } from '@plenty/contracts/errors';
import type { ProfileEvent } from '@plenty/contracts/events/profile';
import { decideCategoryBudget } from './category-budgets.decider.js';
import { decideGoal } from './goals.decider.js';
import { changePreferences, setExchangeRates } from './preferences.decider.js';
import type { ProfileState } from './profile.state.js';
import { decideTag } from './tags.decider.js';
import { decideWallet } from './wallets.decider.js';

const sameName = (a: string | null, b: string) => a !== null && a.toLocaleLowerCase() === b.toLocaleLowerCase();

function nameTaken(state: ProfileState, name: string, exceptId?: string): boolean {
  return [...state.categories.values()].some((c) => c.id !== exceptId && sameName(c.name, name));
}

function typeOf(state: ProfileState, categoryId: string): CategoryType | null {
  return findBuiltInCategory(categoryId)?.type ?? state.categories.get(categoryId)?.type ?? null;
}

function addCategory(
  command: Extract<ProfileCommand, { type: 'AddCategory' }>,
  state: ProfileState,
): ProfileEvent[] | DomainError {
  const { commandId: _commandId, ...data } = command.data;
  if (state.categories.has(data.categoryId) || state.deletedCategoryIds.has(data.categoryId)) {
    return domainError('conflict', 409, 'categoryId');
  }
  if (nameTaken(state, data.name)) return domainError('category_name_taken', 409, 'name');
  return [{ type: 'CategoryAdded', data }];
}

function editCategory(
  command: Extract<ProfileCommand, { type: 'EditCategory' }>,
  state: ProfileState,
): ProfileEvent[] | DomainError {
  const { categoryId, changes } = command.data;
  const current = state.categories.get(categoryId);
  if (current === undefined) return domainError('category_not_found', 404, 'categoryId');
  if (changes.name !== undefined && nameTaken(state, changes.name, categoryId)) {
    return domainError('category_name_taken', 409, 'name');
  }
  const effective = Object.fromEntries(
    Object.entries(changes).filter(([key, value]) => current[key as keyof typeof current] !== value),
  );
  if (Object.keys(effective).length === 0) return domainError('nothing_to_change', 422);
  return [{ type: 'CategoryEdited', data: { categoryId, changes: effective } }];
}

function deleteCategory(
  command: Extract<ProfileCommand, { type: 'DeleteCategory' }>,
  state: ProfileState,
): ProfileEvent[] | DomainError {
  const { categoryId } = command.data;
  const current = state.categories.get(categoryId);
  if (current === undefined) return domainError('category_not_found', 404, 'categoryId');
  const replacementCategoryId = command.data.replacementCategoryId ?? FALLBACK_CATEGORY_ID;
  const replacementType = typeOf(state, replacementCategoryId);
  const fits = replacementType === 'general' || replacementType === current.type;
  if (replacementCategoryId === categoryId || replacementType === null || !fits) {
    return domainError('category_replacement_invalid', 422, 'replacementCategoryId');
  }
  return [{ type: 'CategoryDeleted', data: { categoryId, replacementCategoryId } }];
}

/** Decides what a profile command records, or why it cannot. Pure; `userId` is the profile's owner. */
export function decideProfile(
  command: ProfileCommand,
  state: ProfileState,
  userId: string,
): ProfileEvent[] | DomainError {
  switch (command.type) {
    case 'AddCategory':
      return addCategory(command, state);
    case 'EditCategory':
      return editCategory(command, state);
    case 'DeleteCategory':
      return deleteCategory(command, state);
    case 'ChangePreferences':
      return changePreferences(command, state.preferences);
    case 'SetExchangeRates':
      return setExchangeRates(command, state.preferences);
    case 'AddGoal':
    case 'EditGoal':
    case 'ContributeToGoal':
    case 'WithdrawFromGoal':
    case 'DeleteGoal':
      return decideGoal(command, state.goals);
    case 'OpenWallet':
    case 'EditWallet':
    case 'ArchiveWallet':
    case 'RestoreWallet':
    case 'ReconcileWallet':
      return decideWallet(command, state.wallets, userId);
    case 'RenameTag':
    case 'DeleteTag':
      return decideTag(command);
    case 'SetCategoryBudget':
    case 'SetCategoryRollover':
    case 'CopyCategoryBudgets':
      return decideCategoryBudget(command, state.categoryBudgets, { typeOf: (id) => typeOf(state, id) });
    default: {
      const unknownCommand: never = command;
      throw new Error(`unknown profile command ${JSON.stringify(unknownCommand)}`);
    }
  }
}
