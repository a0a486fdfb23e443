import { describe, expect, it } from 'vitest';
import { activityQuerySchema, dayStartIn, nextDay } from './activity.js';

describe('activity days', () => {
  it('finds the instant a day starts in a time zone, daylight saving time included', () => {
    expect(dayStartIn('2026-11-02', 'Asia/Vientiane')).toBe('2026-11-01T17:00:00.000Z');
    expect(dayStartIn('2026-11-02', 'UTC')).toBe('2026-11-02T00:00:00.000Z');
    // New York: EST (−5) on the day clocks go forward at 02:00, EDT (−4) the day after.
    expect(dayStartIn('2026-03-08', 'America/New_York')).toBe('2026-03-08T05:00:00.000Z');
    expect(dayStartIn('2026-03-09', 'America/New_York')).toBe('2026-03-09T04:00:00.000Z');
  });

  it('steps to the next day across months and years', () => {
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});

describe('activity query', () => {
  it('accepts a subject id in any case and keeps it in lower case', () => {
    const id = '0192F0C4-7A1B-7C3D-8E4F-00000000A001';
    expect(activityQuerySchema.parse({ subjectId: id }).subjectId).toBe(id.toLowerCase());
  });
});
