import { z } from 'zod';
import { LIMITS, boundedText } from './text.js';

export const CATEGORY_TYPES = ['income', 'expense', 'general'] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];
export const categoryTypeSchema = z.enum(CATEGORY_TYPES, { error: 'type_invalid' });

export const TRANSACTION_TYPES = ['income', 'expense'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const transactionTypeSchema = z.enum(TRANSACTION_TYPES, { error: 'type_invalid' });

/** An icon's name from the app's icon set ("utensils", "credit-card"): lowercase letters, digits and dashes. */
export const iconSchema = boundedText(LIMITS.icon, 'icon_required').pipe(
  z.string().regex(/^[a-z0-9-]+$/, { error: 'field_invalid' }),
);

export const colorSchema = z
  .string({ error: 'color_required' })
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'color_invalid' })
  .transform((s) => s.toLowerCase());

export interface BuiltInCategory {
  readonly id: string;
  /** Message id of the translated name in locales/. */
  readonly nameKey: string;
  readonly type: CategoryType;
  readonly icon: string;
  readonly color: string;
}

const builtIn = (slug: string, type: CategoryType, icon: string, color: string): BuiltInCategory => ({
  id: `builtin-${slug}`,
  nameKey: `category.builtin.${slug}`,
  type,
  icon,
  color,
});

/** The general set every user starts with (DESIGN.md section 9). */
export const BUILT_IN_CATEGORIES: readonly BuiltInCategory[] = [
  builtIn('food', 'expense', 'utensils', '#f97316'),
  builtIn('transport', 'expense', 'bus', '#0ea5e9'),
  builtIn('housing', 'expense', 'home', '#8b5cf6'),
  builtIn('utilities', 'expense', 'bolt', '#eab308'),
  builtIn('health', 'expense', 'heart-pulse', '#ef4444'),
  builtIn('shopping', 'expense', 'shopping-bag', '#ec4899'),
  builtIn('entertainment', 'expense', 'film', '#a855f7'),
  builtIn('education', 'expense', 'book', '#14b8a6'),
  // "Interest & fees": the interest of debt installments paid from a wallet (events/debt.ts).
  builtIn('interest', 'expense', 'coins', '#b45309'),
  builtIn('salary', 'income', 'wallet', '#22c55e'),
  builtIn('business', 'income', 'briefcase', '#10b981'),
  builtIn('gifts', 'general', 'gift', '#f43f5e'),
  builtIn('other', 'general', 'dots', '#64748b'),
];

export const FALLBACK_CATEGORY_ID = 'builtin-other';

/** The expense category of the interest part of debt installments paid from a wallet. */
export const INTEREST_CATEGORY_ID = 'builtin-interest';

export function findBuiltInCategory(id: string): BuiltInCategory | undefined {
  return BUILT_IN_CATEGORIES.find((c) => c.id === id);
}

/** A transaction of a type may use a category of the same type, or a general one. */
export function categoryFitsTransaction(categoryType: CategoryType, transactionType: TransactionType): boolean {
  return categoryType === 'general' || categoryType === transactionType;
}

/** Category ids: a built-in id, or a client-generated UUID. */
export const categoryIdSchema = z
  .string({ error: 'category_required' })
  .min(1, { error: 'category_required' })
  .max(64, { error: 'id_invalid' })
  .regex(/^(builtin-[a-z]+|[0-9a-fA-F-]{36})$/, { error: 'id_invalid' })
  .transform((s) => s.toLowerCase());
