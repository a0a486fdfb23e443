import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { useTestUsers } from '../support/test-users.js';
import { createTestUser, signInTestUser } from '../support/users.js';
import { identityCaller, identityCases } from './isolation-identity-cases.js';

/**
 * Another user's account: every route of the embedded identity is tried by Mallory against
 * Alice (the cases are in isolation-identity-cases.ts; the route list test of
 * isolation.int.test.ts checks that every route has one).
 */

const env = useTestStandalone();
const users = useTestUsers(env, ['alice']);
const IDENTITY = identityCases(env, users);
const identity = identityCaller(env);

describe("security: another user's account", () => {
  it('is out of reach of every identity route: no token, refresh token or code of Mallory acts on Alice', async () => {
    const mallory = await createTestUser(env.standalone);
    const store = env.standalone.identity.store;
    const before = store.user(users.alice.uid);
    let aliceRefresh = users.alice.refreshToken;
    for (const [route, attempt] of Object.entries(IDENTITY)) {
      const session = await signInTestUser(env.standalone, mallory.email);
      await attempt(session);
      expect(store.user(users.alice.uid), route).toEqual(before);
      // Alice's session goes on: her ID token is accepted and her refresh token still works.
      expect((await new ApiClient(env.standalone.app, users.alice).query('preferences')).status, route).toBe(200);
      const refreshed = await identity(
        '/securetoken.googleapis.com/v1/token',
        new URLSearchParams({ grant_type: 'refresh_token', refresh_token: aliceRefresh }).toString(),
      );
      expect(refreshed.status, route).toBe(200);
      expect(refreshed.body['user_id'], route).toBe(users.alice.uid);
      aliceRefresh = String(refreshed.body['refresh_token']);
    }
    expect((await signInTestUser(env.standalone, users.alice.email)).uid).toBe(users.alice.uid);
    expect(store.user(mallory.uid)).not.toBeNull();
  });
});
