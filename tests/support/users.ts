import { randomUUID } from 'node:crypto';
import { z } from 'zod';

const signUpAnswer = z.object({ idToken: z.string(), localId: z.string(), refreshToken: z.string() });

export interface TestUser {
  readonly uid: string;
  readonly email: string;
  readonly idToken: string;
  readonly authorization: string;
}

/** Creates a user in the Auth emulator through its REST API and signs them in. */
export async function createTestUser(
  emulatorHost: string,
  email = `user-${randomUUID()}@example.test`,
): Promise<TestUser> {
  const response = await fetch(
    `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct-horse-battery', returnSecureToken: true }),
    },
  );
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const answer = signUpAnswer.parse(await response.json());
  return { uid: answer.localId, email, idToken: answer.idToken, authorization: `Bearer ${answer.idToken}` };
}
