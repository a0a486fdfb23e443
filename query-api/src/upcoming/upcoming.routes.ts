import { DEBTS_VIEW } from '@plenty/contracts/views/registry';
import type { FastifyInstance } from 'fastify';
import { QUERY_ROUTES } from '@plenty/contracts/views/query-routes';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { queryRoute } from '../query-route.js';
import { preferencesOf, rulesOf, todayOf } from '../recurring/rules.js';
import { upcomingOf, type DebtDue } from './upcoming.js';

/** A person's debts are few; one page holds them all. */
const MAX_DEBTS = 1000;

/**
 * `GET /upcoming?days=N`: on the user's local date at `now`, what waits for them and what is
 * due in the next N days (recurring occurrences and debt installments), with totals in the
 * display currency. One read of the user's rules, one of their debts, one of the preferences.
 */
export function upcomingRoutes(app: FastifyInstance, readStore: ReadStore, now: () => Date): void {
  queryRoute(app, QUERY_ROUTES.upcoming, async ({ user, query }) => {
    const [preferences, rules, debts] = await Promise.all([
      preferencesOf(readStore, user.uid),
      rulesOf(readStore, user.uid),
      readStore.find<DebtDue & Record<string, unknown>>(DEBTS_VIEW, { userId: user.uid, sort: [], limit: MAX_DEBTS }),
    ]);
    return upcomingOf({
      userId: user.uid,
      today: todayOf(now(), preferences),
      days: query.days,
      preferences,
      rules,
      debts: debts.items.map(({ doc }) => doc),
    });
  });
}
