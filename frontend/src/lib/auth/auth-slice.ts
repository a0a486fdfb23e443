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
}

const initialState: AuthState = { status: 'unknown', user: null, preferredLocale: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    sessionChanged(state, action: PayloadAction<SessionUser | null>) {
      const user = action.payload;
      return user === null
        ? { status: 'guest', user: null, preferredLocale: null }
        : { ...state, status: user.emailVerified ? 'signed-in' : 'unverified', user };
    },
    preferredLocaleLoaded(state, action: PayloadAction<Locale | null>) {
      return { ...state, preferredLocale: action.payload };
    },
  },
});

export const { sessionChanged, preferredLocaleLoaded } = authSlice.actions;
