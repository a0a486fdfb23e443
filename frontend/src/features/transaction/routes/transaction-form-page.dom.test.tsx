import { screen, waitFor } from '@testing-library/react';
import type { TransactionView } from '@plenty/contracts/views/transactions';
import { DEFAULT_PREFERENCES_VIEW } from '@plenty/contracts/preferences';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paintedStore, renderOn, serveApi } from '../../../lib/testing/painted';
import { LocaleContext } from '../../../lib/use-locale';
import { transactionsApi } from '../api';
import { EditTransactionPage } from './transaction-form-page';

const ID = '0192f0c4-7a1b-7c3d-8e4f-0000000000c1';

const transaction = (note: string, amount: number): TransactionView => ({
  id: ID,
  type: 'expense',
  amount: { amount, currency: 'THB' },
  categoryId: 'food',
  date: '2026-11-20',
  time: null,
  note,
  receipt: null,
  location: null,
  walletId: 'w1',
  splits: null,
  tags: [],
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-27T08:00:00.000Z',
  revision: note === 'Lunch' ? 1 : 2,
});

async function paintedEditPage() {
  const { store } = await paintedStore([
    transactionsApi.util.upsertQueryData('transaction', ID, transaction('Lunch', 12_000)),
  ]);
  renderOn(
    store,
    <LocaleContext.Provider value={{ locale: 'en', setLocale: async () => undefined }}>
      <MemoryRouter initialEntries={[`/dashboard/transactions/edit/${ID}`]}>
        <Routes>
          <Route path="/dashboard/transactions/edit/:id" element={<EditTransactionPage />} />
        </Routes>
      </MemoryRouter>
    </LocaleContext.Provider>,
  );
  return store;
}

const noteField = () => screen.getByRole('textbox', { name: /Note/ }) as HTMLTextAreaElement;

describe('the edit page of a transaction, loaded painted from the device', () => {
  it('starts the form from the server’s values, not the painted copy', async () => {
    serveApi({
      [`/api/queries/transactions/${ID}`]: transaction('Lunch with Noy', 15_000),
      '/api/queries/preferences': DEFAULT_PREFERENCES_VIEW,
    });
    const store = await paintedEditPage();
    await waitFor(() => expect(noteField().value).toBe('Lunch with Noy'));
    expect(store.getState().network.refreshing).toEqual([]);
  });

  it('starts from the server’s split lines when the transaction was split elsewhere', async () => {
    serveApi({
      [`/api/queries/transactions/${ID}`]: {
        ...transaction('Lunch with Noy', 15_000),
        splits: [
          { categoryId: 'food', amount: 10_000, note: null },
          { categoryId: 'gifts', amount: 5_000, note: 'for Noy' },
        ],
      },
      '/api/queries/preferences': DEFAULT_PREFERENCES_VIEW,
    });
    await paintedEditPage();
    await waitFor(() => expect(screen.getByTestId('split-lines')).toBeTruthy());
    expect(screen.getByDisplayValue('for Noy')).toBeTruthy();
  });

  it('opens from the device copy when the server cannot be reached, marked offline', async () => {
    serveApi({}, { offline: true });
    const store = await paintedEditPage();
    // The page asks the server again as it mounts (refetch on mount), which settles the painted
    // entry as the start-up's refresh would; until then there is no form.
    expect(screen.queryByRole('textbox', { name: /Note/ })).toBeNull();
    // Offline: the form opens from the device copy, which the banner marks as such.
    await waitFor(() => expect(noteField().value).toBe('Lunch'));
    expect(store.getState().network.online).toBe(false);
  });
});
