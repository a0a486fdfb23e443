import { describe, expect, it } from 'vitest';
import type { Money } from '@plenty/contracts/money';
import type { BudgetAlert, BudgetAlertsView } from '@plenty/contracts/views/budget-alerts';
import { budgetAlertMessage } from './use-budget-alert';

const money = (value: Money) => `${value.currency} ${(value.amount / 100).toFixed(2)}`;
const category = (id: string) => `<${id}>`;
const both = { spendingAlerts: true, categoryAlerts: true };
const none = { spendingAlerts: false, categoryAlerts: false };

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
    expect(budgetAlertMessage(view(alert({})), 't1', both, money, category)).toEqual({
      messageId: 'alerts.budget.approaching',
      values: { percent: 78 },
    });
    expect(
      budgetAlertMessage(
        view(alert({}), alert({ level: 'critical', transactionId: 't2', spent: 93_999 })),
        't2',
        both,
        money,
        category,
      ),
    ).toEqual({ messageId: 'alerts.budget.critical', values: { percent: 93 } });
  });

  it('tells how much over the budget the month is once over', () => {
    expect(
      budgetAlertMessage(view(alert({ level: 'over', spent: 220_000, limit: 100_000 })), 't1', both, money, category),
    ).toEqual({ messageId: 'alerts.budget.over', values: { amount: 'THB 1200.00' } });
  });

  it('says nothing when the newest alert belongs to another transaction, there is none, or alerts are off', () => {
    expect(budgetAlertMessage(view(alert({}), alert({ transactionId: 't2' })), 't1', both, money, category)).toBeNull();
    expect(budgetAlertMessage(view(alert({ transactionId: null })), 't1', both, money, category)).toBeNull();
    expect(budgetAlertMessage(view(), 't1', both, money, category)).toBeNull();
    expect(budgetAlertMessage(view(alert({})), 't1', none, money, category)).toBeNull();
  });

  it("names the category of a category budget's alert and tells how far over it is", () => {
    expect(
      budgetAlertMessage(view(alert({ categoryId: 'builtin-food', spent: 95_000 })), 't1', both, money, category),
    ).toEqual({ messageId: 'budget.alert.approaching', values: { percent: 95, category: '<builtin-food>' } });
    expect(
      budgetAlertMessage(
        view(alert({ categoryId: 'builtin-food', level: 'over', spent: 130_000 })),
        't1',
        both,
        money,
        category,
      ),
    ).toEqual({ messageId: 'budget.alert.over', values: { amount: 'THB 300.00', category: '<builtin-food>' } });
  });

  it('tells the most pressing of the alerts one saving raised, the overall budget first at the same level', () => {
    const overall = alert({ level: 'critical', spent: 92_000 });
    const food = alert({ categoryId: 'builtin-food', level: 'over', spent: 120_000 });
    const home = alert({ categoryId: 'builtin-housing', level: 'critical', spent: 91_000 });
    expect(budgetAlertMessage(view(overall, food), 't1', both, money, category)?.messageId).toBe('budget.alert.over');
    expect(budgetAlertMessage(view(home, overall), 't1', both, money, category)?.messageId).toBe(
      'alerts.budget.critical',
    );
    // An older alert of the same transaction, before another's, is not this saving's.
    expect(
      budgetAlertMessage(view(food, alert({ transactionId: 't2' }), overall), 't1', both, money, category)?.messageId,
    ).toBe('alerts.budget.critical');
  });

  it('follows each switch: category alerts alone, or the monthly budget alone', () => {
    const overall = alert({ level: 'over', spent: 120_000 });
    const food = alert({ categoryId: 'builtin-food', level: 'approaching' });
    const onlyCategories = { spendingAlerts: false, categoryAlerts: true };
    const onlyMonthly = { spendingAlerts: true, categoryAlerts: false };
    expect(budgetAlertMessage(view(overall, food), 't1', onlyCategories, money, category)?.messageId).toBe(
      'budget.alert.approaching',
    );
    expect(budgetAlertMessage(view(food), 't1', onlyMonthly, money, category)).toBeNull();
    expect(budgetAlertMessage(view(overall, food), 't1', none, money, category)).toBeNull();
  });
});
