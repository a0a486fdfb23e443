import { describe, expect, it } from 'vitest';
import { isIsoDate } from '@plenty/contracts/calendar/date';
import { isAsOfRefused } from './as-of-param';

describe('the past day in the address', () => {
  it('accepts only dates that exist, written YYYY-MM-DD', () => {
    expect(isIsoDate('2026-10-15')).toBe(true);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('15-10-2026')).toBe(false);
    expect(isIsoDate('')).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });

  it('tells a refused day from other failures', () => {
    const error = (fields: Record<string, string>) => ({
      status: 400,
      code: 'validation_failed',
      messageId: 'x',
      fields,
    });
    expect(isAsOfRefused(error({ asOf: 'date_invalid' }))).toBe(true);
    expect(isAsOfRefused(error({ month: 'date_invalid' }))).toBe(false);
    expect(isAsOfRefused({ status: 'network', code: 'network', messageId: 'x', fields: {} })).toBe(false);
    expect(isAsOfRefused(undefined)).toBe(false);
  });
});
