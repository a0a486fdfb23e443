import type { FastifyInstance } from 'fastify';
import { QUERY_ROUTES } from '@plenty/contracts/views/query-routes';
import { InvalidTokenError, type TokenVerifier } from '@plenty/platform/auth/port';
import type { LinkSigner } from '@plenty/platform/file/signed-link';
import { HttpError } from '@plenty/platform/http/errors';
import type { Limiter } from '@plenty/platform/http/rate-limit';
import { queryRoute } from '../query-route.js';

const BEARER = /^Bearer ([A-Za-z0-9._-]{20,4096})$/;

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
      const token = BEARER.exec((request.headers.authorization ?? '').trim())?.[1];
      if (token === undefined) throw new HttpError(401, 'unauthenticated', 'Sign in to continue.');
      try {
        const checked = await verifier.verify(token, { checkRevoked: true });
        if (checked.uid !== user.uid) throw new HttpError(401, 'unauthenticated', 'Sign in again to continue.');
      } catch (error) {
        if (error instanceof InvalidTokenError)
          throw new HttpError(401, 'unauthenticated', 'Sign in again to continue.');
        throw error;
      }
      const signed = await links.sign({ sub: user.uid, kind: 'export', obj: query.locale });
      return { url: `/api/files/export.csv?token=${encodeURIComponent(signed)}` };
    },
    limit,
  );
}
