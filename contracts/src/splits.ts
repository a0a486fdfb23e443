import { z } from 'zod';
import { categoryIdSchema } from './categories.js';
import { LIMITS, freeText } from './text.js';

/*
 * Split transactions: one transaction (one wallet movement, one amount) whose amount is shared
 * among several category lines. Every figure by category (budgets, reports, charts, totals by
 * category, the CSV export) counts the lines in their categories; every figure of the whole
 * (the month's expenses, the overall budget, wallet balances, counts) counts the transaction once.
 *
 * Rules (AddTransaction, EditTransaction, recurring rules; error codes in errors.ts):
 * - 2 to MAX_SPLIT_LINES lines; each amount a positive integer in minor units of the
 *   transaction's currency; the line amounts add up to the transaction's amount exactly
 *   (`split_total_mismatch` otherwise);
 * - every line's category exists, is not deleted and suits the transaction's type, as the
 *   transaction's own category must (`category_not_found`, `category_type_mismatch`);
 * - the transaction's `categoryId` is its first line's (`split_category_mismatch` otherwise; an
 *   edit that sends new lines without a category gets the first line's in its event);
 * - an edit that changes the amount, the currency or the type of a split transaction without
 *   sending lines that fit is refused (`split_total_mismatch` / `category_type_mismatch`);
 *   `splits: null` makes it a one-category transaction again (of `categoryId`).
 * A category deleted with a replacement moves its lines to the replacement (two lines may then
 * share a category; they are kept apart).
 */

export const MAX_SPLIT_LINES = 20;

export const splitLineSchema = z
  .object({
    categoryId: categoryIdSchema,
    /** Minor units of the transaction's currency. */
    amount: z
      .number({ error: 'amount_invalid' })
      .int({ error: 'amount_invalid' })
      .positive({ error: 'amount_invalid' })
      .max(Number.MAX_SAFE_INTEGER, { error: 'amount_too_large' }),
    note: freeText(LIMITS.note).optional(),
  })
  .strict();
export type SplitLine = z.infer<typeof splitLineSchema>;

export const splitLinesSchema = z
  .array(splitLineSchema, { error: 'field_invalid' })
  .min(2, { error: 'split_too_few_lines' })
  .max(MAX_SPLIT_LINES, { error: 'split_too_many_lines' });

/** Whether the lines add up to the amount exactly (exact even past 2^53). */
export const splitAddsUp = (lines: readonly { readonly amount: number }[], amount: number): boolean =>
  lines.reduce((sum, line) => sum + BigInt(line.amount), 0n) === BigInt(amount);

/** A line as views keep it: the note null when there is none. */
export const splitLineViewSchema = z.object({
  categoryId: z.string(),
  amount: z.number().int().positive(),
  note: z.string().nullable(),
});
export type SplitLineView = z.infer<typeof splitLineViewSchema>;

/**
 * What a transaction counts in each category: its lines, or its whole amount in its category.
 * The one place every projection and query reads categories of a transaction from.
 */
export function categoryParts(transaction: {
  readonly categoryId: string;
  readonly amount: { readonly amount: number };
  readonly splits?: readonly { readonly categoryId: string; readonly amount: number }[] | null | undefined;
}): { categoryId: string; amount: number }[] {
  const lines = transaction.splits;
  if (lines === undefined || lines === null || lines.length === 0) {
    return [{ categoryId: transaction.categoryId, amount: transaction.amount.amount }];
  }
  return lines.map((line) => ({ categoryId: line.categoryId, amount: line.amount }));
}
