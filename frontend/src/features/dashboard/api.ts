import type { Dashboard } from '@plenty/contracts/views/dashboard';
import { api } from '../../lib/api/api';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * One month of the dashboard; without a month, the current one in the user's time zone. With `asOf`
     * (`YYYY-MM-DD`), as it was at the end of that day, computed from the user's events.
     */
    dashboard: build.query<Dashboard, { readonly month: string | null; readonly asOf: string | null }>({
      query: ({ month, asOf }) => {
        const params = new URLSearchParams();
        if (month !== null) params.set('month', month);
        if (asOf !== null) params.set('asOf', asOf);
        const search = params.toString();
        return search === '' ? 'queries/dashboard' : `queries/dashboard?${search}`;
      },
      providesTags: ['Transactions', 'Budget', 'Profile', 'Categories', 'Reports'],
    }),
  }),
});

export const { useDashboardQuery } = dashboardApi;
