import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, rulesFromPolicy } from './password-policy';
import { confirmErrors, newPasswordErrors } from './password-messages';

describe('a new password', () => {
  it('is checked against the policy with the sentences of spec section 5', () => {
    expect(newPasswordErrors('', DEFAULT_RULES)).toEqual([{ id: 'auth.validation.passwordRequired' }]);
    expect(newPasswordErrors('12345', DEFAULT_RULES)).toEqual([
      { id: 'auth.validation.passwordTooShort', values: { min: 6 } },
    ]);
    expect(newPasswordErrors('123456', DEFAULT_RULES)).toEqual([]);
    expect(confirmErrors('secret1', 'secret2')).toEqual([{ id: 'auth.validation.passwordsMismatch' }]);
    expect(confirmErrors('secret1', 'secret1')).toEqual([]);
  });

  it('names every requirement of a stricter policy that it misses', () => {
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
});
