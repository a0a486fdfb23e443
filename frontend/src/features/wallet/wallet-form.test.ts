import { describe, expect, it } from 'vitest';
import type { WalletView } from '@plenty/contracts/views/wallets';
import { walletView } from '../../lib/testing/wallets';
import { checkReconcile } from './reconcile';
import { emptyTransferDraft, transferChanges, validateTransfer } from './transfer-form';
import {
  emptyWalletDraft,
  parseSignedAmount,
  signedAmountInput,
  validateWallet,
  walletChanges,
  walletDraft,
} from './wallet-form';

const wallet = (overrides: Partial<WalletView> = {}): WalletView =>
  walletView({
    id: 'w1',
    name: 'K PLUS',
    currency: 'THB',
    icon: 'bank',
    openingBalance: 150_000,
    openingDate: '2026-11-01',
    balance: 150_000,
    ...overrides,
  });

describe('signed amounts of a balance', () => {
  it('reads a balance below zero in every language, in minor units', () => {
    expect(parseSignedAmount('-1,234.50', 'THB', 'en')).toEqual({ ok: true, amount: -123_450 });
    expect(parseSignedAmount('−1.234,5', 'THB', 'lo')).toEqual({ ok: true, amount: -123_450 });
    expect(parseSignedAmount('๑๒๓', 'LAK', 'th')).toEqual({ ok: true, amount: 123 });
    expect(parseSignedAmount('0', 'LAK', 'en')).toEqual({ ok: true, amount: 0 });
    expect(parseSignedAmount('-', 'LAK', 'en')).toEqual({ ok: false, error: 'amount_required' });
    expect(parseSignedAmount('1.5', 'LAK', 'en')).toEqual({ ok: false, error: 'amount_too_precise' });
  });

  it('shows a balance for editing with its sign', () => {
    expect(signedAmountInput(-123_450, 'THB', 'lo')).toBe('-1234,50');
    expect(signedAmountInput(5000, 'LAK', 'en')).toBe('5000');
  });
});

describe('the wallet form', () => {
  const complete = { ...emptyWalletDraft('THB', '2026-11-20'), name: 'Savings', icon: 'coins', color: '#16A34A' };

  it('sends what was typed, the opening balance signed and the colour in lower case', () => {
    const { value } = validateWallet({ ...complete, openingBalance: '-20.5' }, [], 'en');
    expect(value).toMatchObject({ name: 'Savings', openingBalance: -2050, color: '#16a34a', currency: 'THB' });
  });

  it('says which fields are wrong, as the server would', () => {
    const { errors, value } = validateWallet(
      { ...complete, name: ' k plus ', openingBalance: 'abc', openingDate: '2026-13-01', icon: null },
      [wallet()],
      'en',
    );
    expect(value).toBeNull();
    expect(errors).toEqual({
      name: 'error.wallet_name_taken',
      openingBalance: 'error.amount_invalid',
      openingDate: 'error.date_invalid',
      icon: 'error.icon_required',
    });
  });

  it('lets an archived wallet’s name be used again, and a wallet keep its own', () => {
    expect(validateWallet({ ...complete, name: 'K PLUS' }, [wallet({ archived: true })], 'en').errors).toEqual({});
    expect(validateWallet({ ...complete, name: 'K PLUS' }, [wallet()], 'en', 'w1').errors).toEqual({});
  });

  it('edits only what changed, leaving a default wallet’s shown name and unset opening day alone', () => {
    const cash = wallet({
      name: null,
      nameKey: 'wallet.default',
      isDefault: true,
      openingDate: null,
      openingBalance: 0,
    });
    const draft = walletDraft(cash, 'Cash (THB)', '2026-11-20', 'en');
    const { value } = validateWallet(draft, [], 'en', cash.id);
    expect(value).not.toBeNull();
    if (value === null) return;
    const shown = { name: 'Cash (THB)', openingDate: '2026-11-20' };
    expect(walletChanges(cash, shown, value)).toEqual({});
    expect(walletChanges(cash, shown, { ...value, name: 'Pocket' })).toEqual({ name: 'Pocket' });
    expect(walletChanges(cash, shown, { ...value, openingBalance: 5000 })).toEqual({
      openingBalance: 5000,
      openingDate: '2026-11-20',
    });
    expect(walletChanges(cash, shown, { ...value, openingDate: '2026-11-01' })).toEqual({ openingDate: '2026-11-01' });
  });
});

describe('the transfer form', () => {
  const wallets = [
    { id: 'thb', currency: 'THB' as const },
    { id: 'thb2', currency: 'THB' as const },
    { id: 'lak', currency: 'LAK' as const },
  ];

  it('takes what left as what arrived within one currency', () => {
    const { value } = validateTransfer(
      { ...emptyTransferDraft('thb', 'thb2', '2026-11-20'), amountOut: '100' },
      wallets,
      'en',
    );
    expect(value?.amountIn).toEqual({ amount: 10_000, currency: 'THB' });
    expect(value?.time).toBeNull();
  });

  it('needs the amount received, in the other currency, across currencies', () => {
    const draft = { ...emptyTransferDraft('thb', 'lak', '2026-11-20'), amountOut: '100' };
    expect(validateTransfer(draft, wallets, 'en').errors).toEqual({ amountIn: 'error.amount_required' });
    const { value } = validateTransfer({ ...draft, amountIn: '61.050', time: '09:30' }, wallets, 'lo');
    expect(value).toMatchObject({
      amountOut: { amount: 10_000, currency: 'THB' },
      amountIn: { amount: 61_050, currency: 'LAK' },
    });
  });

  it('refuses the same wallet twice and a missing wallet', () => {
    expect(
      validateTransfer({ ...emptyTransferDraft('thb', 'thb', '2026-11-20'), amountOut: '1' }, wallets, 'en').errors,
    ).toEqual({
      toWalletId: 'error.transfer_same_wallet',
    });
    expect(validateTransfer(emptyTransferDraft('', 'lak', '2026-11-20'), wallets, 'en').errors).toMatchObject({
      fromWalletId: 'transfer.validation.fromRequired',
    });
  });

  it('edits only what changed, clearing a removed note', () => {
    const transfer = {
      id: 't1',
      fromWalletId: 'thb',
      toWalletId: 'lak',
      amountOut: { amount: 10_000, currency: 'THB' as const },
      amountIn: { amount: 61_050, currency: 'LAK' as const },
      date: '2026-11-20',
      time: null,
      note: 'exchange',
      createdAt: '2026-11-20T00:00:00.000Z',
      updatedAt: '2026-11-20T00:00:00.000Z',
      revision: 0,
    };
    expect(
      transferChanges(transfer, {
        fromWalletId: 'thb',
        toWalletId: 'lak',
        amountOut: transfer.amountOut,
        amountIn: { amount: 61_000, currency: 'LAK' },
        date: '2026-11-20',
        time: null,
        note: null,
      }),
    ).toEqual({ amountIn: { amount: 61_000, currency: 'LAK' }, note: null });
  });
});

describe('reconciling', () => {
  it('records the difference between what the bank shows and what Plenty showed', () => {
    expect(checkReconcile('1,450.00', 150_000, 'THB', 'en')).toEqual({ ok: true, balance: 145_000, adjustment: -5000 });
    expect(checkReconcile('-10', 0, 'LAK', 'en')).toEqual({ ok: true, balance: -10, adjustment: -10 });
    expect(checkReconcile('1500', 150_000, 'THB', 'en')).toEqual({ ok: true, balance: 150_000, adjustment: 0 });
    expect(checkReconcile('', 0, 'THB', 'en')).toEqual({ ok: false, error: 'error.amount_required' });
  });
});
