import { DEFAULT_RATES } from '@plenty/contracts/rates';
import { describe, expect, it } from 'vitest';
import { combinedTotals } from './combined-totals';

const preferences = {
  currency: 'USD' as const,
  rates: DEFAULT_RATES,
  ratesDate: '2026-11-01',
  ratesUpdatedAt: null,
};

describe('combined totals', () => {
  it('adds totals of several currencies in the display currency, converting each total once', () => {
    const combined = combinedTotals(
      [
        { currency: 'LAK', income: 2_185_000, expense: 1_092_500 },
        { currency: 'USD', income: 1_000, expense: 0 },
      ],
      preferences,
      (date) => `on ${date}`,
    );
    expect(combined).toEqual({
      currency: 'USD',
      income: 11_000,
      expense: 5_000,
      date: 'on 2026-11-01',
      outOfRange: false,
    });
  });

  it('gives the day the user set their own rates when they replaced the bundled table', () => {
    const combined = combinedTotals(
      [{ currency: 'THB', income: 0, expense: 3_245 }],
      { ...preferences, ratesDate: null, ratesUpdatedAt: '2026-11-20T08:00:00.000Z' },
      (date) => date,
    );
    expect(combined).toEqual({ currency: 'USD', income: 0, expense: 100, date: '2026-11-20', outOfRange: false });
  });

  it('shows a converted sum past 2^53 − 1 at that figure and says so, never throwing', () => {
    const combined = combinedTotals(
      [
        { currency: 'THB', income: 0, expense: Number.MAX_SAFE_INTEGER },
        { currency: 'USD', income: 2 ** 51, expense: 0 },
      ],
      { ...preferences, currency: 'LAK', rates: { ...DEFAULT_RATES, LAK: '1000000000', THB: '0.000001' } },
      String,
    );
    expect(combined).toMatchObject({ expense: Number.MAX_SAFE_INTEGER, outOfRange: true });
  });

  it('adds nothing when everything is in the display currency or the preferences are not read', () => {
    expect(combinedTotals([{ currency: 'USD', income: 1, expense: 2 }], preferences, String)).toBeNull();
    expect(combinedTotals([{ currency: 'LAK', income: 1, expense: 2 }], null, String)).toBeNull();
  });
});
