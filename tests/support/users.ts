import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Standalone } from '@plenty/standalone/app';

const signInAnswer = z.object({ idToken: z.string(), localId: z.string(), refreshToken: z.string() });

export const TEST_PASSWORD = 'correct-horse-battery';

export interface TestUser {
  readonly uid: string;
  readonly email: string;
  readonly idToken: string;
  readonly refreshToken: string;
  readonly authorization: string;
}

export interface TestUserOptions {
  readonly email?: string;
  /** Default true: most tests act as a user who has verified their email. */
  readonly emailVerified?: boolean;
  readonly password?: string;
}

/**
 * Where a test reaches the embedded identity: an app opened in the test (through `inject`)
 * or a server running as a process (its base URL, `http://127.0.0.1:<port>`).
 */
export type IdentityTarget = Standalone | string;

/** Answers of the Identity Toolkit and Secure Token REST APIs the embedded identity serves. */
export async function identityCall(
  target: IdentityTarget,
  path: string,
  body: object | string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: unknown }> {
  const url = path.startsWith('/') ? path : `/identitytoolkit.googleapis.com/v1/${path}?key=plenty-embedded`;
  const form = typeof body === 'string';
  const allHeaders = {
    'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
    ...headers,
  };
  const payload = form ? body : JSON.stringify(body);
  if (typeof target === 'string') {
    const response = await fetch(`${target}${url}`, { method: 'POST', headers: allHeaders, body: payload });
    const text = await response.text();
    return {
      status: response.status,
      headers: Object.fromEntries(response.headers.entries()),
      body: text === '' ? null : (JSON.parse(text) as unknown),
    };
  }
  const response = await target.app.inject({ method: 'POST', url, headers: allHeaders, payload });
  const answerHeaders = Object.fromEntries(
    Object.entries(response.headers).map(([name, value]) => [name, typeof value === 'number' ? String(value) : value]),
  );
  return { status: response.statusCode, headers: answerHeaders, body: response.body === '' ? null : response.json() };
}

async function expectOk(target: IdentityTarget, path: string, body: object | string): Promise<unknown> {
  const answer = await identityCall(target, path, body);
  if (answer.status !== 200) throw new Error(`${path} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

function testUser(email: string, answer: z.infer<typeof signInAnswer>): TestUser {
  return {
    uid: answer.localId,
    email,
    idToken: answer.idToken,
    refreshToken: answer.refreshToken,
    authorization: `Bearer ${answer.idToken}`,
  };
}

/** Signs a user in with their password: a fresh ID token and refresh token. */
export async function signInTestUser(
  target: IdentityTarget,
  email: string,
  password = TEST_PASSWORD,
): Promise<TestUser> {
  const answer = signInAnswer.parse(
    await expectOk(target, 'accounts:signInWithPassword', { email, password, returnSecureToken: true }),
  );
  return testUser(email, answer);
}

/**
 * Marks the user's address verified: directly in an app opened by the test, or for a server
 * process the way a person does it, with the code mailed to its outbox (`outboxDir`).
 */
async function verify(target: IdentityTarget, user: TestUser, outboxDir: string | undefined): Promise<void> {
  if (typeof target !== 'string') {
    await target.identity.providerAdmin.markEmailVerified(user.uid);
    return;
  }
  if (outboxDir === undefined) throw new Error('verifying a user of a server process needs its outbox folder');
  const { verifyThroughOutbox } = await import('./verify-through-outbox.js');
  await verifyThroughOutbox(target, user, outboxDir);
}

/**
 * Creates a user of the embedded identity with the test password and signs them in. The
 * user's email is verified unless `emailVerified: false`. For a server process, pass its
 * outbox folder (`<DATA_DIR>/outbox`) so the mailed code can be entered.
 */
export async function createTestUser(
  target: IdentityTarget,
  options: TestUserOptions = {},
  outboxDir?: string,
): Promise<TestUser> {
  const { email = `user-${randomUUID()}@example.test`, emailVerified = true, password = TEST_PASSWORD } = options;
  const answer = signInAnswer.parse(
    await expectOk(target, 'accounts:signUp', { email, password, returnSecureToken: true }),
  );
  const user = testUser(email, answer);
  if (!emailVerified) return user;
  await verify(target, user, outboxDir);
  return user;
}
