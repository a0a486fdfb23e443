import { InvalidTokenError, type TokenVerifier } from './port.js';

export interface FakeTokenOptions {
  /** Default true. */
  readonly emailVerified?: boolean;
  /** Seconds since the user signed in; default 0. */
  readonly signedInSecondsAgo?: number;
  /** The session was revoked: only a revocation check notices. */
  readonly revoked?: boolean;
}

/**
 * For tests: accepts `Bearer token-<uid>-<flags>` (see `bearer`) and answers that uid,
 * verified unless the flags say otherwise; anything else is invalid.
 */
export const fakeVerifier: TokenVerifier = {
  async verify(token, options) {
    const match = /^token-([a-z0-9]+)-([a-z0-9]+)$/.exec(token);
    if (match?.[1] === undefined || match[2] === undefined) throw new InvalidTokenError('not a test token');
    const flags = match[2];
    if (options?.checkRevoked && flags.includes('revoked')) throw new InvalidTokenError('auth/id-token-revoked');
    const signedInAgo = Number(/s(\d+)s/.exec(flags)?.[1] ?? '0');
    const now = Math.floor(Date.now() / 1000);
    return {
      uid: match[1],
      email: `${match[1]}@example.test`,
      emailVerified: !flags.includes('unverified'),
      expiresAt: now + 3600,
      authTime: now - signedInAgo,
    };
  },
};

export const bearer = (uid: string, options: FakeTokenOptions = {}) => {
  const flags = [
    options.emailVerified === false ? 'unverified' : '',
    options.signedInSecondsAgo === undefined ? '' : `s${options.signedInSecondsAgo}s`,
    options.revoked ? 'revoked' : '',
  ].join('');
  return `Bearer token-${uid}-${flags}${'a'.repeat(20)}`;
};
