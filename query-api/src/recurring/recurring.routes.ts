import { RECURRING_RULES_VIEW } from '@plenty/contracts/views/registry';
import type { FastifyInstance } from 'fastify';
import { QUERY_ROUTES } from '@plenty/contracts/views/query-routes';
import type { RecurringRuleDetail, RecurringRuleDoc } from '@plenty/contracts/views/recurring';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { itemIdOr404, notFound, queryRoute } from '../query-route.js';
import {
  compareRules,
  nextOccurrences,
  occurrenceView,
  preferencesOf,
  ruleView,
  rulesOf,
  todayOf,
  waitingDates,
} from './rules.js';

const ruleNotFound = () => notFound('recurring_not_found');

/** The detail of one rule on the user's `today`: its versions, what waits for the user and what comes next. */
export function ruleDetail(userId: string, doc: RecurringRuleDoc, today: string): RecurringRuleDetail {
  const waiting = waitingDates(doc, today);
  return {
    ...ruleView(userId, doc),
    versions: doc.versions,
    waiting:
      waiting === null
        ? []
        : waiting.dates.flatMap((date) => {
            const view = occurrenceView(userId, doc, date, waiting.state);
            return view === null ? [] : [view];
          }),
    next: nextOccurrences(userId, doc, today),
  };
}

/**
 * `GET /recurring` (every rule of the user, active, held and paused ones by their next date,
 * then ended ones) and `GET /recurring/:id` (one rule with its versions, the occurrences
 * waiting for the user and the next ones, on the user's local date at `now`). Another user's,
 * an unknown or a deleted rule is 404 `recurring_not_found`.
 */
export function recurringRoutes(app: FastifyInstance, readStore: ReadStore, now: () => Date): void {
  queryRoute(app, QUERY_ROUTES.recurringRules, async ({ user }) => {
    const rules = await rulesOf(readStore, user.uid);
    return { items: rules.sort(compareRules).map((doc) => ruleView(user.uid, doc)) };
  });

  queryRoute(app, QUERY_ROUTES.recurringRule, async ({ user, params }) => {
    const [found, preferences] = await Promise.all([
      readStore.get<RecurringRuleDoc & Record<string, unknown>>(
        RECURRING_RULES_VIEW,
        user.uid,
        itemIdOr404(params.id, 'recurring_not_found'),
      ),
      preferencesOf(readStore, user.uid),
    ]);
    if (found === null) throw ruleNotFound();
    return ruleDetail(user.uid, found.doc, todayOf(now(), preferences));
  });
}
