import { isIsoDate } from '@plenty/contracts/calendar/date';
import { useSearchParams } from 'react-router';
import type { ApiError } from '../../lib/api/api-error';

/** The first day a past view may show (the API refuses earlier ones). */
export const EARLIEST_AS_OF = '2000-01-01';

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
    asOf: isIsoDate(value) ? value : null,
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
