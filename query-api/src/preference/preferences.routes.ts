import type { FastifyInstance } from 'fastify';
import { DEFAULT_PREFERENCES_VIEW, PREFERENCES_DOC_ID, type PreferencesView } from '@plenty/contracts/preferences';
import { currentUser } from '@plenty/platform/http/auth-hook';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { PREFERENCES_VIEW } from '../read-views.js';

/** The signed-in user's preferences and rates; the defaults until they change any. */
export function preferencesRoutes(app: FastifyInstance, readStore: ReadStore): void {
  app.get('/preferences', async (request): Promise<PreferencesView> => {
    const user = currentUser(request);
    const stored = await readStore.get<PreferencesView>(PREFERENCES_VIEW, user.uid, PREFERENCES_DOC_ID);
    return { ...DEFAULT_PREFERENCES_VIEW, ...stored?.doc };
  });
}
