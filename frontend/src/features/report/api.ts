import type { RangeReport, Reports } from '@plenty/contracts/views/dashboard';
import { api } from '../../lib/api/api';
import { MONTH_VIEW_TAGS, monthViewUrl, type MonthViewArgs } from '../../lib/api/month-view';

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * One month's report; without a month, the current one in the user's time zone. With `asOf`
     * (`YYYY-MM-DD`), as it was at the end of that day, computed from the user's events.
     */
    reports: build.query<Reports, MonthViewArgs>({
      query: (args) => monthViewUrl('queries/reports', args),
      providesTags: [...MONTH_VIEW_TAGS],
    }),
    /** The reports' cards over a range of local dates, both included. */
    reportsRange: build.query<RangeReport, { readonly from: string; readonly to: string }>({
      query: ({ from, to }) => `queries/reports/range?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      providesTags: [...MONTH_VIEW_TAGS],
    }),
  }),
});

export const { useReportsQuery, useReportsRangeQuery } = reportsApi;
