import type { CategoryType } from '@plenty/contracts/categories';
import type { CommandResult } from '@plenty/contracts/commands/result';
import type { CategoryList, CategoryView } from '@plenty/contracts/views/categories';
import { api } from '../../lib/api/api';

export interface AddCategoryRequest {
  readonly commandId: string;
  readonly categoryId: string;
  readonly name: string;
  readonly type: CategoryType;
  readonly icon: string;
  readonly color: string;
}

export interface EditCategoryRequest {
  readonly commandId: string;
  readonly categoryId: string;
  readonly changes: Partial<Record<'name' | 'type' | 'icon' | 'color', string>>;
}

export interface DeleteCategoryRequest {
  readonly commandId: string;
  readonly categoryId: string;
  readonly replacementCategoryId?: string;
}

/** Categories are shared by settings and the transaction form, so their endpoints live here. */
export const categoriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The built-in categories, then the user's own in the order they were made. */
    categories: build.query<readonly CategoryView[], void>({
      query: () => 'queries/categories',
      transformResponse: (response: CategoryList) => response.items,
      providesTags: ['Categories'],
    }),
    /** Whether any transaction uses the category (one is enough to know). */
    categoryInUse: build.query<boolean, string>({
      query: (categoryId) => ({ url: 'queries/transactions', params: { categoryId, limit: 1 } }),
      transformResponse: (response: { items: readonly unknown[] }) => response.items.length > 0,
      providesTags: ['Transactions'],
    }),
    addCategory: build.mutation<CommandResult, AddCategoryRequest>({
      query: (body) => ({ url: 'commands/AddCategory', method: 'POST', body }),
      invalidatesTags: ['Categories'],
    }),
    editCategory: build.mutation<CommandResult, EditCategoryRequest>({
      query: (body) => ({ url: 'commands/EditCategory', method: 'POST', body }),
      invalidatesTags: ['Categories', 'Transactions', 'Reports'],
    }),
    deleteCategory: build.mutation<CommandResult, DeleteCategoryRequest>({
      query: (body) => ({ url: 'commands/DeleteCategory', method: 'POST', body }),
      invalidatesTags: ['Categories', 'Transactions', 'Reports', 'Budget'],
    }),
  }),
});

export const {
  useCategoriesQuery,
  useLazyCategoryInUseQuery,
  useAddCategoryMutation,
  useEditCategoryMutation,
  useDeleteCategoryMutation,
} = categoriesApi;
