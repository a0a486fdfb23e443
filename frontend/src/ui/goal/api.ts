import { api } from '../../lib/api/api';
import { listQuery, type QueryAnswer } from '../../lib/api/queries';

/** Goals show in settings and on the dashboard, so their query lives here; the commands are in lib/api/commands. */
export const goalsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Nearest target date first, goals without a date last, then by name. */
    goals: build.query<QueryAnswer<'goals'>['items'], void>(listQuery('goals', 'Goals')),
  }),
});

export const { useGoalsQuery } = goalsApi;
