import type { Recurrence } from '@plenty/contracts/calendar/recurrence';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '@plenty/locales/en.json';
import th from '@plenty/locales/th.json';
import { scheduleWords, type Words } from './schedule-words';

const monthly = (startDate: string, extra: Partial<Recurrence> = {}): Recurrence => ({
  frequency: 'month',
  interval: 1,
  startDate,
  end: { kind: 'never' },
  ...extra,
});

/** The schedule as the list shows it, in English or Thai. */
function sentence(schedule: Recurrence, locale: 'en' | 'th' = 'en'): string {
  const intl = createIntl({ locale, messages: locale === 'en' ? en : th });
  const say = (words: Words) => intl.formatMessage({ id: words.id }, words.values);
  const words = scheduleWords(schedule, locale, true);
  const repeat =
    words.note === null
      ? say(words.repeat)
      : intl.formatMessage({ id: 'recurring.schedule.withNote' }, { repeat: say(words.repeat), note: say(words.note) });
  return words.end === null ? repeat : `${repeat} · ${say(words.end)}`;
}

describe('a schedule in words', () => {
  it('says a monthly day past 28 falls on the last day of shorter months', () => {
    expect(sentence(monthly('2026-01-31'))).toBe('Every month on the 31st — the last day in shorter months');
    expect(sentence(monthly('2026-01-30', { monthDay: 30 }))).toBe(
      'Every month on the 30th — the last day in shorter months',
    );
  });

  it('writes ordinals and leaves days up to the 28th without a note', () => {
    expect(sentence(monthly('2026-01-01'))).toBe('Every month on the 1st');
    expect(sentence(monthly('2026-01-02', { interval: 3 }))).toBe('Every 3 months on the 2nd');
    expect(sentence(monthly('2026-01-23'))).toBe('Every month on the 23rd');
    expect(sentence(monthly('2026-01-11'))).toBe('Every month on the 11th');
    expect(sentence(monthly('2026-01-05', { monthDay: 'last' }))).toBe('Every month on the last day');
  });

  it('names the weekday of a weekly schedule from its start date', () => {
    // 27 November 2026 is a Friday.
    expect(sentence({ ...monthly('2026-11-27'), frequency: 'week', interval: 2 })).toBe('Every 2 weeks on Friday');
    expect(sentence({ ...monthly('2026-11-29'), frequency: 'week' })).toBe('Every week on Sunday');
    expect(sentence({ ...monthly('2026-11-29'), frequency: 'day', interval: 10 })).toBe('Every 10 days');
  });

  it('says a yearly 29 February is the 28th in common years', () => {
    expect(sentence({ ...monthly('2028-02-29'), frequency: 'year' })).toBe(
      'Every year on February 29 — February 28 in common years',
    );
    expect(sentence({ ...monthly('2026-04-15'), frequency: 'year', interval: 2 })).toBe('Every 2 years on April 15');
    expect(sentence({ ...monthly('2026-02-10'), frequency: 'year', monthDay: 'last' })).toBe(
      'Every year on the last day of February',
    );
    // April has no 31st: the yearly date is the 30th every year.
    expect(sentence({ ...monthly('2026-04-10'), frequency: 'year', monthDay: 31 })).toBe('Every year on April 30');
  });

  it('states how a schedule ends', () => {
    expect(sentence(monthly('2026-01-15', { end: { kind: 'after', count: 12 } }))).toBe(
      'Every month on the 15th · Ends after 12 times',
    );
    expect(sentence(monthly('2026-01-15', { end: { kind: 'after', count: 1 } }))).toBe(
      'Every month on the 15th · Ends after 1 time',
    );
    expect(sentence(monthly('2026-01-15', { end: { kind: 'on', date: '2026-12-31' } }))).toBe(
      'Every month on the 15th · Ends on December 31, 2026',
    );
  });

  it('reads in Thai with Thai month and weekday names', () => {
    expect(sentence(monthly('2026-01-31'), 'th')).toBe('ทุกเดือน วันที่ 31 (เดือนที่สั้นกว่าจะเป็นวันสุดท้ายของเดือน)');
    expect(sentence({ ...monthly('2026-11-27'), frequency: 'week', interval: 2 }, 'th')).toBe('ทุก 2 สัปดาห์ ในวันศุกร์');
  });

  it('writes Lao names from CLDR where the browser has no Lao data', () => {
    const weekly = scheduleWords({ ...monthly('2026-11-27'), frequency: 'week' }, 'lo', false);
    expect(weekly.repeat.values).toMatchObject({ weekday: 'ວັນສຸກ' });
    const yearly = scheduleWords({ ...monthly('2028-02-29'), frequency: 'year' }, 'lo', false);
    expect(yearly.repeat.values).toMatchObject({ date: '29 ກຸມພາ' });
    expect(yearly.note?.id).toBe('recurring.note.leapDay');
  });
});
