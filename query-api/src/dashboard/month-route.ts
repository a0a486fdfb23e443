import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { dashboardQuerySchema } from '@plenty/contracts/views/dashboard';
import { currentUser } from '@plenty/platform/http/auth-hook';
import { useZodRoutes } from '@plenty/platform/http/zod-routes';
import type { ReadStore } from '@plenty/platform/read-store/port';
import type { PointInTime } from '../as-of/point-in-time.js';
import { readAt } from '../as-of/read-at.js';

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
export function monthRoute<S extends z.ZodType>(
  app: FastifyInstance,
  path: string,
  summary: string,
  answer: S,
  sources: MonthSources,
  figures: (readStore: ReadStore, userId: string, month: string | undefined, now: Date) => Promise<z.output<S>>,
): void {
  useZodRoutes(app).get(
    path,
    {
      schema: {
        summary,
        querystring: dashboardQuerySchema,
        // The type provider cannot resolve z.output of a generic S; `figures` is typed against it.
        response: { 200: answer as z.ZodType },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { month, asOf } = request.query;
      const { readStore, now, pointInTime } = sources;
      return readAt({ live: readStore, userId: user.uid, asOf, now: now(), pointInTime }, (store, at) =>
        figures(store, user.uid, month ?? asOf?.slice(0, 7), at),
      );
    },
  );
}
