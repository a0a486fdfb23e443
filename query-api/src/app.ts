import type { FastifyPluginAsync } from 'fastify';
import type { TokenVerifier } from '@plenty/platform/auth/port';
import { isPosition } from '@plenty/platform/event-store/port';
import { requireAuth } from '@plenty/platform/http/auth-hook';
import { HttpError } from '@plenty/platform/http/errors';
import type { ProjectionProgress } from '@plenty/platform/projection-progress';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { categoriesRoutes } from './categories/categories.routes.js';
import { transactionsRoutes } from './transactions/transactions.routes.js';

export interface QueryApiOptions {
  readonly readStore: ReadStore;
  readonly verifier: TokenVerifier;
  readonly progress: ProjectionProgress;
}

/** Longest a query waits for the projections to reach X-Min-Position. */
const READ_YOUR_WRITES_WAIT_MS = 2000;

/** `GET /<view>`: register with `{ prefix: '/api/queries' }`. */
export const queryApi: FastifyPluginAsync<QueryApiOptions> = async (app, options) => {
  requireAuth(app, options.verifier);

  // After authentication: wait for the caller's own write, then say what the answer reflects.
  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers['x-min-position'];
    let reached: string;
    if (header !== undefined) {
      if (typeof header !== 'string' || !isPosition(header)) {
        throw new HttpError(400, 'validation_failed', 'X-Min-Position is not a position.', {
          'x-min-position': 'field_invalid',
        });
      }
      reached = await options.progress.waitFor(header, READ_YOUR_WRITES_WAIT_MS);
    } else {
      reached = await options.progress.current();
    }
    reply.header('x-position', reached);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'private, no-store');
    return payload;
  });

  transactionsRoutes(app, options.readStore);
  categoriesRoutes(app, options.readStore);
};
