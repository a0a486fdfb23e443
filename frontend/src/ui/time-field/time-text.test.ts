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

  it.each([
    {
      rule: 'reads hours and minutes with a colon, a dot, a comma or a space, or run together',
      readings: [
        ['14:30', '14:30'],
        ['14.30', '14:30'],
        ['14,30', '14:30'],
        [' 14 30 ', '14:30'],
        ['1430', '14:30'],
        ['930', '09:30'],
        ['0930', '09:30'],
        ['9:05', '09:05'],
      ],
    },
    {
      rule: 'takes the hour alone as on the hour',
      readings: [
        ['9', '09:00'],
        ['18', '18:00'],
        ['0', '00:00'],
      ],
    },
    {
      rule: 'reads a 12-hour time with AM or PM, as English readers type it',
      readings: [
        ['2:30 pm', '14:30'],
        ['2:30PM', '14:30'],
        ['2:30 p.m.', '14:30'],
        ['9am', '09:00'],
        ['12 am', '00:00'],
        ['12:15 pm', '12:15'],
        ['1130p', '23:30'],
      ],
    },
    {
      rule: 'reads Thai and Lao digits and the words written after a time',
      readings: [
        ['๑๔:๓๐', '14:30'],
        ['14.30 น.', '14:30'],
        ['๙.๐๕ น.', '09:05'],
        ['9 นาฬิกา', '09:00'],
        ['໑໔:໓໐', '14:30'],
        ['14:30 ໂມງ', '14:30'],
      ],
    },
  ] satisfies { rule: string; readings: [text: string, time: string][] }[])('$rule', ({ readings }) => {
    for (const [text, time] of readings) expect(parseTimeText(text), text).toBe(time);
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
