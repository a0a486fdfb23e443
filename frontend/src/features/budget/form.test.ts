import { describe, expect, it } from 'vitest';
import { limitChanges, limitDraft, parseLimit } from './form';

describe('the category limit dialog', () => {
  it('starts from the limit as set, in its own currency and the language number format', () => {
    expect(limitDraft({ amount: 150_050, currency: 'THB' }, false, true, 'LAK', 'lo')).toEqual({
      amount: '1500,50',
      currency: 'THB',
      repeat: 'once',
      rollover: true,
    });
    expect(limitDraft(null, null, false, 'LAK', 'en')).toEqual({
      amount: '',
      currency: 'LAK',
      repeat: 'every',
      rollover: false,
    });
  });

  it('reads the typed limit in minor units and refuses an empty, zero or too precise one', () => {
    const draft = limitDraft(null, null, false, 'THB', 'th');
    expect(parseLimit({ ...draft, amount: '1,250.5' }, 'th')).toEqual({
      ok: true,
      limit: { amount: 125_050, currency: 'THB' },
    });
    expect(parseLimit({ ...draft, amount: '' }, 'th')).toEqual({ ok: false, error: 'error.amount_required' });
    expect(parseLimit({ ...draft, amount: '0' }, 'th')).toEqual({ ok: false, error: 'error.amount_not_positive' });
    expect(parseLimit({ ...draft, amount: '1.234' }, 'th')).toEqual({ ok: false, error: 'error.amount_too_precise' });
  });

  it('sends the limit only when it or its months changed, and the rollover only when it changed', () => {
    const before = { limit: { amount: 500_000, currency: 'LAK' as const }, repeat: true, rollover: false };
    const draft = limitDraft(before.limit, before.repeat, before.rollover, 'LAK', 'en');
    expect(limitChanges(before, before.limit, draft)).toEqual({ budget: null, rollover: null });
    expect(limitChanges(before, before.limit, { ...draft, repeat: 'once' })).toEqual({
      budget: { limit: before.limit, repeat: false },
      rollover: null,
    });
    expect(limitChanges(before, { amount: 600_000, currency: 'LAK' }, { ...draft, rollover: true })).toEqual({
      budget: { limit: { amount: 600_000, currency: 'LAK' }, repeat: true },
      rollover: true,
    });
    expect(limitChanges({ limit: null, repeat: null, rollover: false }, before.limit, draft).budget).toEqual({
      limit: before.limit,
      repeat: true,
    });
  });
});
