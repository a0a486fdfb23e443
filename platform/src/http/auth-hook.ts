import type { FastifyInstance, FastifyRequest } from 'fastify';
import { InvalidTokenError, type TokenVerifier, type VerifiedUser } from '../auth/port.js';
import { HttpError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: VerifiedUser | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer ([A-Za-z0-9._-]{20,4096})$/.exec(header.trim());
  return match?.[1] ?? null;
}

/**
 * Requires `Authorization: Bearer <Firebase ID token>` on every route of the instance and
 * puts the verified user on `request.user`. Register inside an encapsulated plugin.
 */
export function requireAuth(app: FastifyInstance, verifier: TokenVerifier): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (token === null) throw new HttpError(401, 'unauthenticated', 'Sign in to continue.');
    try {
      request.user = await verifier.verify(token);
    } catch (error) {
      if (error instanceof InvalidTokenError) throw new HttpError(401, 'unauthenticated', 'Sign in again to continue.');
      throw error;
    }
  });
}

/** The signed-in user of a request that passed `requireAuth`. */
export function currentUser(request: FastifyRequest): VerifiedUser {
  if (request.user === null) throw new HttpError(401, 'unauthenticated', 'Sign in to continue.');
  return request.user;
}
