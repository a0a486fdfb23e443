import { z } from 'zod';
import { budgetStatusSchema } from './budget-status.js';
import { monthSchema } from './calendar/schema.js';
import { categoryIdSchema } from './categories.js';
import { uuidSchema } from './ids.js';
import { moneySchema, positiveMoneySchema, type Money } from './money.js';

/*
 * Budgets per category, beside the overall monthly budget (preferences' `monthlyBudget`).
 *
 * A category's limit for a month is, in this order:
 * 1. the limit set for that month only (`repeat: false`; null there means "no budget this month");
 * 2. else the latest limit set to carry on (`repeat: true`) from a month at or before it (null:
 *    budgeting of the category stopped from that month);
 * 3. else none.
 * Setting a carrying-on limit from month M also drops a month-only limit of M itself (the user
 * just set M). Later carrying-on entries stay: each holds from its own month.
 *
 * Only categories that take expenses (type `expense` or `general`) have budgets
 * (`category_type_mismatch`); a deleted category's budget goes with it (its transactions move to
 * the replacement, whose own budget is unchanged). Limits are money in any supported currency,
 * converted to the display currency at the user's rates like the overall budget.
 *
 * Rollover (per category, on or off): what was left of a month's limit (never an overspend) is
 * added to the next month's, month after month, as long as each month has a limit; a month
 * without one ends the chain. Computed when read, in the display currency at the current rates
 * (`rolloverCarried`).
 *
 * Spending of a category in a month is what its transactions and split lines count in it
 * (splits.ts `categoryParts`); "unbudgeted" is the month's expenses in categories with no limit.
 * Status levels and colors are the overall budget's (budget-status.ts).
 */

// Events on `profile-<uid>`.
export const categoryBudgetSetSchema = z
  .object({
    categoryId: categoryIdSchema,
    month: monthSchema,
    limit: positiveMoneySchema.nullable(),
    repeat: z.boolean({ error: 'field_invalid' }),
  })
  .strict();
export const categoryRolloverSetSchema = z
  .object({ categoryId: categoryIdSchema, rollover: z.boolean({ error: 'field_invalid' }) })
  .strict();

export type CategoryBudgetSet = { type: 'CategoryBudgetSet'; data: z.infer<typeof categoryBudgetSetSchema> };
export type CategoryRolloverSet = { type: 'CategoryRolloverSet'; data: z.infer<typeof categoryRolloverSetSchema> };
export type CategoryBudgetEvent = CategoryBudgetSet | CategoryRolloverSet;

export const categoryBudgetEventSchemas = {
  CategoryBudgetSet: categoryBudgetSetSchema,
  CategoryRolloverSet: categoryRolloverSetSchema,
} as const;
export const categoryBudgetPersonalFields = {
  CategoryBudgetSet: [],
  CategoryRolloverSet: [],
} as const satisfies Record<CategoryBudgetEvent['type'], readonly string[]>;

// Commands (stream `profile`).
const commandBase = { commandId: uuidSchema };
export const setCategoryBudgetSchema = categoryBudgetSetSchema.extend(commandBase).strict();
export const setCategoryRolloverSchema = categoryRolloverSetSchema.extend(commandBase).strict();
/**
 * Makes month `to` like month `from`: each category's limit of `from` is set for `to` only
 * (`repeat: false`), and a category with a limit in `to` but none in `from` gets null for `to`.
 * One CategoryBudgetSet per category that changes; none when nothing changes. `from` equal to
 * `to`: 400 `field_invalid` on `to`.
 */
export const copyCategoryBudgetsSchema = z
  .object({ ...commandBase, from: monthSchema, to: monthSchema })
  .strict()
  .refine((command) => command.from !== command.to, { error: 'field_invalid', path: ['to'] });

export type SetCategoryBudget = { type: 'SetCategoryBudget'; data: z.infer<typeof setCategoryBudgetSchema> };
export type SetCategoryRollover = { type: 'SetCategoryRollover'; data: z.infer<typeof setCategoryRolloverSchema> };
export type CopyCategoryBudgets = { type: 'CopyCategoryBudgets'; data: z.infer<typeof copyCategoryBudgetsSchema> };
export type CategoryBudgetCommand = SetCategoryBudget | SetCategoryRollover | CopyCategoryBudgets;
export const categoryBudgetCommandSchemas = {
  SetCategoryBudget: setCategoryBudgetSchema,
  SetCategoryRollover: setCategoryRolloverSchema,
  CopyCategoryBudgets: copyCategoryBudgetsSchema,
} as const;

/**
 * A document of the `category_budgets` view (projection `budgets`): one per category of a user
 * that was ever given a budget or a rollover setting (id: the category id).
 */
export const categoryBudgetDocSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  /** Carrying-on limits, by the month they hold from, oldest first, one per month. */
  plan: z.array(z.object({ from: monthSchema, limit: moneySchema.nullable() })),
  /** Month-only limits by month (`YYYY-MM`); null: no budget that month. */
  months: z.record(z.string(), moneySchema.nullable()),
  rollover: z.boolean(),
});
export type CategoryBudgetDoc = z.infer<typeof categoryBudgetDocSchema>;

export const emptyCategoryBudget = (categoryId: string): CategoryBudgetDoc => ({
  id: categoryId,
  categoryId,
  plan: [],
  months: {},
  rollover: false,
});

