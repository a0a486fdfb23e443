import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WalletMovement } from '@plenty/contracts/views/wallets';
import { sessionChanged } from '../../../lib/auth/auth-slice';
import { english, renderWithApp } from '../../../lib/testing/render-app';
import { paintedStore, refreshPainted, renderOn } from '../../../lib/testing/painted';
import { walletView } from '../../../lib/testing/wallets';
import { LocaleContext } from '../../../lib/use-locale';

// The "As of" panel's texts come from a build-time module; the day comes from the address here.
vi.mock('../../../ui/as-of/as-of', async () => ({
  ...(await import('../../../ui/as-of/as-of-param')),
  AsOfPanel: () => null,
}));

const { WalletDetailPage } = await import('./wallet-detail-page');
const { walletPageApi } = await import('../api');

const BANK = walletView({ id: '0192f0c4-7a1b-7c3d-8e4f-0000000000b1', name: 'BCEL One', balance: 523_000 });

const row = (id: string, date: string, amount: number, balanceAfter: number): WalletMovement => ({
  id,
  kind: amount < 0 ? 'expense' : 'income',
  date,
  time: null,
  amount,
  balanceAfter,
  transactionId: null,
  transferId: null,
  categoryId: null,
  counterpartWalletId: null,
  counterpartAmount: null,
  debtId: null,
  paymentId: null,
  principal: null,
  interest: null,
  note: null,
});

/** The API as the page reads it: each URL asked for (path and query), answered by its path. */
function fakeQueries(pages: readonly { items: WalletMovement[]; nextCursor: string | null }[]) {
  const asked: URL[] = [];
  const movementPages = [...pages];
  vi.stubGlobal('fetch', async (input: Request) => {
    const url = new URL(input.url);
    asked.push(url);
    const path = url.pathname;
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (path === `/api/queries/wallets/${BANK.id}/movements`) return json(movementPages.shift() ?? pages.at(-1));
    if (path === `/api/queries/wallets/${BANK.id}`) return json(BANK);
    if (path === '/api/queries/wallets') {
      return json({
        asOf: '2026-09-30',
        displayCurrency: 'LAK',
        items: [BANK],
        total: 0,
        perCurrency: [],
        outOfRange: false,
      });
    }
    if (path === '/api/queries/debts') {
      return json({
        summary: {
          currency: 'LAK',
          totalOutstanding: 0,
          perCurrency: [],
          activeCount: 0,
          paidOffCount: 0,
          outOfRange: false,
        },
        items: [],
      });
    }
    if (path === '/api/queries/categories') return json([]);
    return json({ error: { code: 'not_found', message: 'not here' } }, 404);
  });
  return { movementUrls: () => asked.filter((url) => url.pathname.endsWith('/movements')) };
}

function showPage(address: string) {
  const { store } = renderWithApp(
    <LocaleContext.Provider value={{ locale: 'en', setLocale: async () => undefined }}>
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route path="/dashboard/wallets/:id" element={<WalletDetailPage />} />
        </Routes>
      </MemoryRouter>
    </LocaleContext.Provider>,
  );
  store.dispatch(sessionChanged({ uid: 'user-1', email: 'a@example.com', displayName: null, emailVerified: true }));
}

describe('a wallet’s movements as of a day', () => {
  afterEach(() => window.localStorage.clear());

  it('asks for the list ending on the chosen day, and for the next page with its cursor and the same day', async () => {
    const api = fakeQueries([
      {
        items: [row('tx:c', '2026-09-30', -4_000, 523_000), row('tx:d', '2026-09-30', -1_000, 527_000)],
        nextCursor: 'next',
      },
      { items: [row('tx:b', '2026-09-12', 30_000, 528_000)], nextCursor: null },
    ]);
    showPage(`/dashboard/wallets/${BANK.id}?asOf=2026-09-30`);
    const list = await screen.findByTestId('wallet-movements');
    expect(within(list).getAllByTestId('wallet-movement')).toHaveLength(2);
    expect(within(list).getAllByText(/^Balance /)[0]?.textContent).toMatch(/523,000/);
    expect(api.movementUrls()[0]?.searchParams.get('asOf')).toBe('2026-09-30');
    expect(api.movementUrls()[0]?.searchParams.has('cursor')).toBe(false);

    await userEvent.setup().click(screen.getByRole('button', { name: english('wallet.detail.showMore') }));
    await waitFor(() => expect(within(list).getAllByTestId('wallet-movement')).toHaveLength(3));
    const next = api.movementUrls()[1];
    expect(next?.searchParams.get('cursor')).toBe('next');
    expect(next?.searchParams.get('asOf')).toBe('2026-09-30');
  });

  it('lists every movement without a day', async () => {
    const api = fakeQueries([{ items: [row('tx:g', '2026-12-24', -50_000, 534_000)], nextCursor: null }]);
    showPage(`/dashboard/wallets/${BANK.id}`);
    await screen.findByTestId('wallet-movements');
    expect(api.movementUrls()[0]?.search).toBe('');
  });
});

describe('editing a wallet on its page, loaded painted from the device', () => {
  /** The page painted with the wallet as the device saved it, then Edit (or Reconcile) pressed. */
  async function paintedPage(press: 'edit-wallet' | 'reconcile-wallet') {
    const { store } = await paintedStore([
      walletPageApi.util.upsertQueryData(
        'walletById',
        { id: BANK.id, asOf: null },
        { ...BANK, name: 'Old BCEL', balance: 500_000 },
      ),
    ]);
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
    await userEvent.click(await screen.findByTestId(press));
    return store;
  }
  const dialogOpen = (testId: string) => (screen.getByTestId(testId) as HTMLDialogElement).open;
  const nameField = () => within(screen.getByTestId('wallet-dialog')).getByRole('textbox', { name: /Name/ });

  it('starts the wallet’s form from the server’s values, not the painted copy', async () => {
    fakeQueries([{ items: [], nextCursor: null }]);
    const store = await paintedPage('edit-wallet');
    expect(dialogOpen('wallet-dialog')).toBe(false);

    act(() => refreshPainted(store));
    await waitFor(() => expect(dialogOpen('wallet-dialog')).toBe(true));
    expect(nameField()).toHaveProperty('value', 'BCEL One');
  });

  it('reconciles against the server’s balance, not the painted one', async () => {
    fakeQueries([{ items: [], nextCursor: null }]);
    const store = await paintedPage('reconcile-wallet');
    expect(dialogOpen('reconcile-dialog')).toBe(false);

    act(() => refreshPainted(store));
    await waitFor(() => expect(dialogOpen('reconcile-dialog')).toBe(true));
    expect(screen.getByTestId('reconcile-expected').textContent).toMatch(/523,000/);
  });

  it('opens the form from the device copy when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const store = await paintedPage('edit-wallet');
    act(() => refreshPainted(store));
    await waitFor(() => expect(dialogOpen('wallet-dialog')).toBe(true));
    expect(nameField()).toHaveProperty('value', 'Old BCEL');
    expect(store.getState().network.online).toBe(false);
  });
});
