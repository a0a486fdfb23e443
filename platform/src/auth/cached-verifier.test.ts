import { describe, expect, it } from 'vitest';
import { cachedTokenVerifier } from './cached-verifier.js';
import { InvalidTokenError, type TokenVerifier } from './port.js';

function countingVerifier(expiresAt: number) {
  const calls: string[] = [];
  const verifier: TokenVerifier = {
    async verify(token) {
      calls.push(token);
      if (token.startsWith('bad')) throw new InvalidTokenError('bad token');
      return { uid: `uid-${token}`, email: null, emailVerified: true, expiresAt, authTime: expiresAt - 3600 };
    },
  };
  return { verifier, calls };
}

describe('cached token verifier', () => {
  const now = 1_000_000;

  it('verifies a token once and answers from memory until shortly before it expires', async () => {
    let clock = now * 1000;
    const { verifier, calls } = countingVerifier(now + 3600);
    const cached = cachedTokenVerifier(verifier, { now: () => clock });
    expect((await cached.verify('a')).uid).toBe('uid-a');
    await cached.verify('a');
    expect(calls).toEqual(['a']);
    clock = (now + 3600 - 10) * 1000;
    await cached.verify('a');
    expect(calls).toEqual(['a', 'a']);
  });

  it('never caches a failure', async () => {
    const { verifier, calls } = countingVerifier(now + 3600);
    const cached = cachedTokenVerifier(verifier, { now: () => now * 1000 });
    await expect(cached.verify('bad')).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(cached.verify('bad')).rejects.toBeInstanceOf(InvalidTokenError);
    expect(calls).toEqual(['bad', 'bad']);
  });

  it('always asks the identity provider when revocation must be checked', async () => {
    const { verifier, calls } = countingVerifier(now + 3600);
    const cached = cachedTokenVerifier(verifier, { now: () => now * 1000 });
    await cached.verify('a');
    await cached.verify('a', { checkRevoked: true });
    expect(calls).toEqual(['a', 'a']);
  });

  it('evicts the least recently used token when full', async () => {
    const { verifier, calls } = countingVerifier(now + 3600);
    const cached = cachedTokenVerifier(verifier, { maxEntries: 2, now: () => now * 1000 });
    await cached.verify('a');
    await cached.verify('b');
    await cached.verify('a');
    await cached.verify('c');
    await cached.verify('a');
    await cached.verify('b');
    expect(calls).toEqual(['a', 'b', 'c', 'b']);
  });
});