/** The document after a CategoryBudgetSet (used by the projection and by the command side's state). */
export function applyCategoryBudgetSet(
  doc: CategoryBudgetDoc,
  data: { readonly month: string; readonly limit: Money | null; readonly repeat: boolean },
): CategoryBudgetDoc {
  if (!data.repeat) return { ...doc, months: { ...doc.months, [data.month]: data.limit } };
  const plan = [...doc.plan.filter((entry) => entry.from !== data.month), { from: data.month, limit: data.limit }];
  plan.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  const months = Object.fromEntries(Object.entries(doc.months).filter(([month]) => month !== data.month));
  return { ...doc, plan, months };
}

/** A category's limit in a month and where it comes from; `limit` null: no budget that month. */
export function categoryLimitIn(
  doc: Pick<CategoryBudgetDoc, 'plan' | 'months'>,
  month: string,
): { limit: Money | null; repeat: boolean | null } {
  if (Object.hasOwn(doc.months, month)) return { limit: doc.months[month] ?? null, repeat: false };
  let found: { from: string; limit: Money | null } | undefined;
  for (const entry of doc.plan) if (entry.from <= month) found = entry;
  return found === undefined ? { limit: null, repeat: null } : { limit: found.limit, repeat: true };
}

/** The first month a category has a limit in, or null: where a rollover chain can begin. */
export function firstBudgetMonth(doc: Pick<CategoryBudgetDoc, 'plan' | 'months'>): string | null {
  const months = [
    ...doc.plan.filter((entry) => entry.limit !== null).map((entry) => entry.from),
    ...Object.entries(doc.months)
      .filter(([, limit]) => limit !== null)
      .map(([month]) => month),
  ];
  return months.length === 0 ? null : months.reduce((a, b) => (a < b ? a : b));
}

/**
 * What rollover carries into the month after the last of `months` (consecutive months, oldest
 * first, each with its limit and spending in one currency): what was left of each month's limit
 * plus what it was carried, never below zero; a month without a limit carries nothing on.
 */
export function rolloverCarried(months: readonly { readonly limit: bigint | null; readonly spent: bigint }[]): bigint {
  let carried = 0n;
  for (const month of months) {
    if (month.limit === null) {
      carried = 0n;
      continue;
    }
    const left = month.limit + carried - month.spent;
    carried = left > 0n ? left : 0n;
  }
  return carried;
}

const minor = z.number().int();
const nonNegativeMinor = z.number().int().nonnegative();

/** One budgeted category in a month; amounts in the display currency. */
export const categoryBudgetLineSchema = z.object({
  categoryId: z.string(),
  /** The month's own limit, converted. */
  limit: nonNegativeMinor,
  /** The limit as set (its own currency). */
  limitOriginal: moneySchema,
  /** True when it carries on from an earlier month, false when set for this month only. */
  repeat: z.boolean(),
  rollover: z.boolean(),
  /** What rollover brought from the months before (0 without rollover). */
  carried: nonNegativeMinor,
  /** limit + carried: what the month may spend. */
  available: nonNegativeMinor,
  /** What the category's transactions and split lines spent this month. */
  spent: nonNegativeMinor,
  /** available − spent, negative once over. */
  remaining: minor,
  /** spent / available in basis points, rounded down; null when available is 0. */
  percentUsed: z.number().int().nullable(),
  status: budgetStatusSchema,
});
export type CategoryBudgetLine = z.infer<typeof categoryBudgetLineSchema>;

/** Category budgets of one month, part of the dashboard, the reports and the budget page. */
export const categoryBudgetsSummarySchema = z.object({
  /** Budgeted categories, highest percentUsed first, then by category id. */
  items: z.array(categoryBudgetLineSchema),
  /** Sum of `available`. */
  budgeted: nonNegativeMinor,
  /** What the budgeted categories spent. */
  spentBudgeted: nonNegativeMinor,
  /** The month's expenses in categories without a limit: the month's expenses − spentBudgeted. */
  unbudgeted: nonNegativeMinor,
  /** Those categories, largest first, then by id. */
  unbudgetedCategories: z.array(z.object({ categoryId: z.string(), spent: nonNegativeMinor })),
});
export type CategoryBudgetsSummary = z.infer<typeof categoryBudgetsSummarySchema>;

/** `GET /api/queries/budgets?month=YYYY-MM` (default: the current month in the user's zone). */
export const budgetPlanQuerySchema = z.object({ month: monthSchema.optional() }).strict();
export type BudgetPlanQuery = z.infer<typeof budgetPlanQuerySchema>;

/** The budget page: the month's category budgets and what it needs to edit them. */
export const budgetPlanSchema = z.object({
  month: monthSchema,
  today: z.string(),
  currency: z.string(),
  ratesDate: z.string().nullable(),
  categories: categoryBudgetsSummarySchema,
  /**
   * Every category with a budget setting (this month, last month, or rollover on), with the
   * month's limit as set, last month's, and both months' spending (display currency), so the
   * page can offer "same as last month". Categories without an entry have neither.
   */
  settings: z.array(
    z.object({
      categoryId: z.string(),
      limit: moneySchema.nullable(),
      /** null when this month has no setting of its own nor a carrying-on one. */
      repeat: z.boolean().nullable(),
      previous: moneySchema.nullable(),
      rollover: z.boolean(),
    }),
  ),
  /** Expense spending by category this month and last month (display currency), largest first. */
  spending: z.array(z.object({ categoryId: z.string(), spent: nonNegativeMinor, spentPrevious: nonNegativeMinor })),
  outOfRange: z.boolean(),
});
export type BudgetPlan = z.infer<typeof budgetPlanSchema>;
