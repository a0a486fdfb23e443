import type { BudgetPlan } from '@plenty/contracts/category-budgets';
import { api } from '../../lib/api/api';
import { MONTH_VIEW_TAGS } from '../../lib/api/month-view';

export const budgetApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The month's category budgets, each category's setting, and this and last month's spending. */
    budgetPlan: build.query<BudgetPlan, string | null>({
      query: (month) => (month === null ? 'queries/budgets' : `queries/budgets?month=${encodeURIComponent(month)}`),
      providesTags: [...MONTH_VIEW_TAGS, 'Preferences'],
    }),
  }),
});

export const { useBudgetPlanQuery } = budgetApi;
