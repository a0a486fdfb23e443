import type { CategoryList } from '@plenty/contracts/views/categories';
import { api } from '../../lib/api/api';

export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** How many categories the user can file transactions under (built-in and their own). */
    homeCategoryCount: build.query<number, void>({
      query: () => 'queries/categories',
      transformResponse: (list: CategoryList) => list.items.length,
      providesTags: ['Categories'],
    }),
  }),
});

export const { useHomeCategoryCountQuery } = homeApi;
