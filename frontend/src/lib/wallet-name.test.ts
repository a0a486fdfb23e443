import { describe, expect, it } from 'vitest';
import en from '@plenty/locales/en.json';
import th from '@plenty/locales/th.json';
import lo from '@plenty/locales/lo.json';
import { createIntl } from 'react-intl';
import { defaultWalletId } from '@plenty/contracts/wallets';
import { walletName, walletNameById } from './wallet-name';

const intlOf = (locale: string, messages: Record<string, string>) => createIntl({ locale, messages });

describe('walletName', () => {
  it('is the name the user gave the wallet', () => {
    expect(walletName(intlOf('en', en), { name: 'BCEL One', currency: 'LAK' })).toBe('BCEL One');
  });

  it('names a default wallet not renamed as cash in its currency, in the reader’s language', () => {
    const wallet = { name: null, currency: 'LAK' as const };
    expect(walletName(intlOf('en', en), wallet)).toBe('Cash (LAK)');
    expect(walletName(intlOf('th', th), wallet)).toBe('เงินสด (LAK)');
    expect(walletName(intlOf('lo', lo), wallet)).toBe('ເງິນສົດ (LAK)');
  });

  it('treats a blank name like a missing one', () => {
    expect(walletName(intlOf('en', en), { name: '  ', currency: 'THB' })).toBe('Cash (THB)');
  });
});

describe('walletNameById', () => {
  const wallets = [{ id: 'w1', name: 'K PLUS', currency: 'THB' as const }];

  it('names a listed wallet, a default wallet not listed yet by its currency, and anything else as unknown', () => {
    const intl = intlOf('en', en);
    expect(walletNameById(intl, wallets, 'u1', 'w1')).toBe('K PLUS');
    expect(walletNameById(intl, wallets, 'u1', defaultWalletId('u1', 'USD'))).toBe('Cash (USD)');
    expect(walletNameById(intl, wallets, 'u2', defaultWalletId('u1', 'USD'))).toBe('Unknown wallet');
    expect(walletNameById(intlOf('lo', lo), wallets, 'u1', 'w9')).toBe('ກະເປົາເງິນທີ່ບໍ່ຮູ້ຈັກ');
  });
});
