import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, rulesFromPolicy } from '../../lib/auth/password-policy';
import {
  codeDigits,
  codeErrors,
  confirmErrors,
  emailErrors,
  firstInvalid,
  loginPasswordErrors,
  nameErrors,
  newPasswordErrors,
  termsErrors,
} from './validation';

describe('the sign-up and sign-in forms', () => {
  it('check the name, the email and the password as spec section 5 says', () => {
    expect(nameErrors(' ')).toEqual([{ id: 'error.name_required' }]);
    expect(emailErrors('')).toEqual([{ id: 'error.email_required' }]);
    expect(emailErrors('malee@')).toEqual([{ id: 'error.email_invalid' }]);
    expect(emailErrors(' malee@example.la ')).toEqual([]);
    expect(loginPasswordErrors('')).toEqual([{ id: 'auth.validation.passwordRequired' }]);
    expect(newPasswordErrors('', DEFAULT_RULES)).toEqual([{ id: 'auth.validation.passwordRequired' }]);
    expect(newPasswordErrors('12345', DEFAULT_RULES)).toEqual([
      { id: 'auth.validation.passwordTooShort', values: { min: 6 } },
    ]);
    expect(confirmErrors('secret1', 'secret2')).toEqual([{ id: 'auth.validation.passwordsMismatch' }]);
    expect(confirmErrors('secret1', 'secret1')).toEqual([]);
    expect(termsErrors(false)).toEqual([{ id: 'auth.validation.termsRequired' }]);
  });

  it('show every requirement of a stricter policy that the password misses', () => {
    const rules = rulesFromPolicy({
      minPasswordLength: 8,
      containsUppercaseLetter: true,
      containsNumericCharacter: true,
    });
    expect(newPasswordErrors('abc', rules).map((error) => error.id)).toEqual([
      'auth.validation.passwordTooShort',
      'auth.validation.passwordUppercase',
      'auth.validation.passwordNumber',
    ]);
  });

  it('focus the first field with an error', () => {
    expect(firstInvalid(['name', 'email', 'password'] as const, { password: [{ id: 'error.email_required' }] })).toBe(
      'password',
    );
    expect(firstInvalid(['name'] as const, { name: [] })).toBeNull();
  });

  it('take the 6 digits of a pasted code', () => {
    expect(codeDigits(' 123 456 ')).toBe('123456');
    expect(codeDigits('12-34-56-78')).toBe('123456');
    expect(codeErrors('12345')).toEqual([{ id: 'error.verification_code_invalid' }]);
    expect(codeErrors('123456')).toEqual([]);
  });
});
