import { BUDGET_ALERTS_VIEW } from '@plenty/contracts/views/registry';
import type { FastifyInstance } from 'fastify';
import type { BudgetAlertsDoc } from '@plenty/contracts/views/budget-alerts';
import { QUERY_ROUTES } from '@plenty/contracts/views/query-routes';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { queryRoute } from '../query-route.js';

/** The spending alerts of one month: its last evaluated budget status and alerts, oldest first. */
export function budgetAlertsRoutes(app: FastifyInstance, readStore: ReadStore): void {
  queryRoute(app, QUERY_ROUTES.budgetAlerts, async ({ user, query: { month } }) => {
    const stored = await readStore.get<BudgetAlertsDoc>(BUDGET_ALERTS_VIEW, user.uid, month);
    if (stored === null) return { month, status: null, alerts: [] };
    return { month, status: stored.doc.status, alerts: stored.doc.alerts };
  });
}
