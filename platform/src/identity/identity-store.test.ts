import { afterEach, describe, expect, it } from 'vitest';
import { openTestIdentity, type TestIdentity } from '../testing/identity.js';
import type { IdentityUser } from './identity-records.js';

const opened: TestIdentity[] = [];
afterEach(() => {
  for (const identity of opened.splice(0)) identity.close();
});

function withAccount(): { identity: TestIdentity; user: IdentityUser } {
  const identity = openTestIdentity();
  opened.push(identity);
  const user: IdentityUser = {
    uid: 'uCachedAccount0000000000001',
    email: 'kham@example.test',
    emailVerified: false,
    displayName: 'Kham',
    photoUrl: null,
    passwordHash: null,
    createdAt: identity.now(),
    lastLoginAt: null,
    passwordUpdatedAt: null,
    sessionVersion: 1,
    disabled: false,
  };
  identity.store.insertUser(user);
  return { identity, user };
}

describe('the identity store’s accounts, read once and remembered', () => {
  it('answers every change made through it at once, however often the account was read before', () => {
    const { identity, user } = withAccount();
    const { store } = identity;
    expect(store.user(user.uid)?.emailVerified).toBe(false);
    store.markEmailVerified(user.uid);
    expect(store.user(user.uid)?.emailVerified).toBe(true);
    store.setProfile(user.uid, 'Kham P.', null);
    expect(store.user(user.uid)?.displayName).toBe('Kham P.');
    store.setPassword(user.uid, 'hash', identity.now());
    expect(store.user(user.uid)?.sessionVersion).toBe(2);
    store.setDisabled(user.uid, true);
    expect(store.user(user.uid)).toMatchObject({ disabled: true, sessionVersion: 3 });
    store.recordSignIn(user.uid, 1234);
    expect(store.user(user.uid)?.lastLoginAt).toBe(1234);
    store.deleteUser(user.uid);
    expect(store.user(user.uid)).toBeNull();
  });

  it('does not remember a change that was rolled back', () => {
    const { identity, user } = withAccount();
    const { store } = identity;
    expect(store.user(user.uid)?.disabled).toBe(false);
    expect(() =>
      store.transaction(() => {
        store.setDisabled(user.uid, true);
        expect(store.user(user.uid)?.disabled).toBe(true);
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    expect(store.user(user.uid)).toMatchObject({ disabled: false, sessionVersion: 1 });
  });

  it('answers accounts callers cannot change', () => {
    const { identity, user } = withAccount();
    const read = identity.store.user(user.uid) as { disabled: boolean } | null;
    expect(() => {
      if (read !== null) read.disabled = true;
    }).toThrow(TypeError);
    expect(identity.store.user(user.uid)?.disabled).toBe(false);
  });
});
