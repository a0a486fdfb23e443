import { z } from 'zod';
import { monthSchema } from '../calendar/schema.js';
import { transactionTypeSchema } from '../categories.js';
import { currencySchema, exactTotalSchema, moneySchema } from '../money.js';

/*
 * The read-model documents behind the dashboard and the reports: per user, month and currency,
 * what the transactions add up to (see views/dashboard.ts for the answers built from them).
 */

/**
 * Sums of one currency in a month, a category or a day: amounts in minor units of that
 * currency, exact (a number while safe, else a decimal string: `ExactTotal`).
 */
export const summaryCellSchema = z.object({
  income: exactTotalSchema,
  expense: exactTotalSchema,
  incomeCount: z.number().int().nonnegative(),
  expenseCount: z.number().int().nonnegative(),
});
export type SummaryCell = z.infer<typeof summaryCellSchema>;

/** Cells by currency; a currency with nothing recorded has no entry. */
export const cellsByCurrencySchema = z.partialRecord(currencySchema, summaryCellSchema);
export type CellsByCurrency = z.infer<typeof cellsByCurrencySchema>;

/**
 * A document of the `monthly_summary` view: one per user and month that has transactions
 * (id `YYYY-MM`, the month of each transaction's local date), with the sums as recorded, per
 * currency, so any display currency and rate table converts each total once.
 */
export const monthlySummaryDocSchema = z.object({
  id: monthSchema,
  /** Transactions of the month (a split one once). */
  count: z.number().int().positive(),
  currencies: cellsByCurrencySchema,
  /**
   * By category id; only categories with transactions this month. A split transaction counts its
   * lines in their categories (`categoryParts`), once in each category it has lines in.
   */
  categories: z.record(z.string(), cellsByCurrencySchema),
  /** By local date `YYYY-MM-DD`; only days with transactions. */
  days: z.record(z.string(), cellsByCurrencySchema),
});
export type MonthlySummaryDoc = z.infer<typeof monthlySummaryDocSchema>;

/**
 * A document of the `yearly_summary` view: one per user and year that has transactions (id
 * `YYYY`), with each month's sums per currency, so a trend over many months reads a year or
 * two instead of every month's details.
 */
export const yearlySummaryDocSchema = z.object({
  id: z.string().regex(/^\d{4}$/),
  /** By month `YYYY-MM`; only months with transactions. */
  months: z.record(z.string(), cellsByCurrencySchema),
});
export type YearlySummaryDoc = z.infer<typeof yearlySummaryDocSchema>;

/**
 * A document of the `monthly_contributions` view: what one transaction adds to its month's
 * summary (id: the transaction id), so an edit or a deletion takes out exactly what was put
 * in. A deleted transaction keeps a marker without amounts, so an event delivered again
 * after the deletion finds it.
 */
export const monthlyContributionDocSchema = z.union([
  z.object({
    id: z.string(),
    month: monthSchema,
    date: z.string(),
    type: transactionTypeSchema,
    categoryId: z.string(),
    amount: moneySchema,
    /**
     * A split transaction's lines (splits.ts), as they were counted in the categories, so an edit
     * or a deletion takes out exactly what was put in; absent: the whole amount is `categoryId`'s.
     */
    splits: z.array(z.object({ categoryId: z.string(), amount: z.number().int().positive() })).optional(),
  }),
  z.object({ id: z.string(), deleted: z.literal(true) }),
]);
/**
 * Contribution ids of the interest of wallet-paid installments (`payment:<paymentId>`): they
 * count in the month's expenses but are no transaction (projections/src/monthly-interest.ts).
 */
export const PAYMENT_CONTRIBUTION_PREFIX = 'payment:';

export type MonthlyContributionDoc = z.infer<typeof monthlyContributionDocSchema>;
