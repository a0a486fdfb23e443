import type { ForgetfulTokenVerifier } from './erased-users.js';
import type { TokenVerifier, VerifiedUser } from './port.js';

/** Seconds before expiry from which a cached token is verified again. */
const EXPIRY_MARGIN_SECONDS = 30;

/**
 * Remembers verified tokens until shortly before they expire, so verification costs no
 * work per request. Failures are never cached; a revocation check always asks the inner
 * verifier. `forgetUser` drops every token of a user (an erased account: see
 * `refuseErasedUsers`, which every instance puts around it).
 */
export function cachedTokenVerifier(
  inner: TokenVerifier,
  options: { maxEntries?: number; now?: () => number } = {},
): ForgetfulTokenVerifier {
  const maxEntries = options.maxEntries ?? 50_000;
  const nowSeconds = () => (options.now ?? Date.now)() / 1000;
  const cache = new Map<string, VerifiedUser>();
  return {
    async verify(idToken, verifyOptions) {
      if (verifyOptions?.checkRevoked) return inner.verify(idToken, verifyOptions);
      const cached = cache.get(idToken);
      if (cached !== undefined) {
        if (cached.expiresAt - EXPIRY_MARGIN_SECONDS > nowSeconds()) {
          // Refresh its place so the least recently used token is evicted first.
          cache.delete(idToken);
          cache.set(idToken, cached);
          return cached;
        }
        cache.delete(idToken);
      }
      const user = await inner.verify(idToken);
      if (user.expiresAt - EXPIRY_MARGIN_SECONDS > nowSeconds()) {
        if (cache.size >= maxEntries) {
          const oldest = cache.keys().next().value;
          if (oldest !== undefined) cache.delete(oldest);
        }
        cache.set(idToken, user);
      }
      return user;
    },
    forgetUser(uid) {
      for (const [token, user] of cache) if (user.uid === uid) cache.delete(token);
    },
  };
}
