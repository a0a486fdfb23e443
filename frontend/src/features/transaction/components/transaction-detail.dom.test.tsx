import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TransactionView } from '@plenty/contracts/views/transactions';
import { DEFAULT_PREFERENCES_VIEW } from '@plenty/contracts/preferences';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paintedStore, refreshPainted, renderOn, serveApi } from '../../../lib/testing/painted';
import { LocaleContext } from '../../../lib/use-locale';
import { transactionsApi } from '../api';
import { TransactionDetail } from './transaction-detail';

const ID = '0192f0c4-7a1b-7c3d-8e4f-0000000000c7';

const transaction = (note: string): TransactionView => ({
  id: ID,
  type: 'expense',
  amount: { amount: 45_000, currency: 'THB' },
  categoryId: 'builtin-housing',
  date: '2026-11-01',
  time: null,
  note,
  receipt: null,
  location: null,
  walletId: 'w1',
  splits: null,
  tags: [],
  recurrence: null,
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-27T08:00:00.000Z',
  revision: 2,
});

async function repeatPaintedTransaction() {
  const { store } = await paintedStore([transactionsApi.util.upsertQueryData('transaction', ID, transaction('Rent'))]);
  renderOn(
    store,
    <LocaleContext.Provider value={{ locale: 'en', setLocale: async () => undefined }}>
      <MemoryRouter>
        <TransactionDetail id={ID} onClose={() => undefined} />
      </MemoryRouter>
    </LocaleContext.Provider>,
  );
  await userEvent.click(await screen.findByTestId('repeat-transaction'));
  return store;
}

const ruleDialogOpen = () => (screen.getByTestId('rule-dialog') as HTMLDialogElement).open;
const note = () => (screen.getByTestId('rule-note') as HTMLInputElement).value;

describe('repeating a transaction shown from the device copy painted at start-up', () => {
  it('starts the new rule from the server’s values', async () => {
    serveApi({
      [`/api/queries/transactions/${ID}`]: transaction('Rent for the flat'),
      '/api/queries/preferences': DEFAULT_PREFERENCES_VIEW,
    });
    const store = await repeatPaintedTransaction();
    expect(ruleDialogOpen()).toBe(false);

    act(() => refreshPainted(store));
    await waitFor(() => expect(ruleDialogOpen()).toBe(true));
    expect(note()).toBe('Rent for the flat');
  });

  it('starts from the device copy when the server cannot be reached', async () => {
    serveApi({}, { offline: true });
    const store = await repeatPaintedTransaction();
    act(() => refreshPainted(store));
    await waitFor(() => expect(ruleDialogOpen()).toBe(true));
    expect(note()).toBe('Rent');
    expect(store.getState().network.online).toBe(false);
  });
});
