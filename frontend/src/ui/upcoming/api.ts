import { api } from '../../lib/api/api';
import type { QueryAnswer } from '../../lib/api/queries';

/** How many days ahead: the dashboard's week, the transaction list's scheduled month. */
export interface UpcomingArgs {
  readonly days: number;
}

/**
 * What waits for the user and what is due in the next days (recurring occurrences and debt
 * installments, with totals in the display currency), shared by the dashboard and the
 * transaction list. Posting, skipping and editing rules invalidate `Recurring`; paying an
 * installment `Debts`; the display currency and the reminder days `Preferences`.
 */
export const upcomingApi = api.injectEndpoints({
  endpoints: (build) => ({
    upcoming: build.query<QueryAnswer<'upcoming'>, UpcomingArgs>({
      query: ({ days }) => `queries/upcoming?days=${days}`,
      providesTags: ['Recurring', 'Debts', 'Transactions', 'Preferences'],
    }),
    /** The user's rules, to name the rule a transaction was posted by (and tell one deleted since). */
    recurringRuleNames: build.query<QueryAnswer<'recurringRules'>, void>({
      query: () => 'queries/recurring',
      providesTags: ['Recurring'],
    }),
  }),
});

export const { useUpcomingQuery, useRecurringRuleNamesQuery } = upcomingApi;
