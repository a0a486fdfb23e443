import type { Reports } from '@plenty/contracts/views/dashboard';
import { api } from '../../lib/api/api';

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * One month's report; without a month, the current one in the user's time zone. With `asOf`
     * (`YYYY-MM-DD`), as it was at the end of that day, computed from the user's events.
     */
    reports: build.query<Reports, { readonly month: string | null; readonly asOf: string | null }>({
      query: ({ month, asOf }) => {
        const params = new URLSearchParams();
        if (month !== null) params.set('month', month);
        if (asOf !== null) params.set('asOf', asOf);
        const search = params.toString();
        return search === '' ? 'queries/reports' : `queries/reports?${search}`;
      },
      providesTags: ['Transactions', 'Budget', 'Profile', 'Categories', 'Reports'],
    }),
  }),
});

export const { useReportsQuery } = reportsApi;
