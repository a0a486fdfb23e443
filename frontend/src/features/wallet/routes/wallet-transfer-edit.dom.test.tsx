import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TransferView, WalletMovement } from '@plenty/contracts/views/wallets';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { sessionRestoring } from '../../../lib/auth/auth-slice';
import { saveAnswer } from '../../../lib/offline/answers';
import { PAINTED_AT, paintedStore, renderOn } from '../../../lib/testing/painted';
import { walletView } from '../../../lib/testing/wallets';
import { LocaleContext } from '../../../lib/use-locale';

// The "As of" panel's texts come from a build-time module; the day comes from the address here.
vi.mock('../../../ui/as-of/as-of', async () => ({
  ...(await import('../../../ui/as-of/as-of-param')),
  AsOfPanel: () => null,
}));

const { WalletDetailPage } = await import('./wallet-detail-page');

const BANK = walletView({ id: '0192f0c4-7a1b-7c3d-8e4f-0000000000b1', name: 'BCEL One', balance: 400_000 });
const CASH = walletView({ id: '0192f0c4-7a1b-7c3d-8e4f-0000000000b2', name: 'Cash box', balance: 100_000 });

const transfer = (id: string, note: string): TransferView => ({
  id,
  fromWalletId: BANK.id,
  toWalletId: CASH.id,
  amountOut: { amount: 100_000, currency: 'LAK' },
  amountIn: { amount: 100_000, currency: 'LAK' },
  date: '2026-11-20',
  time: null,
  note,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-27T08:00:00.000Z',
  revision: 2,
});

const movement = (transferId: string): WalletMovement => ({
  id: `transfer:${transferId}`,
  kind: 'transfer_out',
  date: '2026-11-20',
  time: null,
  amount: -100_000,
  balanceAfter: 400_000,
  transactionId: null,
  transferId,
  categoryId: null,
  counterpartWalletId: CASH.id,
  counterpartAmount: { amount: 100_000, currency: 'LAK' },
  debtId: null,
  paymentId: null,
  principal: null,
  interest: null,
  note: 'Old note',
});

/** The API by path; the transfer answers `note`, or fails as without a network when `offline`. */
function serve(transferId: string, { note, offline = false }: { note: string; offline?: boolean }) {
  vi.stubGlobal('fetch', async (input: Request) => {
    const path = new URL(input.url).pathname;
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (path === `/api/queries/transfers/${transferId}`) {
      if (offline) throw new TypeError('Failed to fetch');
      return json(transfer(transferId, note));
    }
    if (path === `/api/queries/wallets/${BANK.id}/movements`)
      return json({ items: [movement(transferId)], nextCursor: null });
    if (path === `/api/queries/wallets/${BANK.id}`) return json(BANK);
    if (path === '/api/queries/wallets')
      return json({
        asOf: '2026-11-27',
        displayCurrency: 'LAK',
        items: [BANK, CASH],
        total: 0,
        perCurrency: [],
        outOfRange: false,
      });
    return json({ error: { code: 'not_found', message: 'not here' } }, 404);
  });
}

/**
 * The wallet's page while a saved session is restored (answers painted from the device), with
 * the transfer's last answer on the device (note "Old note"); Edit pressed on the transfer.
 */
async function editTransferWhileRestoring(uid: string, transferId: string) {
  const { store } = await paintedStore([]);
  store.dispatch(sessionRestoring({ uid, email: 'a@example.com', displayName: null, emailVerified: true }));
  await saveAnswer(uid, {
    key: `queries/transfers/${transferId}`,
    data: transfer(transferId, 'Old note'),
    savedAt: PAINTED_AT,
    position: null,
  });
  renderOn(
    store,
    <LocaleContext.Provider value={{ locale: 'en', setLocale: async () => undefined }}>
      <MemoryRouter initialEntries={[`/dashboard/wallets/${BANK.id}`]}>
        <Routes>
          <Route path="/dashboard/wallets/:id" element={<WalletDetailPage />} />
        </Routes>
      </MemoryRouter>
    </LocaleContext.Provider>,
  );
  await userEvent.click(await screen.findByTestId('edit-transfer'));
  return store;
}

const noteOf = async () => {
  const dialog = screen.getByTestId('transfer-dialog') as HTMLDialogElement;
  await waitFor(() => expect(dialog.open).toBe(true));
  return (within(dialog).getByRole('textbox', { name: /Note/ }) as HTMLInputElement).value;
};

describe('editing a transfer on a wallet’s page while the session is restored', () => {
  it('starts from the server’s transfer, not the copy painted from the device', async () => {
    const transferId = '0192f0c4-7a1b-7c3d-8e4f-0000000000f1';
    serve(transferId, { note: 'New note' });
    await editTransferWhileRestoring('user-transfer-1', transferId);
    expect(await noteOf()).toBe('New note');
  });

  it('starts from the device copy when the server cannot be reached', async () => {
    const transferId = '0192f0c4-7a1b-7c3d-8e4f-0000000000f2';
    serve(transferId, { note: 'New note', offline: true });
    const store = await editTransferWhileRestoring('user-transfer-2', transferId);
    expect(await noteOf()).toBe('Old note');
    expect(store.getState().network.online).toBe(false);
  });
});
