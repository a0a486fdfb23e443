import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Locale } from '../locale';
import type { SessionUser } from './session';

/**
 * `unverified`: signed in to Firebase with an email address not verified yet; such a user sees
 * only the verification page.
 */
export type AuthStatus = 'unknown' | 'guest' | 'unverified' | 'signed-in';

export interface AuthState {
  readonly status: AuthStatus;
  readonly user: SessionUser | null;
  /** The language saved in the user's preferences, once known. */
  readonly preferredLocale: Locale | null;
  /**
   * True while the user is the one the browser saved (start-up, see lib/auth/start-up.ts) and
   * the Firebase SDK has not yet said whether that session still holds: the pages show the
   * device copy of their answers meanwhile.
   */
  readonly restoring: boolean;
}

const initialState: AuthState = { status: 'unknown', user: null, preferredLocale: null, restoring: false };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    sessionChanged(state, action: PayloadAction<SessionUser | null>) {
      const user = action.payload;
      return user === null
        ? { status: 'guest', user: null, preferredLocale: null, restoring: false }
        : {
            ...state,
            status: user.emailVerified ? 'signed-in' : 'unverified',
            user,
            restoring: false,
            // Another user than the one restored: nothing of the first one's carries over.
            preferredLocale: state.user !== null && state.user.uid !== user.uid ? null : state.preferredLocale,
          };
    },
    /**
     * The session the browser saved, shown signed in before the SDK has confirmed it (only a
     * verified user with a device copy, at start-up); `sessionChanged` settles it.
     */
    sessionRestoring(state, action: PayloadAction<SessionUser>) {
      if (state.status !== 'unknown' || !action.payload.emailVerified) return state;
      return { ...state, status: 'signed-in', user: action.payload, restoring: true };
    },
    preferredLocaleLoaded(state, action: PayloadAction<Locale | null>) {
      return { ...state, preferredLocale: action.payload };
    },
  },
});

export const { sessionChanged, sessionRestoring, preferredLocaleLoaded } = authSlice.actions;

/** Whether the signed-in user is the one the browser saved, not yet confirmed by the SDK (any store's state). */
export function restoringSession(state: unknown): boolean {
  return (state as { auth?: { restoring?: unknown } } | null)?.auth?.restoring === true;
}

/**
 * Whether what was painted for a restored session must go now that the SDK has said who is
 * signed in: the session ended (revoked, expired, signed out), or it is someone else's.
 */
export function paintedSessionEnds(auth: AuthState, user: SessionUser | null): boolean {
  if (!auth.restoring) return false;
  return user === null || user.uid !== auth.user?.uid || !user.emailVerified;
}
