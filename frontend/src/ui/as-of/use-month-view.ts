import { monthOfDate } from '@plenty/contracts/calendar/date';
import { monthOf } from '@plenty/contracts/calendar/zone';
import { useMonthParam } from '../month-picker/month-picker';
import { isAsOfRefused, useAsOfParam } from './as-of-param';

/** The month and past day a page shows, as its query reads them. */
export interface MonthViewArgs {
  readonly month: string | null;
  readonly asOf: string | null;
}

interface MonthViewQuery<T> {
  readonly data?: T | undefined;
  readonly currentData?: T | undefined;
  readonly error?: unknown;
  readonly isFetching: boolean;
}

/**
 * A page of one month that can also be shown as of a past day (dashboard, reports): the month
 * and day from the address, the page's query for them, the latest month one may pick (the past
 * day's, or the server's current one) and whether the server refused the day.
 */
export function useMonthView<Q extends MonthViewQuery<{ readonly month: string; readonly today: string }>>(
  useQuery: (args: MonthViewArgs) => Q,
) {
  const { asked, setMonth } = useMonthParam();
  const { asOf, setAsOf, todaySearch } = useAsOfParam();
  const query = useQuery({ month: asked, asOf });
  const data: Q['currentData'] = query.currentData;
  // In the past, the latest month is the past day's.
  const latest =
    asOf !== null ? monthOfDate(asOf) : query.data === undefined ? monthOf() : monthOfDate(query.data.today);
  const refused = isAsOfRefused(query.error) && !query.isFetching;
  return {
    query,
    data,
    asOf,
    latest,
    refused,
    month: data?.month ?? asked ?? latest,
    setMonth: (next: string) => setMonth(next, latest),
    /** What the "As of" panel needs. */
    asOfPanel: {
      asOf,
      todaySearch,
      onChange: setAsOf,
      loading: query.isFetching && data === undefined,
      refused,
    },
  };
}
