import { ACTIVITY_VIEW, PREFERENCES_VIEW } from '@plenty/contracts/views/registry';
import { endOfLocalDay, startOfLocalDay } from '@plenty/contracts/calendar/zone';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_PREFERENCES_VIEW, PREFERENCES_DOC_ID, type PreferencesView } from '@plenty/contracts/preferences';
import { activityDocOf, type ActivityQuery, type StoredActivityDoc } from '@plenty/contracts/views/activity';
import { QUERY_ROUTES } from '@plenty/contracts/views/query-routes';
import { HttpError } from '@plenty/platform/http/errors';
import { encodeCursor } from '@plenty/platform/read-store/keys';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { paged, queryRoute } from '../query-route.js';

const NEWEST_FIRST = [{ field: 'sortKey', direction: 'desc' }] as const;

/** The equality filters of a query: an item's entries come from its own index, a kind's from the kind's. */
function whereOf(query: ActivityQuery): Record<string, string> {
  return {
    ...(query.kind === undefined ? {} : { kind: query.kind }),
    ...(query.subjectId === undefined ? {} : { subjectId: query.subjectId }),
  };
}

/**
 * `GET /activity`: the user's entries newest first, a page per cursor, filtered by kind, item
 * and days of the user's time zone. Sort keys start with the entry's instant, so a date range
 * is one slice of the order: the first page starts at the end of `to` (a cursor just after
 * it) and a page stops at the start of `from`. A page therefore costs the same wherever the
 * range lies. An item the user has no entry for (another user's included) answers 404, as
 * the item's own history does.
 */
export function activityRoutes(app: FastifyInstance, readStore: ReadStore): void {
  queryRoute(app, QUERY_ROUTES.activity, async ({ user, query }) => {
    const where = whereOf(query);
    let timeZone = DEFAULT_PREFERENCES_VIEW.timeZone;
    if (query.from !== undefined || query.to !== undefined) {
      const preferences = await readStore.get<PreferencesView>(PREFERENCES_VIEW, user.uid, PREFERENCES_DOC_ID);
      timeZone = preferences?.doc.timeZone ?? timeZone;
    }
    const startsAt = query.from === undefined ? null : startOfLocalDay(query.from, timeZone).toISOString();
    // A cursor is the last sort key of a page and its id; '' sorts before every id, so this
    // one lets through exactly the keys before the start of the day after `to`.
    const endCursor =
      query.to === undefined ? undefined : encodeCursor([endOfLocalDay(query.to, timeZone).toISOString(), '']);
    const cursor = query.cursor ?? endCursor;
    return paged(async () => {
      const page = await readStore.find<StoredActivityDoc>(ACTIVITY_VIEW, {
        userId: user.uid,
        where,
        sort: NEWEST_FIRST,
        limit: query.limit,
        ...(cursor === undefined ? {} : { cursor }),
      });
      const inRange = page.items.filter(({ doc }) => startsAt === null || doc.occurredAt >= startsAt);
      const reachedStart = inRange.length < page.items.length;
      if (query.subjectId !== undefined && query.cursor === undefined && inRange.length === 0) {
        const any = await readStore.find(ACTIVITY_VIEW, {
          userId: user.uid,
          where: { subjectId: query.subjectId },
          sort: NEWEST_FIRST,
          limit: 1,
        });
        if (any.items.length === 0) throw new HttpError(404, 'not_found', 'No activity for this item.');
      }
      return {
        items: inRange.map(({ doc }) => {
          // Stored without the fields an entry leaves empty (and entries written before transfers
          // were shown have no `transfer`): every field is answered.
          const { sortKey: _sortKey, ...entry } = activityDocOf(doc);
          return entry;
        }),
        nextCursor: reachedStart ? null : page.nextCursor,
      };
    });
  });
}
