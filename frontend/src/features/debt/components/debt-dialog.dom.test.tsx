import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionChanged } from '../../../lib/auth/auth-slice';
import { english, fakeApi, renderWithApp } from '../../../lib/testing/render-app';
import { walletView } from '../../../lib/testing/wallets';
import { LocaleContext } from '../../../lib/use-locale';
import { rememberWallet } from '../../../ui/wallet-picker/choices';
import { emptyDraft, type DebtDraft, type ValidDebt } from '../form';
import { DebtDialog } from './debt-dialog';

const USER = 'user-1';
const bank = walletView({ id: '0192f0c4-7a1b-7c3d-8e4f-0000000000b1', name: 'BCEL One', archived: true });
const cash = walletView({ id: '0192f0c4-7a1b-7c3d-8e4f-0000000000b2', name: 'Cash box' });
const baht = walletView({ id: '0192f0c4-7a1b-7c3d-8e4f-0000000000b3', name: 'K PLUS', currency: 'THB' });

/** A car loan in kip whose borrowed money went into BCEL One (archived since). */
const carLoan: DebtDraft = {
  ...emptyDraft('LAK', '2026-11-20'),
  name: 'Car loan',
  initialAmount: '1,200,000',
  rate: '4.5',
  termMonths: '12',
  walletId: bank.id,
};

async function editing(initial: DebtDraft) {
  fakeApi([
    {
      status: 200,
      body: {
        asOf: '2026-11-20',
        displayCurrency: 'LAK',
        items: [bank, cash, baht],
        total: 0,
        perCurrency: [],
        outOfRange: false,
      },
    },
  ]);
  const saved: ValidDebt[] = [];
  const { store } = renderWithApp(
    <LocaleContext.Provider value={{ locale: 'en', setLocale: async () => undefined }}>
      <DebtDialog
        open
        mode="edit"
        initial={initial}
        onSubmit={async (value) => {
          saved.push(value);
        }}
        onClose={() => undefined}
      />
    </LocaleContext.Provider>,
  );
  store.dispatch(sessionChanged({ uid: USER, email: 'a@example.com', displayName: null, emailVerified: true }));
  await waitFor(() => expect(screen.getByRole('option', { name: 'Cash box' })).toBeDefined());
  const select = screen.getByRole('combobox', { name: /Money received into/ }) as HTMLSelectElement;
  return { select, saved };
}

describe('editing where a debt’s borrowed money went', () => {
  afterEach(() => {
    window.localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('starts from the debt’s wallet, archived or not, says what a change does, and saves another wallet', async () => {
    const { select, saved } = await editing(carLoan);
    expect(select.value).toBe(bank.id);
    expect(screen.queryByRole('option', { name: 'K PLUS' })).toBeNull();
    expect(document.getElementById(select.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      english('debts.wallet.receivedEditHint'),
    );
    const user = userEvent.setup();
    await user.selectOptions(select, cash.id);
    await user.click(screen.getByRole('button', { name: english('debts.dialog.save') }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.walletId).toBe(cash.id);
  });

  it('saves no wallet when “No wallet” is chosen, and never starts from the wallet used last', async () => {
    rememberWallet(USER, 'debt', 'LAK', cash.id);
    const { select, saved } = await editing(carLoan);
    expect(select.value).toBe(bank.id);
    const user = userEvent.setup();
    await user.selectOptions(select, screen.getByRole('option', { name: english('debts.wallet.none') }));
    await user.click(screen.getByRole('button', { name: english('debts.dialog.save') }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.walletId).toBeNull();
  });
});
