import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { InvalidTokenError, type TokenVerifier } from '../auth/port.js';
import type { LinkClaims, LinkSigner } from '../file/signed-link.js';
import { HttpError } from './errors.js';

/*
 * The two ends of a signed link (../file/signed-link.ts): asking for one, where the ID token is
 * checked again with the revocation check, and opening one, where a browser sends no bearer
 * token and the link's `?token=` alone says who and what.
 */

const BEARER = /^Bearer ([A-Za-z0-9._-]{20,4096})$/;

const tokenQuerySchema = z.object({ token: z.string().min(1).max(2048) }).strict();

/**
 * `?token=` as the document shows it. A link that is not exactly one good token is refused
 * with 401 by `linkClaimsOf`, never with a 400: whatever else comes, the link is not valid.
 */
export const linkQuerySchema = z.looseObject({
  token: z
    .string()
    .min(1)
    .max(2048)
    .optional()
    .catch(undefined)
    .describe('The signed link token; a missing, expired or altered one answers 401.'),
});

/** The claims of the request's `?token=` for links of `kind`, or 401. */
export async function linkClaimsOf(
  request: FastifyRequest,
  links: LinkSigner,
  kind: LinkClaims['kind'],
): Promise<LinkClaims> {
  const query = tokenQuerySchema.safeParse(request.query);
  const claims = query.success ? await links.verify(query.data.token, kind) : null;
  if (claims === null) throw new HttpError(401, 'unauthenticated', 'This link has expired; open it again.');
  return claims;
}

/**
 * The request's ID token verified again, with the identity provider's revocation check: it must
 * be `uid`'s (asking for a link to sensitive data), else 401.
 */
export async function verifyIdTokenAgain(request: FastifyRequest, verifier: TokenVerifier, uid: string): Promise<void> {
  const token = BEARER.exec((request.headers.authorization ?? '').trim())?.[1];
  if (token === undefined) throw new HttpError(401, 'unauthenticated', 'Sign in to continue.');
  try {
    const checked = await verifier.verify(token, { checkRevoked: true });
    if (checked.uid !== uid) throw new HttpError(401, 'unauthenticated', 'Sign in again to continue.');
  } catch (error) {
    if (error instanceof InvalidTokenError) throw new HttpError(401, 'unauthenticated', 'Sign in again to continue.');
    throw error;
  }
}
