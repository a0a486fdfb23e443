import type { GoalList, GoalView } from '@plenty/contracts/goals';
import { api } from '../../lib/api/api';

/** Goals show in settings and on the dashboard, so their query lives here; the commands are in lib/api/commands. */
export const goalsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Nearest target date first, goals without a date last, then by name. */
    goals: build.query<readonly GoalView[], void>({
      query: () => 'queries/goals',
      transformResponse: (response: GoalList) => response.items,
      providesTags: ['Goals'],
    }),
  }),
});

export const { useGoalsQuery } = goalsApi;
