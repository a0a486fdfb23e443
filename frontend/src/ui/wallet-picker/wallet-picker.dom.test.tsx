import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultWalletId } from '@plenty/contracts/wallets';
import type { WalletView } from '@plenty/contracts/views/wallets';
import { sessionChanged } from '../../lib/auth/auth-slice';
import { fakeApi, renderWithApp } from '../../lib/testing/render-app';
import { walletView } from '../../lib/testing/wallets';
import { lastUsedWallet, preferredWallet, rememberWallet, walletChoices } from './choices';
import { useWalletChoices, WalletPicker } from './wallet-picker';

const USER = 'user-1';
const stamp = '2026-11-01T00:00:00.000Z';

function wallet(id: string, name: string | null, currency: 'LAK' | 'THB', extra: Partial<WalletView> = {}): WalletView {
  return walletView({
    id,
    name,
    nameKey: name === null ? 'wallet.default' : null,
    isDefault: name === null,
    currency,
    color: '#64748b',
    createdAt: stamp,
    updatedAt: stamp,
    ...extra,
  });
}

const bcel = wallet('0192f0c4-7a1b-7c3d-8e4f-0000000000b1', 'BCEL One', 'LAK');
const kplus = wallet('0192f0c4-7a1b-7c3d-8e4f-0000000000b2', 'K PLUS', 'THB');
const oldCard = wallet('0192f0c4-7a1b-7c3d-8e4f-0000000000b3', 'Old card', 'LAK', { archived: true });

describe('walletChoices', () => {
  it('offers the unarchived wallets of the currency and its default wallet when the list has none yet', () => {
    const choices = walletChoices([bcel, kplus, oldCard], 'LAK', USER);
    expect(choices.map((w) => w.id)).toEqual([bcel.id, defaultWalletId(USER, 'LAK')]);
  });

  it('does not offer the default wallet twice once it has a document, nor when it is archived', () => {
    const listed = wallet(defaultWalletId(USER, 'THB'), null, 'THB');
    expect(walletChoices([kplus, listed], 'THB', USER).map((w) => w.id)).toEqual([kplus.id, listed.id]);
    const archived = { ...listed, archived: true };
    expect(walletChoices([kplus, archived], 'THB', USER).map((w) => w.id)).toEqual([kplus.id]);
  });

  it('keeps the archived wallet an edited entry already names', () => {
    expect(walletChoices([bcel, oldCard], 'LAK', USER, oldCard.id).map((w) => w.id)).toContain(oldCard.id);
  });
});

describe('preferredWallet and the last used wallet', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => window.localStorage.clear());

  it('starts with the last used wallet, else the default one of the currency', () => {
    const choices = walletChoices([bcel], 'LAK', USER);
    expect(preferredWallet(choices, 'LAK', USER, null)).toBe(defaultWalletId(USER, 'LAK'));
    expect(preferredWallet(choices, 'LAK', USER, bcel.id)).toBe(bcel.id);
    expect(preferredWallet(choices, 'LAK', USER, oldCard.id)).toBe(defaultWalletId(USER, 'LAK'));
  });

  it('remembers the wallet per user, form and currency', () => {
    rememberWallet(USER, 'transaction', 'LAK', bcel.id);
    rememberWallet(USER, 'debt', 'LAK', null);
    expect(lastUsedWallet(USER, 'transaction', 'LAK')).toBe(bcel.id);
    expect(lastUsedWallet(USER, 'transaction', 'THB')).toBeNull();
    expect(lastUsedWallet('user-2', 'transaction', 'LAK')).toBeNull();
    expect(lastUsedWallet(USER, 'debt', 'LAK')).toBe('');
  });
});

/** A labelled wallet field for an amount in `currency`, as a form uses it. */
function PaidFrom({ currency, none }: { currency: 'LAK' | 'THB'; none?: boolean }) {
  const { choices } = useWalletChoices(currency);
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <label htmlFor="wallet">Wallet</label>
      <WalletPicker
        id="wallet"
        name="walletId"
        aria-invalid={false}
        aria-describedby={undefined}
        choices={choices}
        value={value}
        onChange={setValue}
        {...(none === true ? { noneLabel: 'wallet.kind.other' as const } : {})}
      />
      <output>{value ?? 'none'}</output>
    </>
  );
}

const list = {
  asOf: '2026-11-27',
  displayCurrency: 'LAK',
  items: [bcel, kplus, oldCard],
  total: 0,
  perCurrency: [],
  outOfRange: false,
};

describe('WalletPicker', () => {
  it('lists the wallets of the amount’s currency by name, with the default cash wallet, and sends the chosen id', async () => {
    const api = fakeApi([{ status: 200, body: list }]);
    const user = userEvent.setup();
    const { store } = renderWithApp(<PaidFrom currency="LAK" />);
    store.dispatch(sessionChanged({ uid: USER, email: 'a@example.com', displayName: null, emailVerified: true }));
    const select = screen.getByRole('combobox', { name: 'Wallet' });
    await waitFor(() => expect(screen.getByRole('option', { name: 'BCEL One' })).toBeDefined());
    expect(api.sent[0]?.url).toBe('/api/queries/wallets');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['BCEL One', 'Cash (LAK)']);
    await user.selectOptions(select, 'Cash (LAK)');
    expect(document.querySelector('output')?.textContent).toBe(defaultWalletId(USER, 'LAK'));
  });

  it('offers "no wallet" first when the field is optional', async () => {
    fakeApi([{ status: 200, body: list }]);
    const { store } = renderWithApp(<PaidFrom currency="THB" none />);
    store.dispatch(sessionChanged({ uid: USER, email: 'a@example.com', displayName: null, emailVerified: true }));
    await waitFor(() => expect(screen.getByRole('option', { name: 'K PLUS' })).toBeDefined());
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Other', 'K PLUS', 'Cash (THB)']);
    expect(document.querySelector('output')?.textContent).toBe('none');
  });
});
