import { describe, expect, it } from 'vitest';
import { rulesFromPolicy } from '../../lib/auth/password-policy';
import { newPasswordErrors } from '../../lib/auth/password-messages';
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
  const registration = rulesFromPolicy({ minPasswordLength: 6, maxPasswordLength: 128 });

  it('requires every field', () => {
    expect(validatePasswordChange({ current: '', next: '', confirm: '' }, registration)).toEqual({
      current: { id: 'auth.validation.passwordRequired' },
      next: { id: 'auth.validation.passwordRequired' },
      confirm: { id: 'auth.validation.passwordRequired' },
    });
  });

  it('follows the registration policy, with the same sentences as the register form', () => {
    for (const next of ['12345', 'k'.repeat(129), '123456', 'k'.repeat(128), 'ກີບ-ບາດ']) {
      const errors = validatePasswordChange({ current: 'old', next, confirm: next }, registration);
      expect(errors.next === undefined ? [] : [errors.next]).toEqual(newPasswordErrors(next, registration));
    }
    expect(validatePasswordChange({ current: 'old', next: '12345', confirm: '12345' }, registration)).toEqual({
      next: { id: 'auth.validation.passwordTooShort', values: { min: 6 } },
    });
    expect(
      validatePasswordChange({ current: 'old', next: 'k'.repeat(129), confirm: 'k'.repeat(129) }, registration),
    ).toEqual({ next: { id: 'auth.validation.passwordTooLong', values: { max: 128 } } });
  });

  it('applies a stricter policy of the identity service, as registration does', () => {
    const strict = rulesFromPolicy({ minPasswordLength: 8, containsNumericCharacter: true });
    expect(validatePasswordChange({ current: 'old', next: 'abcdefgh', confirm: 'abcdefgh' }, strict)).toEqual({
      next: { id: 'auth.validation.passwordNumber' },
    });
    expect(validatePasswordChange({ current: 'old', next: 'abcdefg1', confirm: 'abcdefg1' }, strict)).toEqual({});
  });

  it('needs the confirmation to match', () => {
    expect(validatePasswordChange({ current: 'old', next: 'new-secret', confirm: 'new-secreT' }, registration)).toEqual(
      { confirm: { id: 'auth.validation.passwordsMismatch' } },
    );
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
