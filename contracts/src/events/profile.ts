import { z } from 'zod';
import { categoryIdSchema, categoryTypeSchema, colorSchema, iconSchema } from '../categories.js';
import { goalEventSchemas, goalPersonalFields, type GoalEvent } from '../goals.js';
import { uuidSchema } from '../ids.js';
import { LIMITS, boundedText } from '../text.js';
import { walletEventSchemas, walletPersonalFields, type WalletEvent } from '../wallets.js';
import { tagEventSchemas, tagPersonalFields, type TagEvent } from '../tags.js';
import {
  categoryBudgetEventSchemas,
  categoryBudgetPersonalFields,
  type CategoryBudgetEvent,
} from '../category-budgets.js';
import {
  exchangeRatesSetSchema,
  preferencesChangedSchema,
  type ExchangeRatesSet,
  type PreferencesChanged,
} from '../preferences.js';

export const categoryNameSchema = boundedText(LIMITS.categoryName, 'name_required');
export { iconSchema };

export const categoryAddedSchema = z
  .object({
    categoryId: uuidSchema,
    name: categoryNameSchema,
    type: categoryTypeSchema,
    icon: iconSchema,
    color: colorSchema,
  })
  .strict();

export const categoryChangesSchema = z
  .object({
    name: categoryNameSchema.optional(),
    type: categoryTypeSchema.optional(),
    icon: iconSchema.optional(),
    color: colorSchema.optional(),
  })
  .strict();

export const categoryEditedSchema = z.object({ categoryId: uuidSchema, changes: categoryChangesSchema }).strict();

/** Transactions of a deleted category move to the replacement; none is orphaned. */
export const categoryDeletedSchema = z
  .object({ categoryId: uuidSchema, replacementCategoryId: categoryIdSchema })
  .strict();

export type CategoryAdded = { type: 'CategoryAdded'; data: z.infer<typeof categoryAddedSchema> };
export type CategoryEdited = { type: 'CategoryEdited'; data: z.infer<typeof categoryEditedSchema> };
export type CategoryDeleted = { type: 'CategoryDeleted'; data: z.infer<typeof categoryDeletedSchema> };
export type ProfileEvent =
  | CategoryAdded
  | CategoryEdited
  | CategoryDeleted
  | PreferencesChanged
  | ExchangeRatesSet
  | GoalEvent
  | WalletEvent
  | TagEvent
  | CategoryBudgetEvent;
export type { CategoryBudgetEvent, ExchangeRatesSet, GoalEvent, PreferencesChanged, TagEvent, WalletEvent };

export const profileEventSchemas = {
  CategoryAdded: categoryAddedSchema,
  CategoryEdited: categoryEditedSchema,
  CategoryDeleted: categoryDeletedSchema,
  PreferencesChanged: preferencesChangedSchema,
  ExchangeRatesSet: exchangeRatesSetSchema,
  ...goalEventSchemas,
  ...walletEventSchemas,
  ...tagEventSchemas,
  ...categoryBudgetEventSchemas,
} as const;

export const profilePersonalFields = {
  CategoryAdded: ['name'],
  CategoryEdited: ['changes.name'],
  CategoryDeleted: [],
  PreferencesChanged: [],
  ExchangeRatesSet: [],
  ...goalPersonalFields,
  ...walletPersonalFields,
  ...tagPersonalFields,
  ...categoryBudgetPersonalFields,
} as const satisfies Record<ProfileEvent['type'], readonly string[]>;
