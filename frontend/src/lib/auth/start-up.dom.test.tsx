import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SessionModule from './session';
import type * as StartUpModule from './start-up';

const firebase = vi.hoisted(() => {
  const user = { uid: 'u1', email: 'a@example.com', displayName: 'A', emailVerified: true, getIdToken: vi.fn() };
  // The SDK has said who is signed in once the test calls ready().
  let release: () => void = () => undefined;
  let gate = new Promise<void>((resolve) => (release = resolve));
  const auth: { currentUser: typeof user | null; authStateReady(): Promise<void> } = {
    currentUser: user,
    authStateReady: () => gate,
  };
  const reset = () => {
    gate = new Promise<void>((resolve) => (release = resolve));
  };
  return { user, auth, ready: () => release(), reset, started: vi.fn() };
});

vi.mock('./firebase-auth', () => ({
  startFirebaseAuth: () => {
    firebase.started();
    return firebase.auth;
  },
  signOut: () => Promise.resolve(),
  onIdTokenChanged: (_auth: unknown, listener: (user: unknown) => void) => {
    listener(firebase.auth.currentUser);
    return () => undefined;
  },
}));

const { authSlice, paintedSessionEnds, sessionChanged } = await import('./auth-slice');
const { storedUserKey } = await import('./auth-config');
type Session = typeof SessionModule;
type StartUp = typeof StartUpModule;

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replaceAll('=', '').replaceAll('+', '-').replaceAll('/', '_');
/** An ID token (its signature is the server's business) that expires `seconds` from now. */
const tokenExpiringIn = (seconds: number) =>
  `${base64url({ alg: 'RS256' })}.${base64url({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + seconds })}.sig`;

/** Saves what the Firebase SDK saves after a sign-in. */
function saveSession(options: { uid?: string; emailVerified?: boolean; accessToken?: string } = {}) {
  const { authConfig } = session;
  window.localStorage.setItem(
    storedUserKey(authConfig()),
    JSON.stringify({
      uid: options.uid ?? 'u1',
      email: 'a@example.com',
      displayName: 'A',
      emailVerified: options.emailVerified ?? true,
      stsTokenManager: { accessToken: options.accessToken ?? tokenExpiringIn(3600), refreshToken: 'r' },
    }),
  );
}

const newStore = () => configureStore({ reducer: { auth: authSlice.reducer } });

let session: Session;
let startUp: StartUp;

beforeEach(async () => {
  vi.resetModules();
  session = await import('./session');
  startUp = await import('./start-up');
  firebase.auth.currentUser = firebase.user;
  firebase.reset();
  firebase.user.getIdToken.mockResolvedValue('sdk-token');
});

afterEach(() => {
  firebase.started.mockClear();
  firebase.user.getIdToken.mockReset();
  window.localStorage.clear();
});

