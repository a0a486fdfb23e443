import type { VerifiedUser } from '@plenty/platform/auth/port';
import { HttpError } from '@plenty/platform/http/errors';
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

/** The HttpError a command was refused with; throws when it was answered, or failed otherwise. */
export async function refusal(answer: Promise<unknown>): Promise<HttpError> {
  const error = await answer.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}
