import { afterEach, vi } from 'vitest';
import { DEFAULT_IDENTITY_LIMITS, type IdentityLimits } from '../identity/attempt-limits.js';
import { IdentityError } from '../identity/identity-rules.js';
import { openTestIdentity, type TestIdentity } from './identity.js';

// The tests importing this module check the service's rules, not the cost of scrypt
// (identity/password-hash.test.ts checks the real parameters): new hashes here are made with a
// small N, and checked as any stored hash is, by its own parameters.
vi.mock(import('../identity/password-hash.js'), async (importOriginal) => {
  const original = await importOriginal();
  return { ...original, hashPassword: (password: string) => original.hashPassword(password, { N: 1024, r: 8, p: 1 }) };
});

/** What the identity service tests sign up and sign in with. */
export const PASSWORD = 'correct-horse-battery';
export const CLIENT = '192.0.2.10';
export const MINUTE = 60_000;

/** `given(limits)` opens a test identity with those attempt limits, closed after each test. */
export function useTestIdentities(): (limits?: Partial<IdentityLimits>) => TestIdentity {
  const opened: TestIdentity[] = [];
  afterEach(() => {
    for (const identity of opened.splice(0)) identity.close();
  });
  return (limits) => {
    const identity = openTestIdentity({ limits: { ...DEFAULT_IDENTITY_LIMITS, ...limits } });
    opened.push(identity);
    return identity;
  };
}

/** The refusal a call ends with; fails the test when it succeeds. */
export async function refusal(call: Promise<unknown>): Promise<IdentityError> {
  const outcome = await call.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(outcome instanceof IdentityError)) throw new Error(`expected an IdentityError, got ${String(outcome)}`);
  return outcome;
}

export const signUp = (identity: TestIdentity, email: string, password = PASSWORD, client = CLIENT) =>
  identity.service.signUp({ email, password }, client);

export const signIn = (identity: TestIdentity, email: string, password = PASSWORD, client = CLIENT) =>
  identity.service.signInWithPassword({ email, password }, client);
