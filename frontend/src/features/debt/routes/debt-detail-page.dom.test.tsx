import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DebtDetail } from '@plenty/contracts/views/debts';
import { DEFAULT_PREFERENCES_VIEW } from '@plenty/contracts/preferences';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { paintedStore, refreshPainted, renderOn, serveApi } from '../../../lib/testing/painted';
import { LocaleContext } from '../../../lib/use-locale';
import { debtsApi } from '../api';

// The debt pages' texts come from a build-time module; the whole English catalog is given here.
vi.mock('../with-debt-messages', () => ({ withDebtMessages: (Page: ComponentType) => Page }));

const { DebtDetailPage } = await import('./debt-detail-page');

const debt = (name: string, notes: string): DebtDetail => ({
  id: 'debt-1',
  name,
  type: 'loan',
  icon: 'bank',
  color: '#6366f1',
  currency: 'USD',
  initialAmount: 2_000_000,
  currentAmount: 2_000_000,
  annualRatePercent: '6',
  minimumPayment: null,
  paymentDueDay: 15,
  lender: null,
  loanType: 'emi',
  termMonths: 24,
  installment: 88_641,
  monthlyPayment: null,
  openDate: '2026-01-15',
  startDate: '2026-01-15',
  maturityDate: '2028-01-15',
  status: 'active',
  paidOffAt: null,
  progress: { repaid: 10_000, outstanding: 1_990_000, percent: 0, paidInstallments: 0, totalInstallments: 24 },
  paidNumbers: [],
  nextInstallment: null,
  createdAt: '2026-01-15T00:00:00.000Z',
  updatedAt: '2026-11-27T08:00:00.000Z',
  description: null,
  schedule: [],
  payments: [
    {
      paymentId: 'pay-1',
      amount: 10_000,
      date: '2026-11-01',
      notes,
      walletId: null,
      installmentNumber: null,
      recordedAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
    },
  ],
  totals: { totalInterest: 0, totalPayment: 0, paid: 0, interestPaid: 0, principalPaid: 0, remainingPayment: 0 },
});

async function paintedDetail() {
  const { store } = await paintedStore([debtsApi.util.upsertQueryData('debt', 'debt-1', debt('Old car', 'old note'))]);
  renderOn(
    store,
    <LocaleContext.Provider value={{ locale: 'en', setLocale: async () => undefined }}>
      <MemoryRouter initialEntries={['/dashboard/debt-tracker/debt-1']}>
        <Routes>
          <Route path="/dashboard/debt-tracker/:id" element={<DebtDetailPage />} />
        </Routes>
      </MemoryRouter>
    </LocaleContext.Provider>,
  );
  await screen.findByTestId('debt-detail');
  return store;
}

const nameField = () => screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement;

describe('editing a debt on its page, loaded painted from the device', () => {
  it('starts the debt’s form from the server’s values, not the painted copy', async () => {
    serveApi({
      '/api/queries/debts/debt-1': debt('New car', 'new note'),
      '/api/queries/preferences': DEFAULT_PREFERENCES_VIEW,
    });
    const store = await paintedDetail();
    await userEvent.click(screen.getByRole('button', { name: 'Edit debt' }));
    expect(screen.queryByRole('textbox', { name: /^Name/ })).toBeNull();
    expect(screen.getAllByRole('status').length).toBeGreaterThan(0);

    act(() => refreshPainted(store));
    await waitFor(() => expect(nameField().value).toBe('New car'));
  });

  it('starts a payment’s form from the server’s values', async () => {
    serveApi({
      '/api/queries/debts/debt-1': debt('New car', 'new note'),
      '/api/queries/preferences': DEFAULT_PREFERENCES_VIEW,
    });
    const store = await paintedDetail();
    await userEvent.click(screen.getAllByRole('button', { name: /Edit the payment of/ })[0]!);
    act(() => refreshPainted(store));
    await waitFor(() => expect(screen.getByDisplayValue('new note')).toBeTruthy());
    expect(screen.queryByDisplayValue('old note')).toBeNull();
  });

  it('opens the form from the device copy when the server cannot be reached', async () => {
    serveApi({}, { offline: true });
    const store = await paintedDetail();
    await userEvent.click(screen.getByRole('button', { name: 'Edit debt' }));
    act(() => refreshPainted(store));
    await waitFor(() => expect(nameField().value).toBe('Old car'));
    expect(store.getState().network.online).toBe(false);
  });
});
