import { addDays, addMonths, daysInMonthOf, isCalendarDate, monthOfDate } from '@plenty/contracts/calendar/date';
import { todayIn } from '@plenty/contracts/calendar/zone';

/** The ranges offered ready-made; `custom` is any other from/to. */
export const DATE_RANGE_PRESETS = ['thisMonth', 'lastMonth', 'thisYear', 'last30Days'] as const;
export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number];

/** Local calendar dates, both included. */
export interface DateRange {
  readonly from: string;
  readonly to: string;
}

const lastDayOf = (month: string): string => `${month}-${String(daysInMonthOf(month)).padStart(2, '0')}`;

/**
 * A preset's dates on the user's calendar, given today's local date (`todayIn` of the user's
 * zone): this month and this year run up to today, last month is the whole month before, and
 * the last 30 days end today.
 */
export function presetRange(preset: DateRangePreset, today: string): DateRange {
  const month = monthOfDate(today);
  switch (preset) {
    case 'thisMonth':
      return { from: `${month}-01`, to: today };
    case 'lastMonth': {
      const last = addMonths(month, -1);
      return { from: `${last}-01`, to: lastDayOf(last) };
    }
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case 'last30Days':
      return { from: addDays(today, -29), to: today };
  }
}

/** A preset's dates in a time zone now (the runtime's when the zone is unknown or not given). */
export const presetRangeIn = (
  preset: DateRangePreset,
  timeZone: string | undefined,
  now: Date = new Date(),
): DateRange => presetRange(preset, todayIn(timeZone, now));

/** The preset whose dates these are today, or `custom`. */
export function presetOf(range: DateRange, today: string): DateRangePreset | 'custom' {
  return (
    DATE_RANGE_PRESETS.find((preset) => {
      const dates = presetRange(preset, today);
      return dates.from === range.from && dates.to === range.to;
    }) ?? 'custom'
  );
}

/** The range an address asks for (`?from=&to=`), when both are calendar dates; null otherwise. */
export function rangeFromParams(params: URLSearchParams): DateRange | null {
  const from = params.get('from');
  const to = params.get('to');
  return isCalendarDate(from) && isCalendarDate(to) ? { from, to } : null;
}
