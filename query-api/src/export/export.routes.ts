import type { FastifyInstance } from 'fastify';
import { QUERY_ROUTES } from '@plenty/contracts/views/query-routes';
import type { TokenVerifier } from '@plenty/platform/auth/port';
import type { LinkSigner } from '@plenty/platform/file/signed-link';
import type { Limiter } from '@plenty/platform/http/rate-limit';
import { verifyIdTokenAgain } from '@plenty/platform/http/signed-links';
import { queryRoute } from '../query-route.js';

/**
 * `GET /export/link?locale=`: a 5-minute link to the user's CSV export. Exporting is
 * sensitive, so the ID token is verified again with the revocation check; `limit` bounds how
 * often a user may ask (429 `rate_limited`), counted before the query is read.
 */
export function exportRoutes(app: FastifyInstance, verifier: TokenVerifier, links: LinkSigner, limit?: Limiter): void {
  queryRoute(
    app,
    QUERY_ROUTES.exportLink,
    async ({ user, query, request }) => {
      await verifyIdTokenAgain(request, verifier, user.uid);
      const signed = await links.sign({ sub: user.uid, kind: 'export', obj: query.locale });
      return { url: `/api/files/export.csv?token=${encodeURIComponent(signed)}` };
    },
    limit,
  );
}
