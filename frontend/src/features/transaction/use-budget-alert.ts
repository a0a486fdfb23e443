import { useCallback } from 'react';
import { percentUsed } from '@plenty/contracts/budget-status';
import type { TransactionType } from '@plenty/contracts/categories';
import { monthOfDate } from '@plenty/contracts/calendar/date';
import { wholePercent } from '@plenty/contracts/percent';
import type { Money } from '@plenty/contracts/money';
import type { BudgetAlert, BudgetAlertsView } from '@plenty/contracts/views/budget-alerts';
import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../app/store';
import { api } from '../../lib/api/api';
import type { MessageId } from '../../lib/messages';
import { usePreferences } from '../../lib/preferences';
import { useFormat } from '../../lib/use-format';
import { useCategoriesQuery } from '../../ui/category-form/api';
import { categoryName } from '../../ui/category-form/category-chip';
import { showWarning } from '../../ui/toast/toasts-slice';

export const budgetAlertsApi = api.injectEndpoints({
  endpoints: (build) => ({
    budgetAlerts: build.query<BudgetAlertsView, string>({
      query: (month) => `queries/budget-alerts?month=${encodeURIComponent(month)}`,
    }),
  }),
});

export interface BudgetAlertMessage {
  readonly messageId: MessageId;
  readonly values: Readonly<Record<string, string | number>>;
}

/** Which alerts the user wants: the overall budget's (`spendingAlerts`) and the categories' own (`categoryAlerts`). */
export interface AlertChoices {
  readonly spendingAlerts: boolean;
  readonly categoryAlerts: boolean;
}

const SEVERITY = { approaching: 0, critical: 1, over: 2 } as const;

/**
 * The warning to show after a transaction was saved: only for alerts that very transaction
 * raised (the month's newest ones), of the kinds the user wants. One saving can raise several
 * (the overall budget and a category's, or two categories of a split); the most pressing is
 * told, the overall budget's before a category's at the same level. A category's alert names it.
 */
export function budgetAlertMessage(
  view: BudgetAlertsView,
  transactionId: string,
  choices: AlertChoices,
  money: (value: Money) => string,
  category: (categoryId: string) => string,
): BudgetAlertMessage | null {
  const raised: BudgetAlert[] = [];
  for (let index = view.alerts.length - 1; index >= 0; index -= 1) {
    const alert = view.alerts[index];
    if (alert === undefined || alert.transactionId !== transactionId) break;
    raised.push(alert);
  }
  const wanted = raised.filter((alert) =>
    alert.categoryId === null || alert.categoryId === undefined ? choices.spendingAlerts : choices.categoryAlerts,
  );
  const alert = wanted.reduce<BudgetAlert | undefined>((best, next) => {
    if (best === undefined) return next;
    const rank = SEVERITY[next.level] - SEVERITY[best.level];
    if (rank !== 0) return rank > 0 ? next : best;
    return (best.categoryId ?? null) === null ? best : (next.categoryId ?? null) === null ? next : best;
  }, undefined);
  if (alert === undefined) return null;
  const percent = wholePercent(percentUsed(alert.spent, alert.limit) ?? 0);
  const over = money({ amount: alert.spent - alert.limit, currency: alert.currency });
  const categoryId = alert.categoryId ?? null;
  if (categoryId !== null) {
    const name = category(categoryId);
    switch (alert.level) {
      case 'approaching':
        return { messageId: 'budget.alert.approaching', values: { percent, category: name } };
      case 'critical':
        return { messageId: 'budget.alert.critical', values: { percent, category: name } };
      case 'over':
        return { messageId: 'budget.alert.over', values: { amount: over, category: name } };
    }
  }
  switch (alert.level) {
    case 'approaching':
      return { messageId: 'alerts.budget.approaching', values: { percent } };
    case 'critical':
      return { messageId: 'alerts.budget.critical', values: { percent } };
    case 'over':
      return { messageId: 'alerts.budget.over', values: { amount: over } };
  }
}

export interface SavedTransaction {
  readonly transactionId: string;
  readonly type: TransactionType;
  /** The transaction's local date, `YYYY-MM-DD`. */
  readonly date: string;
}

/**
 * After AddTransaction or EditTransaction of an expense succeeded: reads the month's spending
 * alerts (the query waits for the command's position) and warns when this transaction crossed
 * a budget threshold. The read outlives the page that saved, so leaving it does not lose the warning.
 */
export function useBudgetAlert(): (saved: SavedTransaction) => void {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const { preferences } = usePreferences();
  const categories = useCategoriesQuery();
  const format = useFormat();
  const spendingAlerts = preferences?.spendingAlerts ?? false;
  const categoryAlerts = preferences?.categoryAlerts ?? false;
  return useCallback(
    (saved) => {
      if (saved.type !== 'expense' || (!spendingAlerts && !categoryAlerts)) return;
      const request = dispatch(
        budgetAlertsApi.endpoints.budgetAlerts.initiate(monthOfDate(saved.date), { forceRefetch: true }),
      );
      const name = (categoryId: string) => {
        const found = categories.data?.find((category) => category.id === categoryId);
        return found === undefined
          ? intl.formatMessage({ id: 'dashboard.category.unknown' })
          : categoryName(intl, found);
      };
      void request
        .unwrap()
        .then((view) => {
          const message = budgetAlertMessage(
            view,
            saved.transactionId,
            { spendingAlerts, categoryAlerts },
            format.money,
            name,
          );
          if (message !== null) dispatch(showWarning(message.messageId, message.values));
        })
        .catch(() => undefined)
        .finally(() => request.unsubscribe());
    },
    [categories.data, categoryAlerts, dispatch, format, intl, spendingAlerts],
  );
}
