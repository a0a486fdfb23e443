import type { ActivityPage } from '@plenty/contracts/views/activity';
import { api } from '../../lib/api/api';
import { activityPageUrl, type ActivityFilters } from './filters';

/** The Activity page's entries, newest first, a page per cursor. */
export const activityApi = api.injectEndpoints({
  endpoints: (build) => ({
    activity: build.infiniteQuery<ActivityPage, ActivityFilters, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg, pageParam }) => activityPageUrl(queryArg, pageParam),
      // Whatever changes an item adds to its activity.
      providesTags: ['Transactions', 'Debts', 'Goals', 'Categories', 'Profile'],
    }),
  }),
});

export const { useActivityInfiniteQuery } = activityApi;
