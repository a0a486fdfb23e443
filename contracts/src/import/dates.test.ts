import { describe, expect, it } from 'vitest';
import { DATE_FORMATS, guessDateFormat, parseDateCell, type DateFormat } from './dates.js';

const date = (cell: string, format: DateFormat, era: 'ce' | 'be' = 'ce'): string | null =>
  parseDateCell(cell, format, era)?.date ?? null;

describe('parseDateCell', () => {
  it.each<[DateFormat, string]>([
    ['YYYY-MM-DD', '2024-03-05'],
    ['YYYY/MM/DD', '2024/03/05'],
    ['YYYY.MM.DD', '2024.03.05'],
    ['YYYYMMDD', '20240305'],
    ['DD/MM/YYYY', '05/03/2024'],
    ['DD-MM-YYYY', '5-3-2024'],
    ['DD.MM.YYYY', '05.03.2024'],
    ['MM/DD/YYYY', '03/05/2024'],
    ['MM-DD-YYYY', '03-05-2024'],
    ['DD/MM/YY', '05/03/24'],
    ['DD-MM-YY', '05-03-24'],
    ['DD.MM.YY', '05.03.24'],
    ['MM/DD/YY', '3/5/24'],
  ])('reads %s', (format, cell) => {
    expect(date(cell, format)).toBe('2024-03-05');
  });

  it('covers every format', () => {
    expect(DATE_FORMATS).toHaveLength(13);
  });

  it('reads Buddhist-era years, four or two digits', () => {
    expect(date('05/03/2567', 'DD/MM/YYYY', 'be')).toBe('2024-03-05');
    expect(date('2567-03-05', 'YYYY-MM-DD', 'be')).toBe('2024-03-05');
    expect(date('05/03/67', 'DD/MM/YY', 'be')).toBe('2024-03-05');
  });

  it('reads two-digit common-era years as 1970–2069', () => {
    expect(date('01/01/69', 'DD/MM/YY')).toBe('2069-01-01');
    expect(date('01/01/70', 'DD/MM/YY')).toBe('1970-01-01');
  });

  it('takes the date and time of a date-time cell, the offset left as written', () => {
    expect(parseDateCell('2024-03-05 14:20', 'YYYY-MM-DD', 'ce')).toEqual({
      date: '2024-03-05',
      time: '14:20',
      writtenYear: 2024,
    });
    expect(parseDateCell('2024-03-05T23:30:00+07:00', 'YYYY-MM-DD', 'ce')).toMatchObject({
      date: '2024-03-05',
      time: '23:30',
    });
    expect(parseDateCell('2024-03-05T23:30:00.000Z', 'YYYY-MM-DD', 'ce')).toMatchObject({
      date: '2024-03-05',
      time: '23:30',
    });
    expect(parseDateCell('2024-03-05 14:20:00.000', 'YYYY-MM-DD', 'ce')).toMatchObject({ time: '14:20' });
    expect(parseDateCell('05/03/2024 2:05 PM', 'DD/MM/YYYY', 'ce')).toMatchObject({
      date: '2024-03-05',
      time: '14:05',
    });
    expect(parseDateCell('05/03/2024 12:05 am', 'DD/MM/YYYY', 'ce')).toMatchObject({ time: '00:05' });
  });

  it('refuses dates not in the calendar, out of range or not in the format', () => {
    expect(date('2023-02-29', 'YYYY-MM-DD')).toBeNull();
    expect(date('2024-02-29', 'YYYY-MM-DD')).toBe('2024-02-29');
    expect(date('31/04/2024', 'DD/MM/YYYY')).toBeNull();
    expect(date('2024-13-01', 'YYYY-MM-DD')).toBeNull();
    expect(date('1899-12-31', 'YYYY-MM-DD')).toBeNull();
    expect(date('2567-03-05', 'YYYY-MM-DD')).toBeNull();
    expect(date('05/03/2024', 'YYYY-MM-DD')).toBeNull();
    expect(date('2024-03-05 25:00', 'YYYY-MM-DD')).toBeNull();
    expect(date('yesterday', 'DD/MM/YYYY')).toBeNull();
    expect(date('', 'DD/MM/YYYY')).toBeNull();
  });
});

describe('guessDateFormat', () => {
  it('takes DD/MM when nothing decides (the norm in Laos and Thailand)', () => {
    expect(guessDateFormat(['05/03/2024', '06/03/2024'])).toEqual({ format: 'DD/MM/YYYY', era: 'ce' });
  });

  it('takes MM/DD when a second part over 12 decides', () => {
    expect(guessDateFormat(['03/05/2024', '03/25/2024'])).toEqual({ format: 'MM/DD/YYYY', era: 'ce' });
  });

  it('takes DD/MM when a first part over 12 decides', () => {
    expect(guessDateFormat(['25/03/2024', '03/05/2024'])).toEqual({ format: 'DD/MM/YYYY', era: 'ce' });
  });

  it('takes the Buddhist era when every year is over 2400', () => {
    expect(guessDateFormat(['05/03/2567', '28/02/2568'])).toEqual({ format: 'DD/MM/YYYY', era: 'be' });
    expect(guessDateFormat(['2567-03-05'])).toEqual({ format: 'YYYY-MM-DD', era: 'be' });
  });

  it('reads ISO dates with times, and two-digit years', () => {
    expect(guessDateFormat(['2024-03-05T00:00:00+07:00', '2024-03-06 10:00'])).toEqual({
      format: 'YYYY-MM-DD',
      era: 'ce',
    });
    expect(guessDateFormat(['05.03.24', '31.12.23'])).toEqual({ format: 'DD.MM.YY', era: 'ce' });
  });

  it('stands a footer or a stray cell, but not a column of text', () => {
    expect(guessDateFormat(['05/03/2024', '06/03/2024', 'Total'])).toEqual({ format: 'DD/MM/YYYY', era: 'ce' });
    expect(guessDateFormat(['rice', 'tea', '05/03/2024'])).toBeNull();
    expect(guessDateFormat([])).toBeNull();
    expect(guessDateFormat(['', ' '])).toBeNull();
  });
});
