import { describe, expect, it } from 'vitest';
import { codeDigits, codeErrors, emailErrors, loginPasswordErrors, nameErrors, termsErrors } from './validation';

describe('the sign-up and sign-in forms', () => {
  it('check the name, the email, the sign-in password and the terms as spec section 5 says', () => {
    expect(nameErrors(' ')).toEqual([{ id: 'error.name_required' }]);
    expect(emailErrors('')).toEqual([{ id: 'error.email_required' }]);
    expect(emailErrors('malee@')).toEqual([{ id: 'error.email_invalid' }]);
    expect(emailErrors(' malee@example.la ')).toEqual([]);
    expect(loginPasswordErrors('')).toEqual([{ id: 'auth.validation.passwordRequired' }]);
    expect(termsErrors(false)).toEqual([{ id: 'auth.validation.termsRequired' }]);
  });

  it('take the 6 digits of a pasted code', () => {
    expect(codeDigits(' 123 456 ')).toBe('123456');
    expect(codeDigits('12-34-56-78')).toBe('123456');
    expect(codeErrors('12345')).toEqual([{ id: 'error.verification_code_invalid' }]);
    expect(codeErrors('123456')).toEqual([]);
  });
});