describe('painting the device copy at start-up', () => {
  it("starts signed in as the user the SDK saved, restoring, when that user's device copy exists", async () => {
    saveSession();
    const store = newStore();
    const asked: string[] = [];
    const painted = await startUp.paintFromDevice(store, {
      storedSession: session.readStoredSession,
      hasDeviceCopy: (uid) => {
        asked.push(uid);
        return Promise.resolve(true);
      },
    });
    expect(painted).toBe(true);
    expect(asked).toEqual(['u1']);
    expect(store.getState().auth).toMatchObject({ status: 'signed-in', restoring: true, user: { uid: 'u1' } });
    // Nothing of the SDK was loaded for it.
    expect(firebase.started).not.toHaveBeenCalled();
  });

  it('paints nothing without a device copy, for an unverified user, or once the SDK has spoken', async () => {
    const has = (answer: boolean) => ({
      storedSession: session.readStoredSession,
      hasDeviceCopy: () => Promise.resolve(answer),
    });
    saveSession();
    const noCopy = newStore();
    expect(await startUp.paintFromDevice(noCopy, has(false))).toBe(false);
    expect(noCopy.getState().auth.status).toBe('unknown');

    const spoken = newStore();
    spoken.dispatch(sessionChanged(null));
    expect(await startUp.paintFromDevice(spoken, has(true))).toBe(false);
    expect(spoken.getState().auth.status).toBe('guest');

    saveSession({ emailVerified: false });
    const unverified = newStore();
    expect(await startUp.paintFromDevice(unverified, has(true))).toBe(false);
    expect(unverified.getState().auth.status).toBe('unknown');

    window.localStorage.clear();
    const guest = newStore();
    expect(await startUp.paintFromDevice(guest, has(true))).toBe(false);
  });

  it('discards what was painted when the session turns out revoked, or to be someone else', async () => {
    saveSession();
    const store = newStore();
    await startUp.paintFromDevice(store, {
      storedSession: session.readStoredSession,
      hasDeviceCopy: () => Promise.resolve(true),
    });
    const restored = store.getState().auth;
    const u1 = { uid: 'u1', email: 'a@example.com', displayName: 'A', emailVerified: true };
    expect(paintedSessionEnds(restored, null)).toBe(true);
    expect(paintedSessionEnds(restored, { ...u1, uid: 'u2' })).toBe(true);
    expect(paintedSessionEnds(restored, u1)).toBe(false);

    // Revoked: the SDK says nobody; the app is a guest's again, restoring no more.
    store.dispatch(sessionChanged(null));
    expect(store.getState().auth).toMatchObject({ status: 'guest', user: null, restoring: false });
    // Once settled, a later change is no painted session's.
    expect(paintedSessionEnds(store.getState().auth, null)).toBe(false);
  });

  it('settles as the same user, no longer restoring, when the SDK confirms the session', async () => {
    saveSession();
    const store = newStore();
    await startUp.paintFromDevice(store, {
      storedSession: session.readStoredSession,
      hasDeviceCopy: () => Promise.resolve(true),
    });
    store.dispatch(sessionChanged({ uid: 'u1', email: 'a@example.com', displayName: 'A', emailVerified: true }));
    expect(store.getState().auth).toMatchObject({ status: 'signed-in', restoring: false, user: { uid: 'u1' } });
  });
});

describe('the first queries signed with the saved ID token', () => {
  it('uses the saved token while the SDK restores the session, when it is still valid', async () => {
    const saved = tokenExpiringIn(3600);
    saveSession({ accessToken: saved });
    expect(await session.sessionTokens.idToken(false)).toBe(saved);
    expect(firebase.user.getIdToken).not.toHaveBeenCalled();
  });

  it("waits for the SDK's token when the saved one expires within the margin or has expired", async () => {
    saveSession({ accessToken: tokenExpiringIn(session.STORED_TOKEN_MARGIN_MS / 1000 - 5) });
    expect(session.earlyIdToken()).toBeNull();
    const token = session.sessionTokens.idToken(false);
    firebase.ready();
    expect(await token).toBe('sdk-token');

    saveSession({ accessToken: tokenExpiringIn(-60) });
    expect(session.earlyIdToken()).toBeNull();
    saveSession({ accessToken: 'not-a-jwt' });
    expect(session.earlyIdToken()).toBeNull();
  });

  it('falls back to the SDK once the server refused the saved token (401), and never uses it again', async () => {
    const saved = tokenExpiringIn(3600);
    saveSession({ accessToken: saved });
    expect(await session.sessionTokens.idToken(false)).toBe(saved);
    // The base query asks for a fresh token after a 401.
    const fresh = session.sessionTokens.idToken(true);
    firebase.ready();
    expect(await fresh).toBe('sdk-token');
    expect(firebase.user.getIdToken).toHaveBeenCalledWith(true);
    expect(session.earlyIdToken()).toBeNull();
    expect(await session.sessionTokens.idToken(false)).toBe('sdk-token');
  });

  it("uses only the SDK's tokens once the SDK is ready", async () => {
    saveSession({ accessToken: tokenExpiringIn(3600) });
    const watching = session.watchSession(() => undefined);
    firebase.ready();
    await watching;
    expect(session.earlyIdToken()).toBeNull();
    expect(await session.sessionTokens.idToken(false)).toBe('sdk-token');
  });
});
