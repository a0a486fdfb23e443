import type { FastifyInstance } from 'fastify';
import { compareGoals, type GoalList, type GoalView } from '@plenty/contracts/goals';
import { uuidSchema } from '@plenty/contracts/ids';
import { currentUser } from '@plenty/platform/http/auth-hook';
import { HttpError } from '@plenty/platform/http/errors';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { GOALS_VIEW } from '../read-views.js';

/** A person's goals are few; one page holds them all. */
const MAX_GOALS = 1000;

/** The signed-in user's savings goals: nearest target date first, undated last, then by name. */
export function goalsRoutes(app: FastifyInstance, readStore: ReadStore): void {
  app.get('/goals', async (request): Promise<GoalList> => {
    const user = currentUser(request);
    const page = await readStore.find<GoalView>(GOALS_VIEW, { userId: user.uid, sort: [], limit: MAX_GOALS });
    return { items: page.items.map(({ doc }) => doc).sort(compareGoals) };
  });

  app.get<{ Params: { id: string } }>('/goals/:id', async (request): Promise<GoalView> => {
    const user = currentUser(request);
    const id = uuidSchema.safeParse(request.params.id);
    if (!id.success) throw new HttpError(404, 'not_found', 'Not found.');
    const found = await readStore.get<GoalView>(GOALS_VIEW, user.uid, id.data);
    if (found === null) throw new HttpError(404, 'not_found', 'Not found.');
    return found.doc;
  });
}
