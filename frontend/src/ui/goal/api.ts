import type { CommandResult } from '@plenty/contracts/commands/result';
import type { GoalList, GoalView } from '@plenty/contracts/goals';
import type { Money } from '@plenty/contracts/money';
import { api } from '../../lib/api/api';

export interface AddGoalRequest {
  readonly commandId: string;
  readonly goalId: string;
  readonly name: string;
  readonly target: Money;
  readonly saved?: Money;
  readonly targetDate?: string;
}

export interface EditGoalRequest {
  readonly commandId: string;
  readonly goalId: string;
  readonly changes: Readonly<Record<string, unknown>>;
}

export interface MoveGoalMoneyRequest {
  readonly commandId: string;
  readonly goalId: string;
  readonly amount: Money;
  readonly date: string;
}

export interface DeleteGoalRequest {
  readonly commandId: string;
  readonly goalId: string;
}

/** Goals show in settings and on the dashboard, so their endpoints live here. */
export const goalsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Nearest target date first, goals without a date last, then by name. */
    goals: build.query<readonly GoalView[], void>({
      query: () => 'queries/goals',
      transformResponse: (response: GoalList) => response.items,
      providesTags: ['Goals'],
    }),
    addGoal: build.mutation<CommandResult, AddGoalRequest>({
      query: (body) => ({ url: 'commands/AddGoal', method: 'POST', body }),
      invalidatesTags: ['Goals'],
    }),
    editGoal: build.mutation<CommandResult, EditGoalRequest>({
      query: (body) => ({ url: 'commands/EditGoal', method: 'POST', body }),
      invalidatesTags: ['Goals'],
    }),
    contributeToGoal: build.mutation<CommandResult, MoveGoalMoneyRequest>({
      query: (body) => ({ url: 'commands/ContributeToGoal', method: 'POST', body }),
      invalidatesTags: ['Goals'],
    }),
    withdrawFromGoal: build.mutation<CommandResult, MoveGoalMoneyRequest>({
      query: (body) => ({ url: 'commands/WithdrawFromGoal', method: 'POST', body }),
      invalidatesTags: ['Goals'],
    }),
    deleteGoal: build.mutation<CommandResult, DeleteGoalRequest>({
      query: (body) => ({ url: 'commands/DeleteGoal', method: 'POST', body }),
      invalidatesTags: ['Goals'],
    }),
  }),
});

export const {
  useGoalsQuery,
  useAddGoalMutation,
  useEditGoalMutation,
  useContributeToGoalMutation,
  useWithdrawFromGoalMutation,
  useDeleteGoalMutation,
} = goalsApi;
