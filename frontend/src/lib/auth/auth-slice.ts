import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Locale } from '../locale';
import type { SessionUser } from './session';

export type AuthStatus = 'unknown' | 'guest' | 'signed-in';

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
        : { ...state, status: 'signed-in', user };
    },
    preferredLocaleLoaded(state, action: PayloadAction<Locale | null>) {
      return { ...state, preferredLocale: action.payload };
    },
  },
});

export const { sessionChanged, preferredLocaleLoaded } = authSlice.actions;
