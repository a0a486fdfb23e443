import { describe, expect, it } from 'vitest';
import { formatMonth, formatShortMonth, monthFromParam, monthName, stepMonth, yearName } from './month';

describe('months picked in the address', () => {
  it('shows the asked month when it is valid and not in the future', () => {
    expect(monthFromParam('2026-10', '2026-11')).toBe('2026-10');
    expect(monthFromParam('2019-01', '2026-11')).toBe('2019-01');
  });

  it('falls back to the latest month for a missing, malformed or future month', () => {
    expect(monthFromParam(null, '2026-11')).toBe('2026-11');
    expect(monthFromParam('2026-13', '2026-11')).toBe('2026-11');
    expect(monthFromParam('26-10', '2026-11')).toBe('2026-11');
    expect(monthFromParam('2026-12', '2026-11')).toBe('2026-11');
  });

  it('steps across year ends and stops at the latest month', () => {
    expect(stepMonth('2026-01', -1, '2026-11')).toBe('2025-12');
    expect(stepMonth('2025-12', 1, '2026-11')).toBe('2026-01');
    expect(stepMonth('2026-11', 1, '2026-11')).toBe('2026-11');
    expect(stepMonth('2026-10', 3, '2026-11')).toBe('2026-11');
  });
});

describe('month names in the reader’s language', () => {
  it('writes months in English, in Thai with the Buddhist era, and in Lao without browser data', () => {
    expect(formatMonth('2026-11', 'en')).toBe('November 2026');
    expect(formatMonth('2026-11', 'th')).toBe('พฤศจิกายน 2569');
    expect(formatMonth('2026-11', 'lo', false)).toBe('ພະຈິກ 2026');
  });

  it('names a month alone and a year, for the month picker’s lists', () => {
    expect(monthName(11, 'en')).toBe('November');
    expect(monthName(1, 'th')).toBe('มกราคม');
    expect(monthName(11, 'lo', false)).toBe('ພະຈິກ');
    expect(yearName(2026, 'en')).toBe('2026');
    expect(yearName(2026, 'th')).toBe('2569');
    expect(yearName(2026, 'lo')).toBe('2026');
  });

  it('abbreviates months for chart axes', () => {
    expect(formatShortMonth('2026-11', 'en')).toBe('Nov');
    expect(formatShortMonth('2026-11', 'th')).toBe('พ.ย.');
    expect(formatShortMonth('2026-06', 'lo', false)).toBe('ມິ.ຖ.');
  });
});
