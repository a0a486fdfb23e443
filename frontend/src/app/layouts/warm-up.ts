import { monthOf } from '@plenty/contracts/calendar/zone';
import { addMonths } from '@plenty/contracts/calendar/date';
import type { AnyDispatch } from '../../lib/offline/warm-up';

/** The months whose reports are fetched ahead: this one and the two before it. */
export function reportMonths(thisMonth: string): readonly string[] {
  return [thisMonth, addMonths(thisMonth, -1), addMonths(thisMonth, -2)];
}

/**
 * Fetches what a person opens offline, so it is on the device even if they never opened it
 * online: the dashboard of this month, the transaction list's first page, categories, wallets,
 * preferences, this month's budgets, goals, debts, and the reports of the last three months.
 * Each answer reaches the device copy through the base query. The features' endpoints are
 * loaded here, on demand, so the first page's JavaScript does not grow. One failure does not
 * stop the others.
 */
export default async function warmUp(dispatch: AnyDispatch): Promise<void> {
  const [{ preferencesApi }, { walletsApi }, dashboard, transactions, budget, goals, debts, reports, filters] =
    await Promise.all([
      import('../../lib/preferences'),
      import('../../lib/api/wallets'),
      import('../../features/dashboard/api'),
      import('../../features/transaction/api'),
      import('../../features/budget/api'),
      import('../../ui/goal/api'),
      import('../../features/debt/api'),
      import('../../features/report/api'),
      import('../../features/transaction/filters'),
    ]);
  const once = { subscribe: false } as const;
  const preferences = await dispatch(preferencesApi.endpoints.preferences.initiate(undefined, once));
  const thisMonth = monthOf(new Date(), preferences.data?.timeZone);
  const [current, ...earlier] = reportMonths(thisMonth);
  await Promise.allSettled([
    dispatch(dashboard.dashboardApi.endpoints.dashboard.initiate({ month: null, asOf: null }, once)),
    dispatch(
      transactions.transactionsApi.endpoints.transactionList.initiate(transactions.listArgs(filters.NO_FILTERS), once),
    ),
    dispatch(
      transactions.transactionsApi.endpoints.transactionTotals.initiate(
        transactions.totalsArgs(filters.NO_FILTERS),
        once,
      ),
    ),
    dispatch(transactions.transactionsApi.endpoints.transactionCategories.initiate(undefined, once)),
    dispatch(walletsApi.endpoints.wallets.initiate({ asOf: null }, once)),
    dispatch(budget.budgetApi.endpoints.budgetPlan.initiate(null, once)),
    dispatch(goals.goalsApi.endpoints.goals.initiate(undefined, once)),
    dispatch(debts.debtsApi.endpoints.debts.initiate(undefined, once)),
    dispatch(reports.reportsApi.endpoints.reports.initiate({ month: null, asOf: null }, once)),
    ...(current === undefined ? [] : earlier).map((month) =>
      dispatch(reports.reportsApi.endpoints.reports.initiate({ month, asOf: null }, once)),
    ),
  ]);
}
