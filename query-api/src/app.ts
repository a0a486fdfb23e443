import type { FastifyPluginAsync } from 'fastify';
import type { TokenVerifier } from '@plenty/platform/auth/port';
import { isPosition } from '@plenty/platform/event-store/port';
import { requireAuth } from '@plenty/platform/http/auth-hook';
import { HttpError } from '@plenty/platform/http/errors';
import { installRateLimits } from '@plenty/platform/http/rate-limit';
import type { ProjectionProgress } from '@plenty/platform/projection-progress';
import type { ReadStore } from '@plenty/platform/read-store/port';
import type { BlobStore } from '@plenty/platform/blob-store/port';
import type { LinkSigner } from '@plenty/platform/file/signed-link';
import { PointInTime } from './as-of/point-in-time.js';
import { quarantineCheck } from './quarantine.js';
import type { EventHistory } from './as-of/replay.js';
import { activityRoutes } from './activity/activity.routes.js';
import { budgetAlertsRoutes } from './budget-alert/budget-alerts.routes.js';
import { categoriesRoutes } from './category/categories.routes.js';
import { dashboardRoutes } from './dashboard/dashboard.routes.js';
import { debtsRoutes } from './debt/debts.routes.js';
import { exportRoutes } from './export/export.routes.js';
import { goalsRoutes } from './goal/goals.routes.js';
import { tagsRoutes } from './tag/tags.routes.js';
import { importsRoutes } from './import/imports.routes.js';
import { netWorthRoutes } from './net-worth/net-worth.routes.js';
import { preferencesRoutes } from './preference/preferences.routes.js';
import { receiptsRoutes } from './receipt/receipts.routes.js';
import { recurringRoutes } from './recurring/recurring.routes.js';
import { reportsRoutes } from './report/reports.routes.js';
import { rangeReportRoutes } from './report/range.routes.js';
import { budgetsRoutes } from './budget/budgets.routes.js';
import { transactionsRoutes } from './transaction/transactions.routes.js';
import { upcomingRoutes } from './upcoming/upcoming.routes.js';
import { walletsRoutes } from './wallet/wallets.routes.js';

export interface QueryApiOptions {
  readonly readStore: ReadStore;
  readonly verifier: TokenVerifier;
  readonly progress: ProjectionProgress;
  /** Receipts and signed download links; without it, `/receipts/:id/link` and `/export/link` are not served. */
  readonly files?: { readonly blobs: BlobStore; readonly links: LinkSigner };
  /**
   * The event store and the codec, for the dashboard and reports `asOf` a past day; without
   * it, `asOf` is refused.
   */
  readonly history?: EventHistory;
  /** Queries per user and minute (per instance); 0 turns the limit off (benchmarks). Default 1200. */
  readonly queriesPerMinutePerUser?: number;
  /** Export links per user and minute (each asks the identity provider); 0 turns it off. Default 10. */
  readonly exportLinksPerMinutePerUser?: number;
}

export const DEFAULT_QUERIES_PER_MINUTE = 1200;
export const DEFAULT_EXPORT_LINKS_PER_MINUTE = 10;

/** Longest a query waits for the projections to reach X-Min-Position. */
const READ_YOUR_WRITES_WAIT_MS = 2000;

/**
 * `GET /<view>`: register with `{ prefix: '/api/queries' }`. Every answer says in
 * `X-Position` how far the read models it reflects have applied the events.
 */
export const queryApi: FastifyPluginAsync<QueryApiOptions> = async (app, options) => {
  requireAuth(app, options.verifier);
  // Generous limits per user, before any waiting or reading: 429 rate_limited with Retry-After.
  const limits = await installRateLimits(app);
  const queriesPerMinute = options.queriesPerMinutePerUser ?? DEFAULT_QUERIES_PER_MINUTE;
  if (queriesPerMinute > 0) {
    app.addHook(
      'preValidation',
      limits([
        { name: 'queries-user', max: queriesPerMinute, windowSeconds: 60, key: (request) => request.user?.uid ?? null },
      ]),
    );
  }
  const exportLinksPerMinute = options.exportLinksPerMinutePerUser ?? DEFAULT_EXPORT_LINKS_PER_MINUTE;
  const exportLinkLimit =
    exportLinksPerMinute > 0
      ? limits([
          {
            name: 'export-links-user',
            max: exportLinksPerMinute,
            windowSeconds: 60,
            key: (request) => request.user?.uid ?? null,
          },
        ])
      : undefined;
  const quarantined = quarantineCheck(options.readStore);

  // After authentication: wait for the caller's own write, then say what the answer reflects.
  // These hooks run before the query is validated, as they did when handlers parsed it.
  app.addHook('preValidation', async (request, reply) => {
    const header = request.headers['x-min-position'];
    if (header === undefined) {
      reply.header('x-position', await options.progress.current(request.user?.uid));
    } else if (typeof header !== 'string' || !isPosition(header)) {
      throw new HttpError(400, 'validation_failed', 'X-Min-Position is not a position.', {
        'x-min-position': 'field_invalid',
      });
    } else {
      reply.header('x-position', await options.progress.waitFor(header, READ_YOUR_WRITES_WAIT_MS, request.user?.uid));
    }
    // Figures that stopped at an event a projection could not apply are not shown (see ROUTE_VIEWS).
    const user = request.user;
    const route = request.routeOptions.url;
    if (user === null || route === undefined) return;
    const hidden = await quarantined(route.slice(app.prefix.length), user.uid);
    if (hidden.length > 0) {
      throw new HttpError(
        409,
        'view_quarantined',
        'This view is being repaired; its figures are held back until then.',
      );
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // Answers that never reached the handler (401, 400 on the header) carry it too.
    if (!reply.hasHeader('x-position')) reply.header('x-position', await options.progress.current(request.user?.uid));
    reply.header('cache-control', 'private, no-store');
    return payload;
  });

  transactionsRoutes(app, options.readStore);
  categoriesRoutes(app, options.readStore);
  preferencesRoutes(app, options.readStore);
  goalsRoutes(app, options.readStore);
  tagsRoutes(app, options.readStore);
  debtsRoutes(app, options.readStore);
  const pointInTime = options.history === undefined ? undefined : new PointInTime(options.history);
  if (pointInTime !== undefined) app.addHook('onClose', () => pointInTime.close());
  const clock = () => new Date();
  dashboardRoutes(app, options.readStore, clock, pointInTime);
  budgetAlertsRoutes(app, options.readStore);
  reportsRoutes(app, options.readStore, clock, pointInTime);
  rangeReportRoutes(app, options.readStore, clock);
  budgetsRoutes(app, options.readStore, clock);
  activityRoutes(app, options.readStore);
  walletsRoutes(app, options.readStore, clock);
  netWorthRoutes(app, options.readStore, clock);
  recurringRoutes(app, options.readStore, clock);
  upcomingRoutes(app, options.readStore, clock);
  importsRoutes(app, options.readStore);
  if (options.files !== undefined) {
    receiptsRoutes(app, options.files.blobs, options.files.links);
    exportRoutes(app, options.verifier, options.files.links, exportLinkLimit);
  }
};
