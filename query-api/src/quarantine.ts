import {
  ACTIVITY_VIEW,
  BUDGET_ALERTS_VIEW,
  CATEGORIES_VIEW,
  CATEGORY_BUDGETS_VIEW,
  DEBT_HISTORY_VIEW,
  DEBT_ITEMS_VIEW,
  DEBT_SUMMARY_VIEW,
  DEBTS_VIEW,
  GOALS_VIEW,
  IMPORTS_VIEW,
  MONTHLY_CONTRIBUTIONS_VIEW,
  MONTHLY_SUMMARY_VIEW,
  PREFERENCES_VIEW,
  RECURRING_RULES_VIEW,
  TAGS_VIEW,
  TRANSACTION_HISTORY_VIEW,
  TRANSACTION_TOTALS_VIEW,
  TRANSACTIONS_VIEW,
  TRANSFERS_VIEW,
  VIEW_OWNERS,
  WALLETS_VIEW,
  WALLET_MONTHS_VIEW,
  WALLET_MOVEMENTS_VIEW,
  YEARLY_SUMMARY_VIEW,
} from '@plenty/contracts/views/registry';
import type { ReadStore, ViewDefinition } from '@plenty/platform/read-store/port';
import { QUARANTINE_ID, quarantineView, type QuarantineRecord } from '@plenty/projections/quarantine';

const MONTH_VIEWS = [
  PREFERENCES_VIEW,
  CATEGORY_BUDGETS_VIEW,
  MONTHLY_SUMMARY_VIEW,
  YEARLY_SUMMARY_VIEW,
  MONTHLY_CONTRIBUTIONS_VIEW,
  TRANSACTIONS_VIEW,
  RECURRING_RULES_VIEW,
];

/** A wallet's document, month sums and movements make its balances. */
const BALANCE_VIEWS = [WALLETS_VIEW, WALLET_MONTHS_VIEW, WALLET_MOVEMENTS_VIEW];

/**
 * The views each query reads, by its route (under the plugin's prefix). A user quarantined in
 * the projection of one of them (see the projector's quarantine.ts) is answered 409
 * `view_quarantined` instead of figures that stopped at the event it could not apply. A route
 * missing here reads no view (`app.test.ts` checks that every route is listed).
 */
export const ROUTE_VIEWS: Readonly<Record<string, readonly string[]>> = {
  // A search matches category and wallet names too.
  '/transactions': [TRANSACTIONS_VIEW, CATEGORIES_VIEW, WALLETS_VIEW],
  '/transactions/totals': [TRANSACTION_TOTALS_VIEW, TRANSACTIONS_VIEW, CATEGORIES_VIEW, WALLETS_VIEW],
  '/transactions/:id': [TRANSACTIONS_VIEW],
  '/transactions/:id/history': [TRANSACTION_HISTORY_VIEW, TRANSACTIONS_VIEW],
  '/categories': [CATEGORIES_VIEW],
  '/preferences': [PREFERENCES_VIEW],
  '/goals': [GOALS_VIEW],
  '/goals/:id': [GOALS_VIEW],
  '/tags': [TAGS_VIEW],
  '/debts': [DEBT_ITEMS_VIEW, DEBT_SUMMARY_VIEW, PREFERENCES_VIEW],
  '/debts/:id': [DEBTS_VIEW],
  '/debts/:id/history': [DEBT_HISTORY_VIEW],
  '/dashboard': MONTH_VIEWS,
  '/reports': MONTH_VIEWS,
  '/reports/range': MONTH_VIEWS,
  '/budgets': [...MONTH_VIEWS, CATEGORIES_VIEW],
  '/budget-alerts': [BUDGET_ALERTS_VIEW],
  '/activity': [ACTIVITY_VIEW, PREFERENCES_VIEW],
  '/wallets': [...BALANCE_VIEWS, PREFERENCES_VIEW],
  '/wallets/:id': [...BALANCE_VIEWS, PREFERENCES_VIEW],
  '/wallets/:id/movements': BALANCE_VIEWS,
  '/transfers/:id': [TRANSFERS_VIEW],
  '/recurring': [RECURRING_RULES_VIEW],
  '/recurring/:id': [RECURRING_RULES_VIEW, PREFERENCES_VIEW],
  '/upcoming': [RECURRING_RULES_VIEW, DEBTS_VIEW, PREFERENCES_VIEW],
  '/net-worth': [...BALANCE_VIEWS, DEBTS_VIEW, PREFERENCES_VIEW],
  '/export/link': [TRANSACTIONS_VIEW, CATEGORIES_VIEW, WALLETS_VIEW],
  '/receipts/:receiptId/link': [],
  '/imports': [IMPORTS_VIEW],
  '/imports/existing': [TRANSACTIONS_VIEW],
  '/imports/:id': [IMPORTS_VIEW],
};

/** The quarantine views a query process reads, registered on its own connection like `readViews`. */
export const quarantineViews: readonly ViewDefinition[] = [...new Set(Object.values(VIEW_OWNERS))].map((name) =>
  quarantineView({ name }),
);

/** The projection that writes a view, as the view registry says. */
const ownerOf = (view: string): string | undefined => (VIEW_OWNERS as Readonly<Record<string, string>>)[view];

/**
 * Answers which of a route's views are quarantined for a user: one read of the quarantine view
 * of each projection the route reads from, usually finding nothing.
 */
export function quarantineCheck(readStore: ReadStore): (route: string, userId: string) => Promise<string[]> {
  const byRoute = new Map(
    Object.entries(ROUTE_VIEWS).map(([route, views]) => {
      const quarantines = new Set<string>();
      for (const view of views) {
        const owner = ownerOf(view);
        if (owner !== undefined) quarantines.add(quarantineView({ name: owner }).name);
      }
      return [route, { views, quarantines: [...quarantines] }];
    }),
  );
  return async (route, userId) => {
    const reads = byRoute.get(route);
    if (reads === undefined || reads.quarantines.length === 0) return [];
    const records = await Promise.all(
      reads.quarantines.map((view) =>
        readStore.get<QuarantineRecord & Record<string, unknown>>(view, userId, QUARANTINE_ID),
      ),
    );
    const hidden = new Set(records.flatMap((record) => record?.doc.views ?? []));
    return reads.views.filter((view) => hidden.has(view));
  };
}
