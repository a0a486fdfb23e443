import { useSearchParams } from 'react-router';
import type { ApiError } from '../../lib/api/api-error';

/** The first day a past view may show (the API refuses earlier ones). */
export const EARLIEST_AS_OF = '2000-01-01';

/** A calendar date `YYYY-MM-DD` that exists. */
export function isCalendarDate(value: string | null | undefined): value is string {
  if (value === null || value === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year = 0, month = 0, day = 0] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The past day a page shows (`?asOf=YYYY-MM-DD` in the address, so a link or a reload keeps
 * it), null for today; choosing a day also goes back to that day's month.
 */
export function useAsOfParam(): {
  readonly asOf: string | null;
  setAsOf(date: string | null): void;
  /** The address's query without the past day (and its month): today's view of the same page. */
  readonly todaySearch: string;
} {
  const [params, setParams] = useSearchParams();
  const value = params.get('asOf');
  const today = new URLSearchParams(params);
  today.delete('asOf');
  today.delete('month');
  const todaySearch = today.toString() === '' ? '' : `?${today.toString()}`;
  return {
    asOf: isCalendarDate(value) ? value : null,
    todaySearch,
    setAsOf: (date) =>
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          updated.delete('month');
          if (date === null) updated.delete('asOf');
          else updated.set('asOf', date);
          return updated;
        },
        { preventScrollReset: true },
      ),
  };
}

/** Whether the API refused the page's past day (400 on `asOf`). */
export function isAsOfRefused(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'fields' in error &&
    typeof (error as ApiError).fields === 'object' &&
    (error as ApiError).fields.asOf !== undefined
  );
}
