import { describe, expect, it, vi } from 'vitest';

// The identity service refuses the saved session: the SDK clears it from the browser as it starts.
const firebase = vi.hoisted(() => {
  const auth: { currentUser: null; authStateReady(): Promise<void> } = {
    currentUser: null,
    authStateReady: () => {
      window.localStorage.clear();
      return Promise.resolve();
    },
  };
  return { auth };
});

vi.mock('./firebase-auth', () => ({
  startFirebaseAuth: () => firebase.auth,
  signOut: () => Promise.resolve(),
  onIdTokenChanged: (_auth: unknown, listener: (user: unknown) => void) => {
    listener(firebase.auth.currentUser);
    return () => undefined;
  },
}));

const { authConfig, onSessionRevoked, sessionTokens, watchSession } = await import('./session');
const { storedUserKey } = await import('./auth-config');

describe('a saved session the identity service refuses on a repeat visit', () => {
  it('is told as ended even when a first query loaded the SDK (which cleared it) before the session was watched', async () => {
    window.localStorage.setItem(storedUserKey(authConfig()), JSON.stringify({ uid: 'u1' }));
    const revoked: string[] = [];
    const stop = onSessionRevoked((code) => revoked.push(code));
    // A painted page's first query, refused, asks for a fresh token: the SDK starts and clears the session.
    expect(await sessionTokens.idToken(true)).toBeNull();
    expect(window.localStorage.getItem(storedUserKey(authConfig()))).toBeNull();
    const seen: (string | null)[] = [];
    await watchSession((user) => seen.push(user === null ? null : 'someone'));
    stop();
    expect(seen).toEqual([null]);
    expect(revoked).toEqual(['user-token-expired']);
  });
});
