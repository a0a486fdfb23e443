import type { Dashboard } from '@plenty/contracts/views/dashboard';
import { api } from '../../lib/api/api';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One month of the dashboard; without a month, the current one in the user's time zone. */
    dashboard: build.query<Dashboard, string | null>({
      query: (month) => (month === null ? 'queries/dashboard' : `queries/dashboard?month=${encodeURIComponent(month)}`),
      providesTags: ['Transactions', 'Budget', 'Profile', 'Categories', 'Reports'],
    }),
  }),
});

export const { useDashboardQuery } = dashboardApi;
