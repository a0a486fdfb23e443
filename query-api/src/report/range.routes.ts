import type { FastifyInstance } from 'fastify';
import { MAX_REPORT_RANGE_DAYS } from '@plenty/contracts/views/dashboard';
import { QUERY_ROUTES } from '@plenty/contracts/views/query-routes';
import { HttpError } from '@plenty/platform/http/errors';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { queryRoute } from '../query-route.js';
import { rangeDays, rangeReportOf } from './range-report.js';

/**
 * `GET /reports/range?from=YYYY-MM-DD&to=YYYY-MM-DD`: the reports' cards over any range of
 * local dates (both included) up to MAX_REPORT_RANGE_DAYS days.
 */
export function rangeReportRoutes(
  app: FastifyInstance,
  readStore: ReadStore,
  now: () => Date = () => new Date(),
): void {
  queryRoute(app, QUERY_ROUTES.reportsRange, async ({ user, query }) => {
    if (rangeDays(query.from, query.to) > MAX_REPORT_RANGE_DAYS) {
      throw new HttpError(400, 'validation_failed', 'The range is too long.', { to: 'date_range_too_long' });
    }
    return rangeReportOf(readStore, user.uid, query, now());
  });
}
