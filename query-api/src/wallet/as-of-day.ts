import { PREFERENCES_VIEW } from '@plenty/contracts/views/registry';
import { isKnownTimeZone, localDate } from '@plenty/contracts/calendar/zone';
import { DEFAULT_PREFERENCES_VIEW, PREFERENCES_DOC_ID, type PreferencesView } from '@plenty/contracts/preferences';
import { HttpError } from '@plenty/platform/http/errors';
import type { ReadStore } from '@plenty/platform/read-store/port';

/** The user's preferences and the day a balance is asked for. */
export interface BalanceDay {
  readonly preferences: PreferencesView;
  readonly today: string;
  readonly asOf: string;
}

/**
 * The day of `?asOf=` (default today in the user's time zone, as the dashboard finds it; UTC's
 * when the runtime does not know their zone). A day after today: 400, field `asOf`,
 * `date_invalid`, as the dashboard answers.
 */
export async function balanceDay(
  readStore: ReadStore,
  userId: string,
  asOf: string | undefined,
  now: Date,
): Promise<BalanceDay> {
  const stored = await readStore.get<PreferencesView>(PREFERENCES_VIEW, userId, PREFERENCES_DOC_ID);
  const preferences: PreferencesView = { ...DEFAULT_PREFERENCES_VIEW, ...stored?.doc };
  const today = localDate(now, isKnownTimeZone(preferences.timeZone) ? preferences.timeZone : 'UTC');
  if (asOf !== undefined && asOf > today) {
    throw new HttpError(400, 'validation_failed', 'The date is after today.', { asOf: 'date_invalid' });
  }
  return { preferences, today, asOf: asOf ?? today };
}
