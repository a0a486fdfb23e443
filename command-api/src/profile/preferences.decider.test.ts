import { describe, expect, it } from 'vitest';
import type { ProfileCommand } from '@plenty/contracts/commands/profile';
import type { ProfileEvent } from '@plenty/contracts/events/profile';
import { changePreferencesSchema, setExchangeRatesSchema } from '@plenty/contracts/preferences';
import { DEFAULT_RATES } from '@plenty/contracts/rates';
import { decideProfile } from './profile.decider.js';
import { evolveProfile, initialProfileState } from './profile.state.js';

const commandId = '0192f0c4-7a1b-7c3d-8e4f-000000000001';

function given(...events: ProfileEvent[]) {
  const state = events.reduce(evolveProfile, initialProfileState);
  return { when: (command: ProfileCommand) => decideProfile(command, state, 'alice') };
}

const change = (changes: Record<string, unknown>): ProfileCommand => ({
  type: 'ChangePreferences',
  data: changePreferencesSchema.parse({ commandId, changes }),
});
const setRates = (rates: Record<string, string> | null): ProfileCommand => ({
  type: 'SetExchangeRates',
  data: setExchangeRatesSchema.parse({ commandId, rates }),
});
const changed = (changes: Record<string, unknown>): ProfileEvent =>
  ({ type: 'PreferencesChanged', data: { changes } }) as ProfileEvent;

const bahtRates = { ...DEFAULT_RATES, THB: '33.1' };

describe('preferences', () => {
  it('records the preferences that change', () => {
    expect(given().when(change({ theme: 'light', currency: 'THB' }))).toEqual([
      changed({ theme: 'light', currency: 'THB' }),
    ]);
  });

  it('leaves out the preferences that already hold the asked value', () => {
    expect(given(changed({ currency: 'THB' })).when(change({ currency: 'THB', weeklyReport: true }))).toEqual([
      changed({ weeklyReport: true }),
    ]);
  });

  it('records nothing when every asked value is already the current one', () => {
    expect(given().when(change({ theme: 'dark', language: 'en', monthlyBudget: null }))).toEqual([]);
    const budget = { amount: 500_000, currency: 'THB' };
    expect(given(changed({ monthlyBudget: budget })).when(change({ monthlyBudget: { ...budget } }))).toEqual([]);
  });

  it('sets and clears the monthly budget', () => {
    const budget = { amount: 2_000_000, currency: 'LAK' };
    expect(given().when(change({ monthlyBudget: budget }))).toEqual([changed({ monthlyBudget: budget })]);
    expect(given(changed({ monthlyBudget: budget })).when(change({ monthlyBudget: null }))).toEqual([
      changed({ monthlyBudget: null }),
    ]);
    expect(given(changed({ monthlyBudget: budget })).when(change({ monthlyBudget: { ...budget, amount: 1 } }))).toEqual(
      [changed({ monthlyBudget: { ...budget, amount: 1 } })],
    );
  });

  it('folds every earlier change before deciding', () => {
    const history = [changed({ theme: 'light' }), changed({ theme: 'system', saveLocation: true })];
    expect(given(...history).when(change({ theme: 'system', saveLocation: true }))).toEqual([]);
    expect(given(...history).when(change({ theme: 'light' }))).toEqual([changed({ theme: 'light' })]);
  });
});

describe('exchange rates', () => {
  it('sets the user’s own table', () => {
    expect(given().when(setRates(bahtRates))).toEqual([{ type: 'ExchangeRatesSet', data: { rates: bahtRates } }]);
  });

  it('records nothing for the table already set, or for going back to the bundled one twice', () => {
    const set: ProfileEvent = { type: 'ExchangeRatesSet', data: { rates: bahtRates } };
    expect(given(set).when(setRates({ ...bahtRates }))).toEqual([]);
    expect(given().when(setRates(null))).toEqual([]);
  });

  it('goes back to the bundled table', () => {
    const set: ProfileEvent = { type: 'ExchangeRatesSet', data: { rates: bahtRates } };
    expect(given(set).when(setRates(null))).toEqual([{ type: 'ExchangeRatesSet', data: { rates: null } }]);
  });

  it('keeps rates and preferences apart', () => {
    const set: ProfileEvent = { type: 'ExchangeRatesSet', data: { rates: bahtRates } };
    expect(given(set).when(change({ currency: 'THB' }))).toEqual([changed({ currency: 'THB' })]);
  });
});
