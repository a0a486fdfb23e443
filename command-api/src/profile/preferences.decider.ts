import type { ChangePreferences, SetExchangeRates } from '@plenty/contracts/commands/profile';
import type { DomainError } from '@plenty/contracts/errors';
import type { ProfileEvent } from '@plenty/contracts/events/profile';
import { DEFAULT_PREFERENCES, type Preferences } from '@plenty/contracts/preferences';
import type { RateTable } from '@plenty/contracts/rates';

/** The part of a profile that preferences and exchange rates fold into. */
export interface PreferencesState {
  readonly preferences: Preferences;
  /** The user's own rate table, or null while the bundled one applies. */
  readonly rates: RateTable | null;
}

export const initialPreferencesState: PreferencesState = { preferences: DEFAULT_PREFERENCES, rates: null };

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

export function evolvePreferences(state: PreferencesState, event: { type: string; data: unknown }): PreferencesState {
  const known = event as ProfileEvent;
  switch (known.type) {
    case 'PreferencesChanged':
      return { ...state, preferences: { ...state.preferences, ...known.data.changes } };
    case 'ExchangeRatesSet':
      return { ...state, rates: known.data.rates };
    default:
      return state;
  }
}

/** Records only the preferences that differ from the current ones; a change to the same values records nothing. */
export function changePreferences(command: ChangePreferences, state: PreferencesState): ProfileEvent[] | DomainError {
  const current = state.preferences;
  const effective = Object.fromEntries(
    Object.entries(command.data.changes).filter(
      ([key, value]) => value !== undefined && !sameValue(current[key as keyof Preferences], value),
    ),
  ) as Partial<Preferences>;
  if (Object.keys(effective).length === 0) return [];
  return [{ type: 'PreferencesChanged', data: { changes: effective } }];
}

/** Sets the user's own rate table, or goes back to the bundled one with null; the same table records nothing. */
export function setExchangeRates(command: SetExchangeRates, state: PreferencesState): ProfileEvent[] | DomainError {
  const { rates } = command.data;
  if (sameValue(state.rates, rates)) return [];
  return [{ type: 'ExchangeRatesSet', data: { rates } }];
}
