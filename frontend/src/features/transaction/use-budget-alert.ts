import { useCallback } from 'react';
import { percentUsed } from '@plenty/contracts/budget-status';
import type { TransactionType } from '@plenty/contracts/categories';
import { monthOfDate } from '@plenty/contracts/calendar/date';
import { wholePercent } from '@plenty/contracts/percent';
import type { Money } from '@plenty/contracts/money';
import type { BudgetAlertsView } from '@plenty/contracts/views/budget-alerts';
import { useAppDispatch } from '../../app/store';
import { api } from '../../lib/api/api';
import type { MessageId } from '../../lib/messages';
import { usePreferences } from '../../lib/preferences';
import { useFormat } from '../../lib/use-format';
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

/**
 * The warning to show after a transaction was saved: only when the month's newest alert was
 * raised by that very transaction and the user wants spending alerts.
 */
export function budgetAlertMessage(
  view: BudgetAlertsView,
  transactionId: string,
  spendingAlerts: boolean,
  money: (value: Money) => string,
): BudgetAlertMessage | null {
  const alert = view.alerts.at(-1);
  if (!spendingAlerts || alert === undefined || alert.transactionId !== transactionId) return null;
  const percent = wholePercent(percentUsed(alert.spent, alert.limit) ?? 0);
  switch (alert.level) {
    case 'approaching':
      return { messageId: 'alerts.budget.approaching', values: { percent } };
    case 'critical':
      return { messageId: 'alerts.budget.critical', values: { percent } };
    case 'over':
      return {
        messageId: 'alerts.budget.over',
        values: { amount: money({ amount: alert.spent - alert.limit, currency: alert.currency }) },
      };
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
  const { preferences } = usePreferences();
  const format = useFormat();
  const spendingAlerts = preferences?.spendingAlerts ?? false;
  return useCallback(
    (saved) => {
      if (saved.type !== 'expense' || !spendingAlerts) return;
      const request = dispatch(
        budgetAlertsApi.endpoints.budgetAlerts.initiate(monthOfDate(saved.date), { forceRefetch: true }),
      );
      void request
        .unwrap()
        .then((view) => {
          const message = budgetAlertMessage(view, saved.transactionId, spendingAlerts, format.money);
          if (message !== null) dispatch(showWarning(message.messageId, message.values));
        })
        .catch(() => undefined)
        .finally(() => request.unsubscribe());
    },
    [dispatch, format, spendingAlerts],
  );
}
