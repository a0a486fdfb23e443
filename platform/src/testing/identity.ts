import { createHash, generateKeyPairSync } from 'node:crypto';
import type { TokenVerifier } from '../auth/port.js';
import { DEFAULT_IDENTITY_LIMITS, type IdentityLimits } from '../identity/attempt-limits.js';
import { embeddedTokenVerifier, IdTokens } from '../identity/id-tokens.js';
import { IdentityService } from '../identity/identity-service.js';
import { IdentityStore } from '../identity/identity-store.js';
import type { SigningKey } from '../identity/signing-key.js';

/** A fresh P-256 key named the way `loadSigningKey` names one, without a file. */
export function testSigningKey(): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const kid = createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64url')
    .slice(0, 16);
  return { kid, privateKey, publicKey };
}

export const TEST_AUDIENCE = 'plenty-test';

export interface TestIdentity {
  readonly service: IdentityService;
  readonly store: IdentityStore;
  readonly tokens: IdTokens;
  readonly verifier: TokenVerifier;
  readonly key: SigningKey;
  /** Milliseconds since epoch, as the service sees it. */
  now(): number;
  /** Moves the service's clock on; nothing waits. */
  advance(ms: number): void;
  close(): void;
}

/**
 * The embedded identity on a store in memory, with a clock the test moves: expiry, grace
 * periods and attempt windows are tested without waiting.
 */
export function openTestIdentity(
  options: { limits?: IdentityLimits; startAt?: number; key?: SigningKey } = {},
): TestIdentity {
  let now = options.startAt ?? Date.parse('2026-11-26T08:00:00.000Z');
  const store = new IdentityStore(':memory:');
  const key = options.key ?? testSigningKey();
  const tokens = new IdTokens(key, TEST_AUDIENCE, () => Math.floor(now / 1000));
  const service = new IdentityService({
    store,
    tokens,
    limits: options.limits ?? DEFAULT_IDENTITY_LIMITS,
    now: () => now,
  });
  return {
    service,
    store,
    tokens,
    verifier: embeddedTokenVerifier(tokens, store, () => now / 1000),
    key,
    now: () => now,
    advance(ms) {
      now += ms;
    },
    close() {
      store.close();
    },
  };
}
