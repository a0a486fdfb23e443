import { describe, expect, it } from 'vitest';
import type { Money } from '@plenty/contracts/money';
import type { BudgetAlert, BudgetAlertsView } from '@plenty/contracts/views/budget-alerts';
import { budgetAlertMessage } from './use-budget-alert';

const money = (value: Money) => `${value.currency} ${(value.amount / 100).toFixed(2)}`;

const alert = (fields: Partial<BudgetAlert>): BudgetAlert => ({
  level: 'approaching',
  at: '2026-11-20T10:00:00.000Z',
  eventId: 'e1',
  transactionId: 't1',
  spent: 78_000,
  limit: 100_000,
  currency: 'THB',
  ...fields,
});

const view = (...alerts: BudgetAlert[]): BudgetAlertsView => ({
  month: '2026-11',
  status: alerts.at(-1)?.level ?? null,
  alerts,
});

describe('the budget warning after saving a transaction', () => {
  it('tells the share used when the saved transaction brought the month to 75 % or 90 %', () => {
    expect(budgetAlertMessage(view(alert({})), 't1', true, money)).toEqual({
      messageId: 'alerts.budget.approaching',
      values: { percent: 78 },
    });
    expect(
      budgetAlertMessage(
        view(alert({}), alert({ level: 'critical', transactionId: 't2', spent: 93_999 })),
        't2',
        true,
        money,
      ),
    ).toEqual({ messageId: 'alerts.budget.critical', values: { percent: 93 } });
  });

  it('tells how much over the budget the month is once over', () => {
    expect(
      budgetAlertMessage(view(alert({ level: 'over', spent: 220_000, limit: 100_000 })), 't1', true, money),
    ).toEqual({ messageId: 'alerts.budget.over', values: { amount: 'THB 1200.00' } });
  });

  it('says nothing when the newest alert belongs to another transaction, there is none, or alerts are off', () => {
    expect(budgetAlertMessage(view(alert({}), alert({ transactionId: 't2' })), 't1', true, money)).toBeNull();
    expect(budgetAlertMessage(view(alert({ transactionId: null })), 't1', true, money)).toBeNull();
    expect(budgetAlertMessage(view(), 't1', true, money)).toBeNull();
    expect(budgetAlertMessage(view(alert({})), 't1', false, money)).toBeNull();
  });
});
