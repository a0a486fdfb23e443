import { PREFERENCES_VIEW } from '@plenty/contracts/views/registry';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_PREFERENCES_VIEW, PREFERENCES_DOC_ID, type PreferencesView } from '@plenty/contracts/preferences';
import { QUERY_ROUTES } from '@plenty/contracts/views/query-routes';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { queryRoute } from '../query-route.js';

/** The signed-in user's preferences and rates; the defaults until they change any. */
export function preferencesRoutes(app: FastifyInstance, readStore: ReadStore): void {
  queryRoute(app, QUERY_ROUTES.preferences, async ({ user }) => {
    const stored = await readStore.get<PreferencesView>(PREFERENCES_VIEW, user.uid, PREFERENCES_DOC_ID);
    return { ...DEFAULT_PREFERENCES_VIEW, ...stored?.doc };
  });
}
