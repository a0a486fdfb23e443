import type { Standalone } from '@plenty/standalone/app';
import { ApiClient } from './api-client.js';
import { createTestUser, type TestUser } from './users.js';

/*
 * Set-up shared by the API tests that act as new users of the embedded default: a signed-up
 * user with a client of their own, and a query read once the projector has the store's head.
 */

/** A new signed-up user and a client acting as them. */
export async function signedUp(standalone: Standalone): Promise<{ user: TestUser; api: ApiClient }> {
  const user = await createTestUser(standalone);
  return { user, api: new ApiClient(standalone.app, user) };
}

/** Reads a query as the user once the projector has the store's head (for writes that answer no position). */
export async function readNow<T = unknown>(
  standalone: Standalone,
  user: TestUser,
  path: string,
): Promise<{ status: number; body: T }> {
  const head = await standalone.eventStore.headPosition();
  const response = await standalone.app.inject({
    method: 'GET',
    url: `/api/queries/${path}`,
    headers: { authorization: user.authorization, 'x-min-position': head },
  });
  return { status: response.statusCode, body: response.json() as T };
}
