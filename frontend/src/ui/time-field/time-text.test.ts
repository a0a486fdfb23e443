import { describe, expect, it } from 'vitest';
import enMessages from '../../../../locales/en.json';
import loMessages from '../../../../locales/lo.json';
import thMessages from '../../../../locales/th.json';
import { isTimeValue, parseTimeText } from './time-text';

describe('times of day as the page shows and reads them', () => {
  it('tells every language the time is on the 24-hour clock, with no AM or PM', () => {
    for (const messages of [enMessages, thMessages, loMessages]) {
      expect(messages['timefield.format']).toContain('24');
      expect(messages['timefield.format']).not.toMatch(/AM|PM/);
    }
  });

  it('describes the expected format in each language’s own words', () => {
    expect(enMessages['timefield.pattern']).toBe('HH:MM');
    expect(thMessages['timefield.pattern']).toBe('ชช:นน');
    expect(loMessages['timefield.pattern']).toBe('ຊຊ:ນນ');
    for (const messages of [enMessages, thMessages, loMessages]) {
      expect(messages['timefield.format']).toContain('{pattern}');
    }
  });

  it('reads hours and minutes with a colon, a dot, a comma or a space, or run together', () => {
    expect(parseTimeText('14:30')).toBe('14:30');
    expect(parseTimeText('14.30')).toBe('14:30');
    expect(parseTimeText('14,30')).toBe('14:30');
    expect(parseTimeText(' 14 30 ')).toBe('14:30');
    expect(parseTimeText('1430')).toBe('14:30');
    expect(parseTimeText('930')).toBe('09:30');
    expect(parseTimeText('0930')).toBe('09:30');
    expect(parseTimeText('9:05')).toBe('09:05');
  });

  it('takes the hour alone as on the hour', () => {
    expect(parseTimeText('9')).toBe('09:00');
    expect(parseTimeText('18')).toBe('18:00');
    expect(parseTimeText('0')).toBe('00:00');
  });

  it('reads a 12-hour time with AM or PM, as English readers type it', () => {
    expect(parseTimeText('2:30 pm')).toBe('14:30');
    expect(parseTimeText('2:30PM')).toBe('14:30');
    expect(parseTimeText('2:30 p.m.')).toBe('14:30');
    expect(parseTimeText('9am')).toBe('09:00');
    expect(parseTimeText('12 am')).toBe('00:00');
    expect(parseTimeText('12:15 pm')).toBe('12:15');
    expect(parseTimeText('1130p')).toBe('23:30');
  });

  it('reads Thai and Lao digits and the words written after a time', () => {
    expect(parseTimeText('๑๔:๓๐')).toBe('14:30');
    expect(parseTimeText('14.30 น.')).toBe('14:30');
    expect(parseTimeText('๙.๐๕ น.')).toBe('09:05');
    expect(parseTimeText('9 นาฬิกา')).toBe('09:00');
    expect(parseTimeText('໑໔:໓໐')).toBe('14:30');
    expect(parseTimeText('14:30 ໂມງ')).toBe('14:30');
  });

  it('refuses what is not a time of day', () => {
    for (const text of [
      '',
      '   ',
      '24:00',
      '25',
      '14:60',
      '14:3',
      '12345',
      '13 pm',
      '0 am',
      'noon',
      '14:30:15',
      'pm',
    ]) {
      expect(parseTimeText(text), text).toBeNull();
    }
  });

  it('knows a stored time from anything else', () => {
    expect(isTimeValue('14:30')).toBe(true);
    expect(isTimeValue('23:59')).toBe(true);
    expect(isTimeValue('24:00')).toBe(false);
    expect(isTimeValue('9:30')).toBe(false);
    expect(isTimeValue('')).toBe(false);
    expect(isTimeValue(null)).toBe(false);
  });
});
