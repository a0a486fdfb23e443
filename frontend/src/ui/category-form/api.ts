import { api } from '../../lib/api/api';
import { listQuery, type QueryAnswer, type QueryParams } from '../../lib/api/queries';

/** Categories are shared by settings and the transaction form, so their queries live here. */
export const categoriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The built-in categories, then the user's own in the order they were made. */
    categories: build.query<QueryAnswer<'categories'>['items'], void>(listQuery('categories', 'Categories')),
    /** Whether any transaction uses the category (one is enough to know). */
    categoryInUse: build.query<boolean, string>({
      query: (categoryId) => ({
        url: 'queries/transactions',
        params: { categoryId, limit: 1 } satisfies QueryParams<'transactions'>,
      }),
      transformResponse: (response: QueryAnswer<'transactions'>) => response.items.length > 0,
      providesTags: ['Transactions'],
    }),
  }),
});

export const { useCategoriesQuery, useLazyCategoryInUseQuery } = categoriesApi;
