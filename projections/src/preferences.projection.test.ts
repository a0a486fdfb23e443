import { PREFERENCES_VIEW } from '@plenty/contracts/views/registry';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PREFERENCES_VIEW,
  PREFERENCES_DOC_ID,
  preferencesViewSchema,
  type PreferencesView,
} from '@plenty/contracts/preferences';
import { DEFAULT_RATES, DEFAULT_RATES_DATE } from '@plenty/contracts/rates';
import { documents } from './testing/memory-read-store.js';
import { projectionScratch } from './testing/scratch.js';
import { allProjections } from './all.js';

const scratch = projectionScratch(allProjections, new Date('2026-11-21T09:00:00.000Z'));
const { given } = scratch;

const changed = (userId: string, changes: Record<string, unknown>) =>
  scratch.log.profile(userId, 'PreferencesChanged', { changes });
const ratesSet = (userId: string, rates: Record<string, string> | null) =>
  scratch.log.profile(userId, 'ExchangeRatesSet', { rates });

const preferencesOf = async (userId: string) =>
  (await documents(scratch.store, PREFERENCES_VIEW, userId)) as PreferencesView[];

describe('preferences projection', () => {
  it('keeps one document per user, the defaults merged with what the user changed', async () => {
    await given(
      changed('alice', { currency: 'THB', theme: 'light', monthlyBudget: { amount: 900000, currency: 'THB' } }),
    );
    const docs = await preferencesOf('alice');
    expect(docs).toHaveLength(1);
    expect(docs[0]).toEqual({
      ...DEFAULT_PREFERENCES_VIEW,
      currency: 'THB',
      theme: 'light',
      monthlyBudget: { amount: 900000, currency: 'THB' },
    });
    expect(preferencesViewSchema.parse(docs[0])).toMatchObject({ currency: 'THB' });
    const stored = await scratch.store.get(PREFERENCES_VIEW, 'alice', PREFERENCES_DOC_ID);
    expect(stored?.doc).toEqual(docs[0]);
  });

  it('applies later changes over earlier ones, field by field', async () => {
    await given(
      changed('alice', { theme: 'light', weeklyReport: true }),
      changed('alice', { theme: 'system', monthlyBudget: null }),
    );
    expect(await preferencesOf('alice')).toEqual([
      expect.objectContaining({ theme: 'system', weeklyReport: true, monthlyBudget: null }),
    ]);
  });

  it('shows the user’s own rates with when they were set, and the bundled table with its date after a reset', async () => {
    const own = { ...DEFAULT_RATES, THB: '33.1' };
    const set = ratesSet('alice', own);
    await given(set);
    expect(await preferencesOf('alice')).toEqual([
      expect.objectContaining({ rates: own, ratesDate: null, ratesUpdatedAt: set.metadata.occurredAt }),
    ]);
    await given(ratesSet('alice', null));
    expect(await preferencesOf('alice')).toEqual([
      expect.objectContaining({ rates: DEFAULT_RATES, ratesDate: DEFAULT_RATES_DATE, ratesUpdatedAt: null }),
    ]);
  });

  it('keeps users apart and ignores an event delivered again', async () => {
    const light = changed('alice', { theme: 'light' });
    await given(light, changed('alice', { theme: 'dark', currency: 'EUR' }), changed('bob', { currency: 'AUD' }));
    await given(light);
    expect(await preferencesOf('alice')).toEqual([expect.objectContaining({ theme: 'dark', currency: 'EUR' })]);
    expect(await preferencesOf('bob')).toEqual([expect.objectContaining({ theme: 'dark', currency: 'AUD' })]);
  });

  it('is purged with the rest of the user’s views when the account is erased', async () => {
    await given(changed('alice', { currency: 'THB' }), changed('bob', { currency: 'USD' }));
    await given(scratch.log.accountErased('alice'));
    expect(await preferencesOf('alice')).toEqual([]);
    expect(await preferencesOf('bob')).toHaveLength(1);
  });
});
