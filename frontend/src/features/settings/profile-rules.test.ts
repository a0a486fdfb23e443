import { describe, expect, it } from 'vitest';
import {
  localCalendarDate,
  providerName,
  signInProviders,
  validateName,
  validatePasswordChange,
} from './profile-rules';

describe('name', () => {
  it('is required', () => {
    expect(validateName('')).toBe('error.name_required');
    expect(validateName('   ')).toBe('error.name_required');
    expect(validateName('Malee')).toBeNull();
  });
});

describe('password change', () => {
  it('requires every field', () => {
    expect(validatePasswordChange({ current: '', next: '', confirm: '' })).toEqual({
      current: 'account.password.required',
      next: 'account.password.required',
      confirm: 'account.password.required',
    });
  });

  it('needs at least 6 characters', () => {
    expect(validatePasswordChange({ current: 'old', next: '12345', confirm: '12345' })).toEqual({
      next: 'account.password.tooShort',
    });
    expect(validatePasswordChange({ current: 'old', next: '123456', confirm: '123456' })).toEqual({});
  });

  it('needs the confirmation to match', () => {
    expect(validatePasswordChange({ current: 'old', next: 'new-secret', confirm: 'new-secreT' })).toEqual({
      confirm: 'account.password.mismatch',
    });
  });
});

describe('sign-in providers', () => {
  it('lists each provider once', () => {
    expect(
      signInProviders([{ providerId: 'password' }, { providerId: 'google.com' }, { providerId: 'password' }]),
    ).toEqual(['password', 'google.com']);
  });

  it('names Firebase methods, known OpenID Connect providers and the ones an operator named', () => {
    const configured = [{ id: 'office', label: 'Office 365' }];
    expect(providerName('password', configured)).toEqual({ messageId: 'account.provider.password' });
    expect(providerName('google.com', configured)).toEqual({ messageId: 'account.provider.google' });
    expect(providerName('oidc.google', configured)).toEqual({ messageId: 'account.provider.google' });
    expect(providerName('oidc.microsoft', [])).toEqual({ messageId: 'account.provider.microsoft' });
    expect(providerName('oidc.office', configured)).toEqual({ text: 'Office 365' });
    expect(providerName('oidc.removed', configured)).toEqual({ text: 'removed' });
    expect(providerName('saml.corp', configured)).toEqual({ text: 'saml.corp' });
  });
});

describe('member since', () => {
  it('is the local calendar date of the creation time', () => {
    const instant = 'Mon, 23 Nov 2026 12:00:00 GMT';
    const date = new Date(instant);
    const expected = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    expect(localCalendarDate(instant)).toBe(expected);
    expect(localCalendarDate(undefined)).toBeNull();
    expect(localCalendarDate('not a date')).toBeNull();
  });
});
