import { usePreferencesSync } from '../../lib/preferences';

/**
 * Hands the signed-in user's stored language and theme to the app. Its own chunk: the data layer
 * it reads through is not part of what a guest's first page downloads.
 */
export default function PreferencesSync() {
  usePreferencesSync(true);
  return null;
}
