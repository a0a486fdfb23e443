import { describe, expect, it } from 'vitest';
import { todayIn } from './today';

describe('todayIn', () => {
  it('gives the calendar date in the user’s time zone, not the UTC one', () => {
    const lateEvening = new Date('2026-11-23T20:30:00Z');
    expect(todayIn('UTC', lateEvening)).toBe('2026-11-23');
    expect(todayIn('Asia/Vientiane', lateEvening)).toBe('2026-11-24');
    expect(todayIn('Asia/Bangkok', lateEvening)).toBe('2026-11-24');
    expect(todayIn('America/New_York', lateEvening)).toBe('2026-11-23');
    expect(todayIn('America/Los_Angeles', new Date('2026-11-24T03:00:00Z'))).toBe('2026-11-23');
  });

  it("takes the browser's calendar when no zone is given", () => {
    const beforeMidnight = new Date(2026, 9, 15, 23, 59);
    expect(todayIn(undefined, beforeMidnight)).toBe('2026-10-15');
  });

  it('falls back to the browser’s zone for a zone the runtime does not know', () => {
    const noon = new Date(2026, 10, 23, 12, 0);
    expect(todayIn('Mars/Olympus', noon)).toBe('2026-11-23');
  });
});
