import { z } from 'zod';
import { categoryIdSchema } from '../categories.js';
import { categoryAddedSchema, categoryChangesSchema } from '../events/profile.js';
import { goalCommandSchemas, type GoalCommand } from '../goals.js';
import { uuidSchema } from '../ids.js';
import {
  changePreferencesSchema,
  setExchangeRatesSchema,
  type ChangePreferences,
  type SetExchangeRates,
} from '../preferences.js';
import { walletCommandSchemas, type WalletCommand } from '../wallets.js';
import { tagCommandSchemas, type TagCommand } from '../tags.js';
import { categoryBudgetCommandSchemas, type CategoryBudgetCommand } from '../category-budgets.js';

const commandBase = { commandId: uuidSchema };

export const addCategorySchema = categoryAddedSchema.extend(commandBase).strict();

export const editCategorySchema = z
  .object({
    ...commandBase,
    categoryId: uuidSchema,
    changes: categoryChangesSchema.refine((c) => Object.keys(c).length > 0, { error: 'nothing_to_change' }),
  })
  .strict();

export const deleteCategorySchema = z
  .object({ ...commandBase, categoryId: uuidSchema, replacementCategoryId: categoryIdSchema.optional() })
  .strict();

export type AddCategory = { type: 'AddCategory'; data: z.infer<typeof addCategorySchema> };
export type EditCategory = { type: 'EditCategory'; data: z.infer<typeof editCategorySchema> };
export type DeleteCategory = { type: 'DeleteCategory'; data: z.infer<typeof deleteCategorySchema> };
export type ProfileCommand =
  | AddCategory
  | EditCategory
  | DeleteCategory
  | ChangePreferences
  | SetExchangeRates
  | GoalCommand
  | WalletCommand
  | TagCommand
  | CategoryBudgetCommand;
export type { CategoryBudgetCommand, ChangePreferences, GoalCommand, SetExchangeRates, TagCommand, WalletCommand };

export const profileCommandSchemas = {
  AddCategory: addCategorySchema,
  EditCategory: editCategorySchema,
  DeleteCategory: deleteCategorySchema,
  ChangePreferences: changePreferencesSchema,
  SetExchangeRates: setExchangeRatesSchema,
  ...goalCommandSchemas,
  ...walletCommandSchemas,
  ...tagCommandSchemas,
  ...categoryBudgetCommandSchemas,
} as const;
