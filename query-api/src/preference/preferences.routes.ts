import { PREFERENCES_VIEW } from '@plenty/contracts/views/registry';
import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_PREFERENCES_VIEW,
  PREFERENCES_DOC_ID,
  preferencesViewSchema,
  type PreferencesView,
} from '@plenty/contracts/preferences';
import { currentUser } from '@plenty/platform/http/auth-hook';
import { useZodRoutes } from '@plenty/platform/http/zod-routes';
import type { ReadStore } from '@plenty/platform/read-store/port';

/** The signed-in user's preferences and rates; the defaults until they change any. */
export function preferencesRoutes(app: FastifyInstance, readStore: ReadStore): void {
  useZodRoutes(app).get(
    '/preferences',
    {
      schema: {
        summary: "The user's preferences and rate table, or the defaults",
        response: { 200: preferencesViewSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const stored = await readStore.get<PreferencesView>(PREFERENCES_VIEW, user.uid, PREFERENCES_DOC_ID);
      return { ...DEFAULT_PREFERENCES_VIEW, ...stored?.doc };
    },
  );
}
