import type { Reports } from '@plenty/contracts/views/dashboard';
import { api } from '../../lib/api/api';

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One month's report; without a month, the current one in the user's time zone. */
    reports: build.query<Reports, string | null>({
      query: (month) => (month === null ? 'queries/reports' : `queries/reports?month=${encodeURIComponent(month)}`),
      providesTags: ['Transactions', 'Budget', 'Profile', 'Categories', 'Reports'],
    }),
  }),
});

export const { useReportsQuery } = reportsApi;
