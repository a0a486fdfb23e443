import { randomUUID } from 'node:crypto';
import { z } from 'zod';

const signInAnswer = z.object({ idToken: z.string(), localId: z.string(), refreshToken: z.string() });

export const TEST_PASSWORD = 'correct-horse-battery';
const PROJECT_ID = 'demo-plenty';

export interface TestUser {
  readonly uid: string;
  readonly email: string;
  readonly idToken: string;
  readonly authorization: string;
}

export interface TestUserOptions {
  readonly email?: string;
  /** Default true: most tests act as a user who has verified their email. */
  readonly emailVerified?: boolean;
}

async function identityToolkit(emulatorHost: string, path: string, body: object, admin = false): Promise<unknown> {
  const response = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/${path}?key=demo-api-key`, {
    method: 'POST',
    // The emulator accepts `Bearer owner` as an administrator's credentials.
    headers: { 'content-type': 'application/json', ...(admin ? { authorization: 'Bearer owner' } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Signs a user of the Auth emulator in with the test password: a fresh ID token. */
export async function signInTestUser(emulatorHost: string, email: string): Promise<TestUser> {
  const answer = signInAnswer.parse(
    await identityToolkit(emulatorHost, 'accounts:signInWithPassword', {
      email,
      password: TEST_PASSWORD,
      returnSecureToken: true,
    }),
  );
  return { uid: answer.localId, email, idToken: answer.idToken, authorization: `Bearer ${answer.idToken}` };
}

/**
 * Creates a user in the Auth emulator through its REST API and signs them in. The user's
 * email is verified unless `emailVerified: false` (a string is the email, as before).
 */
export async function createTestUser(emulatorHost: string, options: TestUserOptions | string = {}): Promise<TestUser> {
  const { email = `user-${randomUUID()}@example.test`, emailVerified = true } =
    typeof options === 'string' ? { email: options } : options;
  const answer = signInAnswer.parse(
    await identityToolkit(emulatorHost, 'accounts:signUp', { email, password: TEST_PASSWORD, returnSecureToken: true }),
  );
  if (!emailVerified) {
    return { uid: answer.localId, email, idToken: answer.idToken, authorization: `Bearer ${answer.idToken}` };
  }
  await identityToolkit(
    emulatorHost,
    `projects/${PROJECT_ID}/accounts:update`,
    { localId: answer.localId, emailVerified: true },
    true,
  );
  // A token carries the verification state of its sign-in: sign in again for one that says verified.
  return signInTestUser(emulatorHost, email);
}
