import { BUDGET_ALERTS_VIEW } from '@plenty/contracts/views/registry';
import type { FastifyInstance } from 'fastify';
import {
  budgetAlertsQuerySchema,
  budgetAlertsViewSchema,
  type BudgetAlertsDoc,
} from '@plenty/contracts/views/budget-alerts';
import { currentUser } from '@plenty/platform/http/auth-hook';
import { useZodRoutes } from '@plenty/platform/http/zod-routes';
import type { ReadStore } from '@plenty/platform/read-store/port';

/** The spending alerts of one month: its last evaluated budget status and alerts, oldest first. */
export function budgetAlertsRoutes(app: FastifyInstance, readStore: ReadStore): void {
  useZodRoutes(app).get(
    '/budget-alerts',
    {
      schema: {
        summary: "The month's budget status as last evaluated and its spending alerts, oldest first",
        querystring: budgetAlertsQuerySchema,
        response: { 200: budgetAlertsViewSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { month } = request.query;
      const stored = await readStore.get<BudgetAlertsDoc>(BUDGET_ALERTS_VIEW, user.uid, month);
      if (stored === null) return { month, status: null, alerts: [] };
      return { month, status: stored.doc.status, alerts: stored.doc.alerts };
    },
  );
}
