import { useCallback, useEffect } from 'react';
import { todayIn } from '@plenty/contracts/calendar/zone';
import { useDispatch } from 'react-redux';
import { api } from './api/api';
import type { QueryAnswer } from './api/queries';
import { preferredLocaleLoaded } from './auth/auth-slice';
import { saveTheme, THEME_STORAGE_KEY } from './theme';

/**
 * The user's preferences (spec section 3), shared by every feature that formats money, picks a
 * default currency or offers a choice the user can turn off.
 */
export const preferencesApi = api.injectEndpoints({
  endpoints: (build) => ({
    preferences: build.query<QueryAnswer<'preferences'>, void>({
      query: () => 'queries/preferences',
      providesTags: ['Preferences'],
    }),
  }),
});

/** The signed-in user's preferences: null while they load or when they cannot be read. */
export function usePreferences(options: { readonly skip?: boolean } = {}) {
  const query = preferencesApi.usePreferencesQuery(undefined, { skip: options.skip ?? false });
  return { ...query, preferences: query.data ?? null };
}

/**
 * The day (`YYYY-MM-DD`) an instant such as a document's `startedAt` falls on in the user's time
 * zone (the device's until the preferences are read), for showing when something happened.
 */
export function useLocalDay(): (instant: string) => string {
  const { preferences } = usePreferences();
  const zone = preferences?.timeZone;
  return useCallback((instant: string) => todayIn(zone, new Date(instant)), [zone]);
}

function storedThemeMissing(): boolean {
  try {
    return window.localStorage.getItem(THEME_STORAGE_KEY) === null;
  } catch {
    return false;
  }
}

/**
 * Hands the stored preferences to the app once they are read: the language to the locale root
 * (which uses it only when local storage holds no "locale", spec section 2) and the theme when
 * this browser has none of its own yet.
 */
export function usePreferencesSync(signedIn: boolean): void {
  const dispatch = useDispatch();
  const { preferences } = usePreferences({ skip: !signedIn });
  const language = preferences?.language ?? null;
  const theme = preferences?.theme ?? null;
  useEffect(() => {
    if (language !== null) dispatch(preferredLocaleLoaded(language));
  }, [dispatch, language]);
  useEffect(() => {
    if (theme !== null && storedThemeMissing()) saveTheme(theme);
  }, [theme]);
}
