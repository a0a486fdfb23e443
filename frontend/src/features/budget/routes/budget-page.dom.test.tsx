import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BudgetPlan } from '@plenty/contracts/category-budgets';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paintedStore, refreshPainted, renderOn, serveApi } from '../../../lib/testing/painted';
import { LocaleContext } from '../../../lib/use-locale';
import { budgetApi } from '../api';
import { BudgetPage } from './budget-page';

/** November's plan with one limit on groceries, `limit` baht (in satang). */
const plan = (limit: number): BudgetPlan => ({
  month: '2026-11',
  today: '2026-11-27',
  currency: 'THB',
  ratesDate: null,
  categories: {
    items: [
      {
        categoryId: 'groceries',
        limit,
        limitOriginal: { amount: limit, currency: 'THB' },
        repeat: true,
        rollover: false,
        carried: 0,
        available: limit,
        spent: 0,
        remaining: limit,
        percentUsed: 0,
        status: 'on_track',
      },
    ],
    budgeted: limit,
    spentBudgeted: 0,
    unbudgeted: 0,
    unbudgetedCategories: [],
  },
  settings: [
    {
      categoryId: 'groceries',
      limit: { amount: limit, currency: 'THB' },
      repeat: true,
      previous: null,
      rollover: false,
    },
  ],
  spending: [],
  outOfRange: false,
});

async function editPaintedLimit() {
  const { store } = await paintedStore([budgetApi.util.upsertQueryData('budgetPlan', null, plan(200_000))]);
  renderOn(
    store,
    <LocaleContext.Provider value={{ locale: 'en', setLocale: async () => undefined }}>
      <MemoryRouter initialEntries={['/dashboard/budgets']}>
        <BudgetPage />
      </MemoryRouter>
    </LocaleContext.Provider>,
  );
  await userEvent.click(await screen.findByTestId('budget-edit'));
  return store;
}

const dialogOpen = () => (screen.getByTestId('limit-dialog') as HTMLDialogElement).open;
const amount = () => (screen.getByTestId('limit-amount') as HTMLInputElement).value;

describe('editing a category’s limit on a page load painted from the device', () => {
  it('opens the dialog with the server’s limit, not the painted copy', async () => {
    serveApi({ '/api/queries/budgets': plan(350_000), '/api/queries/categories': { items: [] } });
    const store = await editPaintedLimit();
    expect(dialogOpen()).toBe(false);

    act(() => refreshPainted(store));
    await waitFor(() => expect(dialogOpen()).toBe(true));
    expect(amount()).toMatch(/^3,?500(\.00)?$/);
  });

  it('opens from the device copy when the server cannot be reached', async () => {
    serveApi({}, { offline: true });
    const store = await editPaintedLimit();
    act(() => refreshPainted(store));
    await waitFor(() => expect(dialogOpen()).toBe(true));
    expect(amount()).toMatch(/^2,?000(\.00)?$/);
    expect(store.getState().network.online).toBe(false);
  });
});
