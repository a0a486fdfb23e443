import type { VerifiedUser } from '@plenty/platform/auth/port';
import type { CommandCaller } from '../pipeline/stream-definition.js';

/** A signed-in user with a verified email, `<uid>@example.test`. */
export function testUser(uid: string, overrides: Partial<VerifiedUser> = {}): VerifiedUser {
  return {
    uid,
    email: `${uid}@example.test`,
    emailVerified: true,
    expiresAt: 4_000_000_000,
    authTime: 1_700_000_000,
    ...overrides,
  };
}

/** A caller of the pipeline whose reactions' errors are kept in `errors`. */
export function testCaller(user: VerifiedUser, errors: unknown[] = []): CommandCaller {
  return { user, log: { error: (error: unknown) => void errors.push(error), warn: () => undefined } };
}
