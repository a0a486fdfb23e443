import type { TransactionList } from '@plenty/contracts/views/transactions';
import { api } from '../../lib/api/api';
import type { QueryAnswer } from '../../lib/api/queries';

/** How many posted transactions the rule page shows at once. */
export const POSTED_PAGE_SIZE = 20;

/**
 * The recurring pages' reads. Every command about a rule (and every one that posts, archives a
 * wallet or removes a category) invalidates `Recurring`, so these refresh after each.
 */
export const recurringApi = api.injectEndpoints({
  endpoints: (build) => ({
    recurringRules: build.query<QueryAnswer<'recurringRules'>, void>({
      query: () => 'queries/recurring',
      providesTags: ['Recurring'],
    }),
    recurringRule: build.query<QueryAnswer<'recurringRule'>, string>({
      query: (id) => `queries/recurring/${encodeURIComponent(id)}`,
      providesTags: ['Recurring'],
    }),
    /** The transactions a rule posted, newest first, a page per cursor. */
    recurringPosted: build.infiniteQuery<TransactionList, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg, pageParam }) => {
        const search = new URLSearchParams({ ruleId: queryArg, limit: String(POSTED_PAGE_SIZE) });
        if (pageParam !== null) search.set('cursor', pageParam);
        return `queries/transactions?${search.toString()}`;
      },
      providesTags: ['Recurring', 'Transactions'],
    }),
  }),
});

export const { useRecurringRulesQuery, useRecurringRuleQuery, useRecurringPostedInfiniteQuery } = recurringApi;
