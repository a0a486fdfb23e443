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

async function verifyBearer(
  request: FastifyRequest,
  verifier: TokenVerifier,
  options?: { checkRevoked?: boolean },
): Promise<VerifiedUser> {
  const token = bearerToken(request);
  if (token === null) throw new HttpError(401, 'unauthenticated', 'Sign in to continue.');
  try {
    return await verifier.verify(token, options);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw new HttpError(401, 'unauthenticated', 'Sign in again to continue.');
    throw error;
  }
}

export interface RequireAuthOptions {
  /**
   * Requests a user with an unverified email may still make (verifying the email, deleting
   * the account). Every other request answers 403 `email_not_verified` for such a user.
   */
  readonly allowUnverifiedEmail?: (request: FastifyRequest) => boolean;
}

/**
 * Requires `Authorization: Bearer <Firebase ID token>` of a user with a verified email on
 * every route of the instance and puts the verified user on `request.user`. Register inside
 * an encapsulated plugin. Routes see params in this hook, so `allowUnverifiedEmail` may read them.
 */
export function requireAuth(app: FastifyInstance, verifier: TokenVerifier, options: RequireAuthOptions = {}): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const user = await verifyBearer(request, verifier);
    if (!user.emailVerified && !(options.allowUnverifiedEmail?.(request) ?? false)) {
      throw new HttpError(403, 'email_not_verified', 'Verify your email address to continue.');
    }
    request.user = user;
  });
}

/** The signed-in user of a request that passed `requireAuth`. */
export function currentUser(request: FastifyRequest): VerifiedUser {
  if (request.user === null) throw new HttpError(401, 'unauthenticated', 'Sign in to continue.');
  return request.user;
}

/**
 * For sensitive commands: verifies the request's bearer token again, asking the identity
 * provider whether the session was revoked or the user disabled (401 `unauthenticated`),
 * and requires a sign-in within the last `maxAgeSeconds` (403 `requires_recent_login`).
 * Does not require a verified email.
 */
export async function requireRecentSignIn(
  request: FastifyRequest,
  verifier: TokenVerifier,
  maxAgeSeconds = 300,
  now: () => number = Date.now,
): Promise<VerifiedUser> {
  const user = await verifyBearer(request, verifier, { checkRevoked: true });
  if (now() / 1000 - user.authTime > maxAgeSeconds) {
    throw new HttpError(403, 'requires_recent_login', 'Sign in again to confirm it is you.');
  }
  return user;
}
