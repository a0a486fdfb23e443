import { screen } from '@testing-library/react';
import type { BudgetSummaryView } from '@plenty/contracts/views/dashboard';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../lib/testing/render-app';
import { LocaleContext } from '../../../lib/use-locale';
import { useMonthWriters } from '../../../ui/budget-status/use-month-writers';
import { BudgetCard } from './budget-card';

const budget: BudgetSummaryView = {
  status: 'on_track',
  limit: 5000000,
  limitOriginal: { amount: 5000000, currency: 'LAK' },
  spent: 1000000,
  remaining: 4000000,
  percentUsed: 2000,
  dailyAverage: 50000,
  daysInMonth: 30,
  daysElapsed: 20,
  daysLeft: 10,
  projectedTotal: 4000000,
  scheduledExpense: 2500000,
  projectedStatus: 'approaching',
};

function Card({ view, isCurrentMonth }: { readonly view: BudgetSummaryView; readonly isCurrentMonth: boolean }) {
  return <BudgetCard budget={view} write={useMonthWriters('LAK')} isCurrentMonth={isCurrentMonth} />;
}

function show(view: BudgetSummaryView, isCurrentMonth = true) {
  vi.stubGlobal(
    'fetch',
    async () => new Response('{"items":[]}', { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  renderWithApp(
    <MemoryRouter>
      <LocaleContext.Provider value={{ locale: 'en', setLocale: async () => undefined }}>
        <Card view={view} isCurrentMonth={isCurrentMonth} />
      </LocaleContext.Provider>
    </MemoryRouter>,
  );
}

describe('the budget card’s projection', () => {
  it('says how much of it is recurring bills still to come this month', () => {
    show(budget);
    expect(screen.getByTestId('budget-scheduled').textContent).toBe(
      'Includes ₭2,500,000 of recurring bills still to come.',
    );
  });

  it('says nothing of them when none are to come', () => {
    show({ ...budget, scheduledExpense: 0 });
    expect(screen.queryByTestId('budget-scheduled')).toBeNull();
  });

  it('says nothing of them for a past month', () => {
    show(budget, false);
    expect(screen.queryByTestId('budget-scheduled')).toBeNull();
  });
});
