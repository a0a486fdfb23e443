import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { dashboardQuerySchema } from '@plenty/contracts/views/dashboard';
import type { QueryRoute } from '@plenty/contracts/views/query-routes';
import type { ReadStore } from '@plenty/platform/read-store/port';
import type { PointInTime } from '../as-of/point-in-time.js';
import { readAt } from '../as-of/read-at.js';
import { queryRoute } from '../query-route.js';

/** Where a month's figures are read from: the live read models and clock, and the past days. */
export interface MonthSources {
  readonly readStore: ReadStore;
  readonly now: () => Date;
  readonly pointInTime: PointInTime | undefined;
}

/**
 * `GET <path>?month=YYYY-MM&asOf=YYYY-MM-DD`: the answer `figures` computes for a month
 * (default: the current one; with `asOf`, the month of that day) from the live read models,
 * or from those replayed to the end of `asOf`, at that day's last instant.
 */
export function monthRoute<A extends z.ZodType>(
  app: FastifyInstance,
  route: QueryRoute<z.ZodType, typeof dashboardQuerySchema, A>,
  sources: MonthSources,
  figures: (readStore: ReadStore, userId: string, month: string | undefined, now: Date) => Promise<z.output<A>>,
): void {
  const { readStore, now, pointInTime } = sources;
  queryRoute(app, route, async ({ user, query: { month, asOf } }) =>
    readAt({ live: readStore, userId: user.uid, asOf, now: now(), pointInTime }, (store, at) =>
      figures(store, user.uid, month ?? asOf?.slice(0, 7), at),
    ),
  );
}
