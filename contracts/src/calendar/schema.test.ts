import { describe, expect, it } from 'vitest';
import { calendarDateSchema, localTimeSchema, monthSchema } from './schema.js';

describe('calendar dates', () => {
  it('accept dates that exist, leap days included', () => {
    expect(calendarDateSchema.safeParse('2028-02-29').success).toBe(true);
    expect(calendarDateSchema.safeParse('2026-12-31').success).toBe(true);
  });

  it('refuse dates that do not exist or are not YYYY-MM-DD', () => {
    for (const bad of ['2026-02-29', '2026-04-31', '2026-13-01', '2026-1-5', '20261105', '2026-11-05T00:00']) {
      expect(calendarDateSchema.safeParse(bad).error?.issues[0]?.message, bad).toBe('date_invalid');
    }
  });

  it('refuse years before 1900 and after 2200', () => {
    expect(calendarDateSchema.safeParse('1899-12-31').success).toBe(false);
    expect(calendarDateSchema.safeParse('2201-01-01').success).toBe(false);
  });
});

describe('months', () => {
  it('accept YYYY-MM from 1900 to 2200 only', () => {
    expect(monthSchema.safeParse('2026-11').success).toBe(true);
    for (const bad of ['2026-13', '2026-1', '1899-12', '2201-01', '2026-11-01']) {
      expect(monthSchema.safeParse(bad).error?.issues[0]?.message, bad).toBe('date_invalid');
    }
  });
});

describe('local times', () => {
  it('accept HH:mm on a 24-hour clock only', () => {
    expect(localTimeSchema.safeParse('23:59').success).toBe(true);
    expect(localTimeSchema.safeParse('24:00').success).toBe(false);
    expect(localTimeSchema.safeParse('7:05').success).toBe(false);
  });
});
