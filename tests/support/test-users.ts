import { beforeAll } from 'vitest';
import type { TestStandalone } from './standalone-app.js';
import { createTestUser, type TestUser } from './users.js';

/**
 * For an integration test file: verified users of its embedded default, one per name (say
 * `['alice', 'bob']`), signed up in `beforeAll` once the app is open and read as `users.alice`.
 */
export function useTestUsers<const Name extends string>(
  env: TestStandalone,
  names: readonly Name[],
): Readonly<Record<Name, TestUser>> {
  const signedUp = new Map<string, TestUser>();
  beforeAll(async () => {
    const created = await Promise.all(names.map(() => createTestUser(env.standalone)));
    created.forEach((user, index) => signedUp.set(names[index] as string, user));
  });
  const users = {} as Record<Name, TestUser>;
  for (const name of names)
    Object.defineProperty(users, name, {
      enumerable: true,
      get(): TestUser {
        const user = signedUp.get(name);
        if (user === undefined) throw new Error(`${name} signs up in beforeAll`);
        return user;
      },
    });
  return users;
}
