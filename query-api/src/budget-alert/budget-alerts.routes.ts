import type { FastifyInstance } from 'fastify';
import {
  budgetAlertsQuerySchema,
  type BudgetAlertsDoc,
  type BudgetAlertsView,
} from '@plenty/contracts/views/budget-alerts';
import { currentUser } from '@plenty/platform/http/auth-hook';
import { parseOrThrow } from '@plenty/platform/http/errors';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { BUDGET_ALERTS_VIEW } from '../read-views.js';

/** The spending alerts of one month: its last evaluated budget status and alerts, oldest first. */
export function budgetAlertsRoutes(app: FastifyInstance, readStore: ReadStore): void {
  app.get('/budget-alerts', async (request): Promise<BudgetAlertsView> => {
    const user = currentUser(request);
    const { month } = parseOrThrow(budgetAlertsQuerySchema, request.query);
    const stored = await readStore.get<BudgetAlertsDoc>(BUDGET_ALERTS_VIEW, user.uid, month);
    if (stored === null) return { month, status: null, alerts: [] };
    return { month, status: stored.doc.status, alerts: stored.doc.alerts };
  });
}
