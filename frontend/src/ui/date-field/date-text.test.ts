import { describe, expect, it } from 'vitest';
import { addDays, addMonthsToDate } from '@plenty/contracts/calendar/date';
import { formatDateText, monthHeading, monthWeeks, parseDateText, weekdayNames } from './date-text';

describe('dates as the page’s language writes and types them', () => {
  it('shows Thai dates in the Buddhist era, day first', () => {
    expect(formatDateText('2026-11-26', 'th')).toBe('26/11/2569');
    expect(formatDateText('2026-11-26', 'lo')).toBe('26/11/2026');
    expect(formatDateText('2026-11-26', 'en')).toBe('11/26/2026');
  });

  it('reads a Buddhist-era year typed in Thai as the same day', () => {
    expect(parseDateText('26/11/2569', 'th')).toBe('2026-11-26');
    expect(parseDateText('1/2/2570', 'th')).toBe('2027-02-01');
    expect(parseDateText('๒๖/๑๑/๒๕๖๙', 'th')).toBe('2026-11-26');
    expect(parseDateText('26/11/2026', 'th')).toBe('2026-11-26');
  });

  it('reads the day and month in the page’s order', () => {
    expect(parseDateText('03/04/2026', 'en')).toBe('2026-03-04');
    expect(parseDateText('03/04/2026', 'lo')).toBe('2026-04-03');
    expect(parseDateText('3.4.2026', 'lo')).toBe('2026-04-03');
    expect(parseDateText('໓/໔/໒໐໒໖', 'lo')).toBe('2026-04-03');
  });

  it('takes ISO dates in any language', () => {
    for (const locale of ['en', 'th', 'lo'] as const) expect(parseDateText('2026-11-20', locale)).toBe('2026-11-20');
  });

  it('refuses what is not a real date, and two-digit years', () => {
    expect(parseDateText('31/02/2569', 'th')).toBeNull();
    expect(parseDateText('26/11/69', 'th')).toBeNull();
    expect(parseDateText('13/13/2026', 'en')).toBeNull();
    expect(parseDateText('tomorrow', 'en')).toBeNull();
    expect(parseDateText('', 'en')).toBeNull();
    expect(parseDateText('01/01/1899', 'en')).toBeNull();
  });

  it('round-trips every format it shows', () => {
    for (const locale of ['en', 'th', 'lo'] as const) {
      for (const iso of ['2024-02-29', '1900-01-01', '2200-12-31', '2026-11-26']) {
        expect(parseDateText(formatDateText(iso, locale), locale)).toBe(iso);
      }
    }
  });
});

describe('the calendar grid', () => {
  it('starts weeks on Sunday and leaves the days of other months empty', () => {
    const weeks = monthWeeks('2026-11-15');
    expect(weeks[0]?.[0]).toBe('2026-11-01');
    expect(weeks.at(-1)).toEqual(['2026-11-29', '2026-11-30', null, null, null, null, null]);
    expect(monthWeeks('2026-04-10')[0]).toEqual([
      null,
      null,
      null,
      '2026-04-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-04',
    ]);
  });

  it('moves by days and months, keeping within short months', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonthsToDate('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsToDate('2026-01-15', -12)).toBe('2025-01-15');
  });

  it('names months and weekdays in the language, Lao without browser data too', () => {
    expect(monthHeading('2026-11-26', 'th')).toBe('พฤศจิกายน 2569');
    expect(monthHeading('2026-11-26', 'lo', false)).toBe('ພະຈິກ 2026');
    expect(weekdayNames('lo', false)[0]).toEqual({ short: 'ອາ', long: 'ວັນອາທິດ' });
    expect(weekdayNames('th')[0]).toEqual({ short: 'อา', long: 'วันอาทิตย์' });
    expect(weekdayNames('en')[1]).toEqual({ short: 'Mon', long: 'Monday' });
  });
});
