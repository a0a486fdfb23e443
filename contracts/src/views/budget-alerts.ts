import { z } from 'zod';
import { budgetStatusSchema } from '../budget-status.js';
import { monthSchema } from '../calendar/schema.js';
import { currencySchema } from '../money.js';

/** The budget statuses that raise a spending alert when the month's status rises into them. */
export const ALERT_LEVELS = ['approaching', 'critical', 'over'] as const;
export type AlertLevel = (typeof ALERT_LEVELS)[number];
export const alertLevelSchema = z.enum(ALERT_LEVELS);

/** How many alerts a month keeps, newest last. */
export const MAX_ALERTS_PER_MONTH = 10;

/**
 * One crossing: the month's budget status rose into `level` with the event `eventId`
 * (recorded at `at`, its `occurredAt`). `spent` and `limit` are integer minor units of
 * `currency`, the user's display currency when the event happened.
 */
export const budgetAlertSchema = z.object({
  level: alertLevelSchema,
  at: z.iso.datetime(),
  eventId: z.string(),
  /** The transaction the event added, edited or deleted; null for a change of preferences or rates. */
  transactionId: z.string().nullable(),
  spent: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
  currency: currencySchema,
  /**
   * The category whose own budget (category-budgets.ts) the alert is about; null (or absent in
   * older documents) for the overall monthly budget. A category's alerts follow the
   * `categoryAlerts` preference, the overall budget's `spendingAlerts`.
   */
  categoryId: z.string().nullable().optional(),
});
export type BudgetAlert = z.infer<typeof budgetAlertSchema>;

/**
 * A document of the `budget_alerts` view: one per user and month (id `YYYY-MM`), the month's
 * status as last evaluated and its alerts, oldest first, at most MAX_ALERTS_PER_MONTH.
 */
export const budgetAlertsDocSchema = z.object({
  month: monthSchema,
  status: budgetStatusSchema,
  alerts: z.array(budgetAlertSchema).max(MAX_ALERTS_PER_MONTH),
});
export type BudgetAlertsDoc = z.infer<typeof budgetAlertsDocSchema>;

/** `GET /api/queries/budget-alerts?month=YYYY-MM`; a bad or missing month: 400, field `month`, code `date_invalid`. */
export const budgetAlertsQuerySchema = z.object({ month: monthSchema }).strict();
export type BudgetAlertsQuery = z.infer<typeof budgetAlertsQuerySchema>;

/** The answer: the month's document, or `status: null` and no alerts when nothing was evaluated yet. */
export const budgetAlertsViewSchema = z.object({
  month: monthSchema,
  status: budgetStatusSchema.nullable(),
  alerts: z.array(budgetAlertSchema),
});
export type BudgetAlertsView = z.infer<typeof budgetAlertsViewSchema>;
