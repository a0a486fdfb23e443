import { GOALS_VIEW } from '@plenty/contracts/views/registry';
import type { FastifyInstance } from 'fastify';
import { compareGoals, goalListSchema, goalViewSchema, type GoalView } from '@plenty/contracts/goals';
import { currentUser } from '@plenty/platform/http/auth-hook';
import { useZodRoutes } from '@plenty/platform/http/zod-routes';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { itemIdOr404, itemParamsSchema, notFound } from '../query-route.js';

/** A person's goals are few; one page holds them all. */
const MAX_GOALS = 1000;

/** The signed-in user's savings goals: nearest target date first, undated last, then by name. */
export function goalsRoutes(app: FastifyInstance, readStore: ReadStore): void {
  const api = useZodRoutes(app);
  api.get(
    '/goals',
    {
      schema: {
        summary: 'Savings goals: nearest target date first, undated last, then by name',
        response: { 200: goalListSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const page = await readStore.find<GoalView>(GOALS_VIEW, { userId: user.uid, sort: [], limit: MAX_GOALS });
      return { items: page.items.map(({ doc }) => doc).sort(compareGoals) };
    },
  );

  api.get(
    '/goals/:id',
    {
      schema: {
        summary: "One goal; 404 when missing or another user's",
        params: itemParamsSchema,
        response: { 200: goalViewSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const found = await readStore.get<GoalView>(GOALS_VIEW, user.uid, itemIdOr404(request.params.id));
      if (found === null) throw notFound();
      return found.doc;
    },
  );
}
