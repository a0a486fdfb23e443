import { GOALS_VIEW } from '@plenty/contracts/views/registry';
import type { FastifyInstance } from 'fastify';
import { compareGoals, type GoalView } from '@plenty/contracts/goals';
import { QUERY_ROUTES } from '@plenty/contracts/views/query-routes';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { itemIdOr404, notFound, queryRoute } from '../query-route.js';

/** A person's goals are few; one page holds them all. */
const MAX_GOALS = 1000;

/** The signed-in user's savings goals: nearest target date first, undated last, then by name. */
export function goalsRoutes(app: FastifyInstance, readStore: ReadStore): void {
  queryRoute(app, QUERY_ROUTES.goals, async ({ user }) => {
    const page = await readStore.find<GoalView>(GOALS_VIEW, { userId: user.uid, sort: [], limit: MAX_GOALS });
    return { items: page.items.map(({ doc }) => doc).sort(compareGoals) };
  });

  queryRoute(app, QUERY_ROUTES.goal, async ({ user, params }) => {
    const found = await readStore.get<GoalView>(GOALS_VIEW, user.uid, itemIdOr404(params.id));
    if (found === null) throw notFound();
    return found.doc;
  });
}
