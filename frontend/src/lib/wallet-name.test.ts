import { describe, expect, it } from 'vitest';
import en from '@plenty/locales/en.json';
import th from '@plenty/locales/th.json';
import lo from '@plenty/locales/lo.json';
import { createIntl } from 'react-intl';
import { walletName } from './wallet-name';

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
