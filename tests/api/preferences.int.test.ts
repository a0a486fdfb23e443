import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES_VIEW, type PreferencesView } from '@plenty/contracts/preferences';
import { DEFAULT_RATES, DEFAULT_RATES_DATE } from '@plenty/contracts/rates';
import { useTestStandalone } from '../support/standalone-app.js';
import { ApiClient } from '../support/api-client.js';
import { createTestUser, type TestUser } from '../support/users.js';

const env = useTestStandalone();
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [alice, bob] = await Promise.all([createTestUser(env.standalone), createTestUser(env.standalone)]);
});

describe('preferences over HTTP', () => {
  it('answers the defaults before the user changes anything', async () => {
    const api = new ApiClient(env.standalone.app, await createTestUser(env.standalone));
    const answer = await api.query<PreferencesView>('preferences');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(DEFAULT_PREFERENCES_VIEW);
  });

  it('saves preferences and rates, reads them back, and never serves them to another user', async () => {
    const api = new ApiClient(env.standalone.app, alice);
    const budget = { amount: 1_500_000, currency: 'THB' };
    const change = await api.command('ChangePreferences', {
      changes: { currency: 'THB', theme: 'light', language: 'th', monthlyBudget: budget, timeZone: 'Asia/Bangkok' },
    });
    expect(change.status).toBe(200);
    const rates = { ...DEFAULT_RATES, THB: '33.2' };
    expect((await api.command('SetExchangeRates', { rates })).status).toBe(200);

    const mine = await api.query<PreferencesView>('preferences');
    expect(mine.body).toMatchObject({
      currency: 'THB',
      theme: 'light',
      language: 'th',
      monthlyBudget: budget,
      timeZone: 'Asia/Bangkok',
      rates,
      ratesDate: null,
    });
    expect(mine.body.ratesUpdatedAt).not.toBeNull();

    const theirs = await new ApiClient(env.standalone.app, bob).query<PreferencesView>('preferences');
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual(DEFAULT_PREFERENCES_VIEW);

    expect((await api.command('SetExchangeRates', { rates: null })).status).toBe(200);
    const reset = await api.query<PreferencesView>('preferences');
    expect(reset.body).toMatchObject({ rates: DEFAULT_RATES, ratesDate: DEFAULT_RATES_DATE, ratesUpdatedAt: null });
  });

  it('appends nothing when the values asked for are already set', async () => {
    const api = new ApiClient(env.standalone.app, await createTestUser(env.standalone));
    const first = await api.command('ChangePreferences', { changes: { weeklyReport: true } });
    const again = await api.command('ChangePreferences', { changes: { weeklyReport: true, theme: 'dark' } });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.revision).toBe(first.body.revision);
    expect(again.body.position).toBe(first.body.position);
  });

  it.each([
    ['an unknown currency', 'ChangePreferences', { changes: { currency: 'JPY' } }, 'changes.currency'],
    [
      'a time zone that does not exist',
      'ChangePreferences',
      { changes: { timeZone: 'Mars/Olympus' } },
      'changes.timeZone',
    ],
    [
      'a budget of zero',
      'ChangePreferences',
      { changes: { monthlyBudget: { amount: 0, currency: 'THB' } } },
      'changes.monthlyBudget.amount',
    ],
    ['an unknown preference', 'ChangePreferences', { changes: { fontSize: 'large' } }, 'changes.fontSize'],
    ['no change at all', 'ChangePreferences', { changes: {} }, 'changes'],
    ['a rate of "0"', 'SetExchangeRates', { rates: { ...DEFAULT_RATES, EUR: '0' } }, 'rates.EUR'],
    ['a rate that is not a decimal', 'SetExchangeRates', { rates: { ...DEFAULT_RATES, EUR: '1e3' } }, 'rates.EUR'],
    ['a rate table without a currency', 'SetExchangeRates', { rates: { USD: '1', THB: '33' } }, 'rates.LAK'],
    ['an unknown currency in the rates', 'SetExchangeRates', { rates: { ...DEFAULT_RATES, JPY: '150' } }, 'rates.JPY'],
  ])('refuses %s with 400 and changes nothing', async (_name, command, payload, field) => {
    const api = new ApiClient(env.standalone.app, bob);
    const before = await api.query<PreferencesView>('preferences');
    const answer = await api.command(command, payload);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.code).toBe('validation_failed');
    expect(Object.keys(answer.body.error?.fields ?? {})).toContain(field);
    const after = await api.query<PreferencesView>('preferences');
    expect(after.body).toEqual(before.body);
    expect(after.position).toBe(before.position);
  });
});
