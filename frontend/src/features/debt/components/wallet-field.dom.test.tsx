import { screen, waitFor } from '@testing-library/react';
import { useState, type ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionChanged } from '../../../lib/auth/auth-slice';
import { english, fakeApi, renderWithApp } from '../../../lib/testing/render-app';
import { walletView } from '../../../lib/testing/wallets';
import { rememberWallet } from '../../../ui/wallet-picker/choices';
import { DebtWalletField } from './wallet-field';

const USER = 'user-1';
const bank = walletView({ id: '0192f0c4-7a1b-7c3d-8e4f-0000000000b1', name: 'BCEL One' });
const list = {
  asOf: '2026-11-27',
  displayCurrency: 'LAK',
  items: [bank],
  total: 0,
  perCurrency: [],
  outOfRange: false,
};

function PaidFrom({ currency = 'LAK' as 'LAK' | 'THB', startWithLastUsed = true }) {
  const [value, setValue] = useState('');
  return (
    <>
      <DebtWalletField
        id="paid-from"
        label="debts.wallet.paidFrom"
        hint="debts.wallet.paidHint"
        currency={currency}
        value={value}
        onChange={setValue}
        startWithLastUsed={startWithLastUsed}
      />
      <output>{value === '' ? 'none' : value}</output>
    </>
  );
}

async function shown(ui: ReactElement) {
  fakeApi([{ status: 200, body: list }]);
  const { store } = renderWithApp(ui);
  store.dispatch(sessionChanged({ uid: USER, email: 'a@example.com', displayName: null, emailVerified: true }));
  await waitFor(() => expect(screen.getByRole('option', { name: 'BCEL One' })).toBeDefined());
  return screen.getByRole('combobox', { name: /Paid from/ });
}

describe('the wallet of a debt payment', () => {
  afterEach(() => window.localStorage.clear());

  it('is none by default, labelled and explained', async () => {
    const select = await shown(<PaidFrom />);
    expect((select as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(english('debts.wallet.none'));
    expect(select.getAttribute('aria-describedby')).toBe('paid-from-hint');
    expect(document.getElementById('paid-from-hint')?.textContent).toBe(english('debts.wallet.paidHint'));
    expect(document.querySelector('output')?.textContent).toBe('none');
  });

  it('starts from the wallet used last for debts in the currency', async () => {
    rememberWallet(USER, 'debt', 'LAK', bank.id);
    await shown(<PaidFrom />);
    await waitFor(() => expect(document.querySelector('output')?.textContent).toBe(bank.id));
  });

  it('keeps none when asked not to start from the last one (an edited payment)', async () => {
    rememberWallet(USER, 'debt', 'LAK', bank.id);
    await shown(<PaidFrom startWithLastUsed={false} />);
    expect(document.querySelector('output')?.textContent).toBe('none');
  });
});
