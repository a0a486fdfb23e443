import type { Dashboard } from '@plenty/contracts/views/dashboard';
import { api } from '../../lib/api/api';
import { MONTH_VIEW_TAGS, monthViewUrl, type MonthViewArgs } from '../../lib/api/month-view';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * One month of the dashboard; without a month, the current one in the user's time zone. With `asOf`
     * (`YYYY-MM-DD`), as it was at the end of that day, computed from the user's events.
     */
    dashboard: build.query<Dashboard, MonthViewArgs>({
      query: (args) => monthViewUrl('queries/dashboard', args),
      providesTags: [...MONTH_VIEW_TAGS],
    }),
  }),
});

export const { useDashboardQuery } = dashboardApi;
