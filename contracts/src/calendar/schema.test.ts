import { describe, expect, it } from 'vitest';
import { calendarDateSchema, daysInMonth, localTimeSchema } from './dates.js';

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

  it('know the length of each month', () => {
    expect([daysInMonth(2026, 2), daysInMonth(2028, 2), daysInMonth(2026, 4), daysInMonth(2026, 12)]).toEqual([
      28, 29, 30, 31,
    ]);
  });
});

describe('local times', () => {
  it('accept HH:mm on a 24-hour clock only', () => {
    expect(localTimeSchema.safeParse('23:59').success).toBe(true);
    expect(localTimeSchema.safeParse('24:00').success).toBe(false);
    expect(localTimeSchema.safeParse('7:05').success).toBe(false);
  });
});
