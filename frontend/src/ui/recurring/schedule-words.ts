/*
 * Shared with the upcoming, scheduled and reminder screens: a recurring schedule in words
 * ("Every month on the 31st — the last day in shorter months", "Every 2 weeks on Friday",
 * "Every year on 29 February (28 in common years)", "Ends after 12 times"), as message ids with
 * their values, and `useScheduleWords` for the sentences in the reader's language.
 */
import { daysInMonth, isoDate, parseDate, utcMidnight, weekday } from '@plenty/contracts/calendar/date';
import type { Recurrence } from '@plenty/contracts/calendar/recurrence';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { LAO_MONTHS, formatLongDate, hasLocaleData } from '../../lib/format';
import type { Locale } from '../../lib/locale';
import type { MessageId } from '../../lib/messages';
import { useLocale } from '../../lib/use-locale';
import { weekdayNames } from '../date-field/date-text';

/** One sentence to show: a message id and its values. */
export interface Words {
  readonly id: MessageId;
  readonly values: Readonly<Record<string, string | number>>;
}

/** How a schedule reads: the repeat, a note on short months or leap years, and its end. */
export interface ScheduleWords {
  readonly repeat: Words;
  /** Set when a day falls on another day in some months or years. */
  readonly note: Words | null;
  /** Null for a schedule that never ends. */
  readonly end: Words | null;
}

/** "29 February", "29 กุมภาพันธ์", "29 ກຸມພາ": a day of a month without the year. */
export function dayAndMonth(month: number, day: number, locale: Locale, native = hasLocaleData(locale)): string {
  if (locale === 'lo' && !native) return `${day} ${LAO_MONTHS[month - 1] ?? ''}`;
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    utcMidnight(isoDate(2024, month, day)),
  );
}

/** "February", "กุมภาพันธ์", "ກຸມພາ". */
export function monthName(month: number, locale: Locale, native = hasLocaleData(locale)): string {
  if (locale === 'lo' && !native) return LAO_MONTHS[month - 1] ?? '';
  return new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(
    utcMidnight(isoDate(2024, month, 1)),
  );
}

/** The day of the month a monthly or yearly schedule falls on: its own, else its start date's. */
export const scheduleMonthDay = (schedule: Recurrence): number | 'last' =>
  schedule.monthDay ?? parseDate(schedule.startDate).day;

function yearlyWords(schedule: Recurrence, locale: Locale, native: boolean): Pick<ScheduleWords, 'repeat' | 'note'> {
  const { month } = parseDate(schedule.startDate);
  const interval = schedule.interval;
  const day = scheduleMonthDay(schedule);
  // The longest the month can be (February in a leap year).
  const longest = daysInMonth(2024, month);
  if (day === 'last' || (month === 2 && day > 29)) {
    return {
      repeat: { id: 'recurring.every.yearLast', values: { interval, month: monthName(month, locale, native) } },
      note: null,
    };
  }
  const date = dayAndMonth(month, Math.min(day, longest), locale, native);
  const repeat: Words = { id: 'recurring.every.year', values: { interval, date } };
  return { repeat, note: month === 2 && day === 29 ? { id: 'recurring.note.leapDay', values: {} } : null };
}

/** A schedule's words in `locale` (month and weekday names written as the app writes them). */
export function scheduleWords(schedule: Recurrence, locale: Locale, native = hasLocaleData(locale)): ScheduleWords {
  const { interval } = schedule;
  let repeat: Words;
  let note: Words | null = null;
  if (schedule.frequency === 'day') {
    repeat = { id: 'recurring.every.day', values: { interval } };
  } else if (schedule.frequency === 'week') {
    const name = weekdayNames(locale, native)[weekday(schedule.startDate)]?.long ?? '';
    repeat = { id: 'recurring.every.week', values: { interval, weekday: name } };
  } else if (schedule.frequency === 'month') {
    const day = scheduleMonthDay(schedule);
    if (day === 'last') {
      repeat = { id: 'recurring.every.monthLast', values: { interval } };
    } else {
      repeat = { id: 'recurring.every.month', values: { interval, day } };
      if (day > 28) note = { id: 'recurring.note.shortMonths', values: {} };
    }
  } else {
    ({ repeat, note } = yearlyWords(schedule, locale, native));
  }
  const { end: scheduleEnd } = schedule;
  const end: Words | null =
    scheduleEnd.kind === 'after'
      ? { id: 'recurring.end.after', values: { count: scheduleEnd.count } }
      : scheduleEnd.kind === 'on'
        ? { id: 'recurring.end.on', values: { date: formatLongDate(scheduleEnd.date, locale, native) } }
        : null;
  return { repeat, note, end };
}

/**
 * The schedule as sentences in the reader's language: `repeat` with its note ("Every month on
 * the 31st — the last day in shorter months"), and `end` ("Ends after 12 times") or null.
 */
export function useScheduleWords(): (schedule: Recurrence) => { readonly repeat: string; readonly end: string | null } {
  const intl = useIntl();
  const { locale } = useLocale();
  return useMemo(() => {
    const say = (words: Words) => intl.formatMessage({ id: words.id }, words.values);
    return (schedule: Recurrence) => {
      const words = scheduleWords(schedule, locale);
      const repeat =
        words.note === null
          ? say(words.repeat)
          : intl.formatMessage(
              { id: 'recurring.schedule.withNote' },
              { repeat: say(words.repeat), note: say(words.note) },
            );
      return { repeat, end: words.end === null ? null : say(words.end) };
    };
  }, [intl, locale]);
}
