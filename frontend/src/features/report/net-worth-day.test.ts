import { describe, expect, it } from 'vitest';
import { netWorthDay } from './net-worth-day';

describe('the day the report shows net worth for', () => {
  it('is today for the current month', () => {
    expect(netWorthDay('2026-11', '2026-11-27', null)).toBeNull();
  });

  it('is the last day of an earlier month, leap years included', () => {
    expect(netWorthDay('2026-09', '2026-11-27', null)).toBe('2026-09-30');
    expect(netWorthDay('2028-02', '2028-05-01', null)).toBe('2028-02-29');
  });

  it('is the report’s past day in that day’s month, and the month’s end before it', () => {
    expect(netWorthDay('2026-10', '2026-11-27', '2026-10-15')).toBe('2026-10-15');
    expect(netWorthDay('2026-08', '2026-11-27', '2026-10-15')).toBe('2026-08-31');
  });
});
