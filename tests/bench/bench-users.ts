import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { z } from 'zod';
import { NO_IDENTITY_LIMITS } from '@plenty/platform/identity/attempt-limits';
import { openEmbeddedIdentity } from '@plenty/platform/identity/embedded-identity';
import { identityCall, TEST_PASSWORD, type TestUser } from '../support/users.js';

/** An account written into a data folder before its server starts, verified, with a session. */
export interface SeededAccount {
  readonly uid: string;
  readonly email: string;
  readonly refreshToken: string;
}

/**
 * Accounts with verified addresses, written into the data folder before its server starts: a
 * benchmark needs hundreds of users, more than the sign-up and verification limits let one
 * address make through the app. Each has the test password and one session.
 */
export async function seedAccounts(dataDir: string, count: number): Promise<SeededAccount[]> {
  await mkdir(dataDir, { recursive: true });
  // The audience of the tokens made here does not matter: the server makes its own (below).
  const identity = await openEmbeddedIdentity({ dataDir, projectId: 'bench-seed', limits: NO_IDENTITY_LIMITS });
  try {
    const accounts: SeededAccount[] = [];
    for (let i = 0; i < count; i += 25) {
      const sessions = await Promise.all(
        Array.from({ length: Math.min(25, count - i) }, () =>
          identity.service.signUp({ email: `bench-${randomUUID()}@example.test`, password: TEST_PASSWORD }, 'bench'),
        ),
      );
      for (const session of sessions) {
        identity.service.markEmailVerified(session.user.uid);
        accounts.push({ uid: session.user.uid, email: session.user.email ?? '', refreshToken: session.refreshToken });
      }
    }
    return accounts;
  } finally {
    await identity.close();
  }
}

const refreshed = z.object({ id_token: z.string(), refresh_token: z.string(), user_id: z.string() });

/**
 * Signs the seeded accounts in at the running server the way a returning browser does: each
 * refresh token is exchanged for an ID token of the server's own.
 */
export async function signInAccounts(baseUrl: string, accounts: readonly SeededAccount[]): Promise<TestUser[]> {
  const users: TestUser[] = [];
  for (let i = 0; i < accounts.length; i += 25) {
    const batch = await Promise.all(
      accounts.slice(i, i + 25).map(async (account) => {
        const answer = await identityCall(
          baseUrl,
          '/securetoken.googleapis.com/v1/token',
          new URLSearchParams({ grant_type: 'refresh_token', refresh_token: account.refreshToken }).toString(),
        );
        if (answer.status !== 200) throw new Error(`sign-in of ${account.email}: ${answer.status}`);
        const session = refreshed.parse(answer.body);
        return {
          uid: session.user_id,
          email: account.email,
          idToken: session.id_token,
          refreshToken: session.refresh_token,
          authorization: `Bearer ${session.id_token}`,
        };
      }),
    );
    users.push(...batch);
  }
  return users;
}
