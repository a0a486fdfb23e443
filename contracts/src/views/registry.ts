/**
 * The one list of read-model views: the name of every view (a collection of the read store)
 * and the projection that writes it. Data only: the projections (`@plenty/projections`)
 * define each view's fields and indexes and fill it; the query API reads views by these
 * names and answers `view_quarantined` by their owners. A view belongs to one projection;
 * another projection may read it (declared in its `reads`), always as it stood before the event
 * being applied, so the order the projections run in changes nothing.
 */

/** Every projection, by name. `account-erasure` writes no view: it purges a user's documents. */
export const PROJECTION_NAMES = [
  'account-erasure',
  'activity',
  'budget-alerts',
  'budgets',
  'categories',
  'debt-history',
  'debts',
  'goals',
  'imports',
  'monthly-summary',
  'preferences',
  'recurring',
  'tags',
  'transaction-history',
  'transaction-totals',
  'transactions',
  'wallets',
  'weekly-report-subscribers',
] as const;
export type ProjectionName = (typeof PROJECTION_NAMES)[number];

export const ACTIVITY_VIEW = 'activity';
export const BUDGET_ALERTS_VIEW = 'budget_alerts';
export const CATEGORIES_VIEW = 'categories';
export const DEBT_HISTORY_VIEW = 'debt_history';
export const DEBTS_VIEW = 'debts';
export const DEBT_ITEMS_VIEW = 'debt_items';
export const DEBT_SUMMARY_VIEW = 'debt_summaries';
export const GOALS_VIEW = 'goals';
export const MONTHLY_SUMMARY_VIEW = 'monthly_summary';
export const YEARLY_SUMMARY_VIEW = 'yearly_summary';
export const MONTHLY_CONTRIBUTIONS_VIEW = 'monthly_contributions';
export const PREFERENCES_VIEW = 'preferences';
export const TRANSACTION_HISTORY_VIEW = 'transaction_history';
export const TRANSACTION_TOTALS_VIEW = 'transaction_totals';
export const TRANSACTIONS_VIEW = 'transactions';
export const WEEKLY_REPORT_SUBSCRIBERS_VIEW = 'weekly_report_subscribers';
/** One document per wallet of a user, default wallets once they have a movement or an event. */
export const WALLETS_VIEW = 'wallets';
/** One document per movement of a wallet (`tx:`, `out:`, `in:`, `pay:`, `borrow:`, `adj:` + source id). */
export const WALLET_MOVEMENTS_VIEW = 'wallet_movements';
/** The signed sum and count of a wallet's movements per month (`<walletId>:<YYYY-MM>`). */
export const WALLET_MONTHS_VIEW = 'wallet_months';
export const TRANSFERS_VIEW = 'transfers';
/** The wallets projection's own record of each source of movements, kept after a deletion (not read by queries). */
export const WALLET_SOURCES_VIEW = 'wallet_sources';
/** One document per recurring rule of a user (views/recurring.ts `RecurringRuleDoc`). */
export const RECURRING_RULES_VIEW = 'recurring_rules';
/** Under the system user: active `auto` rules by their next occurrence, for the poster. */
export const RECURRING_DUE_VIEW = 'recurring_due';
/** Under the system user: rules with reminders on, by their next occurrence, for the reminder mailer. */
export const REMINDERS_DUE_VIEW = 'reminders_due';
/** Under the system user: active debts by their next pending installment, for the reminder mailer. */
export const INSTALLMENTS_DUE_VIEW = 'installments_due';
/** One document per import batch of a user (imports.ts `ImportView`), keyed by the batch id. */
export const IMPORTS_VIEW = 'imports';
/** One document per category with a budget setting (category-budgets.ts `CategoryBudgetDoc`), keyed by category id. */
export const CATEGORY_BUDGETS_VIEW = 'category_budgets';
/** One document per tag of a user (tags.ts `TagView`), keyed by `tagKey`. */
export const TAGS_VIEW = 'tags';
/** One document per (transaction, tag) (tags.ts `TagLinkDoc`), for renames and deletions of a tag. */
export const TAG_LINKS_VIEW = 'tag_links';

/** Each view and the projection that writes it. */
export const VIEW_OWNERS = {
  [ACTIVITY_VIEW]: 'activity',
  [BUDGET_ALERTS_VIEW]: 'budget-alerts',
  [CATEGORIES_VIEW]: 'categories',
  [DEBT_HISTORY_VIEW]: 'debt-history',
  [DEBTS_VIEW]: 'debts',
  [DEBT_ITEMS_VIEW]: 'debts',
  [DEBT_SUMMARY_VIEW]: 'debts',
  [GOALS_VIEW]: 'goals',
  [MONTHLY_SUMMARY_VIEW]: 'monthly-summary',
  [YEARLY_SUMMARY_VIEW]: 'monthly-summary',
  [MONTHLY_CONTRIBUTIONS_VIEW]: 'monthly-summary',
  [PREFERENCES_VIEW]: 'preferences',
  [TRANSACTION_HISTORY_VIEW]: 'transaction-history',
  [TRANSACTION_TOTALS_VIEW]: 'transaction-totals',
  [TRANSACTIONS_VIEW]: 'transactions',
  [WEEKLY_REPORT_SUBSCRIBERS_VIEW]: 'weekly-report-subscribers',
  [WALLETS_VIEW]: 'wallets',
  [WALLET_MOVEMENTS_VIEW]: 'wallets',
  [WALLET_MONTHS_VIEW]: 'wallets',
  [TRANSFERS_VIEW]: 'wallets',
  [WALLET_SOURCES_VIEW]: 'wallets',
  [RECURRING_RULES_VIEW]: 'recurring',
  [RECURRING_DUE_VIEW]: 'recurring',
  [REMINDERS_DUE_VIEW]: 'recurring',
  [INSTALLMENTS_DUE_VIEW]: 'debts',
  [IMPORTS_VIEW]: 'imports',
  [CATEGORY_BUDGETS_VIEW]: 'budgets',
  [TAGS_VIEW]: 'tags',
  [TAG_LINKS_VIEW]: 'tags',
} as const satisfies Readonly<Record<string, ProjectionName>>;
export type ViewName = keyof typeof VIEW_OWNERS;
