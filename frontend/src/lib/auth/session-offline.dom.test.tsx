import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TokenUnreachableError } from '../offline/token-unreachable';

const firebase = vi.hoisted(() => {
  const user = { uid: 'u1', email: 'a@example.com', displayName: 'A', emailVerified: true, getIdToken: vi.fn() };
  const auth: { currentUser: typeof user | null; authStateReady(): Promise<void> } = {
    currentUser: user,
    authStateReady: () => Promise.resolve(),
  };
  return { user, auth, signOut: vi.fn(() => Promise.resolve()) };
});

vi.mock('./firebase-auth', () => ({
  startFirebaseAuth: () => firebase.auth,
  signOut: firebase.signOut,
  onIdTokenChanged: (_auth: unknown, listener: (user: unknown) => void) => {
    listener(firebase.auth.currentUser);
    return () => undefined;
  },
}));

const { authConfig, onSessionRevoked, sessionTokens, watchSession } = await import('./session');
const { storedUserKey } = await import('./auth-config');

// A user signed in on this browser before (the SDK's saved session).
beforeEach(() => window.localStorage.setItem(storedUserKey(authConfig()), JSON.stringify({ uid: 'u1' })));

afterEach(() => {
  firebase.signOut.mockClear();
  firebase.user.getIdToken.mockReset();
  window.localStorage.clear();
});

const authError = (code: string) => Object.assign(new Error(code), { code: `auth/${code}` });

describe('a signed-in session without a network', () => {
  it('turns a token that cannot be refreshed offline into a network error, and stays signed in', async () => {
    firebase.user.getIdToken.mockRejectedValue(authError('network-request-failed'));
    const revoked: string[] = [];
    const stop = onSessionRevoked((code) => revoked.push(code));
    await expect(sessionTokens.idToken(false)).rejects.toBeInstanceOf(TokenUnreachableError);
    stop();
    expect(firebase.signOut).not.toHaveBeenCalled();
    expect(revoked).toEqual([]);
  });

  it('still signs out a user the identity provider refuses', async () => {
    firebase.user.getIdToken.mockRejectedValue(authError('user-disabled'));
    const revoked: string[] = [];
    const stop = onSessionRevoked((code) => revoked.push(code));
    expect(await sessionTokens.idToken(true)).toBeNull();
    stop();
    expect(firebase.signOut).toHaveBeenCalledOnce();
    expect(revoked).toEqual(['user-disabled']);
  });

  it('starts signed in with the saved user the SDK kept, saying nothing about a session ending', async () => {
    const revoked: string[] = [];
    const stop = onSessionRevoked((code) => revoked.push(code));
    const seen: (string | null)[] = [];
    await watchSession((user) => seen.push(user?.uid ?? null));
    stop();
    expect(seen).toEqual(['u1']);
    expect(revoked).toEqual([]);
  });
});
