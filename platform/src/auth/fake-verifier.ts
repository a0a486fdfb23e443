import { InvalidTokenError, type TokenVerifier } from './port.js';

/** For tests: accepts `Bearer token-<uid>-<padding>` and answers that uid; anything else is invalid. */
export const fakeVerifier: TokenVerifier = {
  async verify(token) {
    const match = /^token-([a-z0-9]+)-[a-z0-9]+$/.exec(token);
    if (match?.[1] === undefined) throw new InvalidTokenError('not a test token');
    return {
      uid: match[1],
      email: `${match[1]}@example.test`,
      emailVerified: true,
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    };
  },
};

export const bearer = (uid: string) => `Bearer token-${uid}-aaaaaaaaaaaaaaaaaaaa`;
