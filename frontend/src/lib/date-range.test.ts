import { describe, expect, it } from 'vitest';
import { presetOf, presetRange, presetRangeIn, rangeFromParams } from './date-range';

describe('date range presets', () => {
  it('gives this month and this year up to today, last month whole and the last 30 days ending today', () => {
    expect(presetRange('thisMonth', '2026-11-27')).toEqual({ from: '2026-11-01', to: '2026-11-27' });
    expect(presetRange('lastMonth', '2026-11-27')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetRange('thisYear', '2026-11-27')).toEqual({ from: '2026-01-01', to: '2026-11-27' });
    expect(presetRange('last30Days', '2026-11-27')).toEqual({ from: '2026-10-29', to: '2026-11-27' });
  });

  it('crosses a year and ends February on its last day, 29th in a leap year', () => {
    expect(presetRange('lastMonth', '2027-01-05')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(presetRange('lastMonth', '2028-03-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(presetRange('lastMonth', '2027-03-10')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(presetRange('last30Days', '2027-01-10')).toEqual({ from: '2026-12-12', to: '2027-01-10' });
  });

  it("counts days on the user's calendar, not the UTC day of the instant", () => {
    // 22:30 UTC on 31 October is already 1 November in Vientiane (UTC+7), still 31 October in New York.
    const now = new Date('2026-10-31T22:30:00Z');
    expect(presetRangeIn('thisMonth', 'Asia/Vientiane', now)).toEqual({ from: '2026-11-01', to: '2026-11-01' });
    expect(presetRangeIn('thisMonth', 'America/New_York', now)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetRangeIn('lastMonth', 'Asia/Vientiane', now)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetRangeIn('thisYear', 'Pacific/Kiritimati', new Date('2026-12-31T12:00:00Z'))).toEqual({
      from: '2027-01-01',
      to: '2027-01-01',
    });
  });

  it('names the preset a range is today, else custom', () => {
    expect(presetOf({ from: '2026-10-01', to: '2026-10-31' }, '2026-11-27')).toBe('lastMonth');
    expect(presetOf({ from: '2026-10-29', to: '2026-11-27' }, '2026-11-27')).toBe('last30Days');
    expect(presetOf({ from: '2026-10-29', to: '2026-11-27' }, '2026-11-28')).toBe('custom');
    expect(presetOf({ from: '2026-03-01', to: '2026-04-15' }, '2026-11-27')).toBe('custom');
  });

  it('reads a range from the address only when both ends are dates', () => {
    expect(rangeFromParams(new URLSearchParams('from=2026-01-01&to=2026-02-01'))).toEqual({
      from: '2026-01-01',
      to: '2026-02-01',
    });
    expect(rangeFromParams(new URLSearchParams('from=2026-01-01'))).toBeNull();
    expect(rangeFromParams(new URLSearchParams('from=2026-02-30&to=2026-03-01'))).toBeNull();
    expect(rangeFromParams(new URLSearchParams('month=2026-01'))).toBeNull();
  });
});
