import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, passwordProblems, requirementsOf, rulesFromPolicy } from './password-policy';

describe('the password policy', () => {
  it('asks for at least 6 characters when the policy cannot be fetched', () => {
    expect(passwordProblems('', DEFAULT_RULES)).toEqual(['required']);
    expect(passwordProblems('12345', DEFAULT_RULES)).toEqual(['tooShort']);
    expect(passwordProblems('123456', DEFAULT_RULES)).toEqual([]);
    expect(requirementsOf(DEFAULT_RULES)).toEqual(['tooShort']);
  });

  it('counts characters, not UTF-16 units, so Thai and Lao passwords measure as typed', () => {
    expect(passwordProblems('ລະຫັດຜ່ານ', DEFAULT_RULES)).toEqual([]);
    expect(passwordProblems('😀😀😀', DEFAULT_RULES)).toEqual(['tooShort']);
  });

  it('lists every requirement the password misses', () => {
    const rules = rulesFromPolicy({
      minPasswordLength: 8,
      maxPasswordLength: 12,
      containsLowercaseLetter: true,
      containsUppercaseLetter: true,
      containsNumericCharacter: true,
      containsNonAlphanumericCharacter: true,
    });
    expect(passwordProblems('abc', rules)).toEqual(['tooShort', 'uppercase', 'numeric', 'symbol']);
    expect(passwordProblems('ABCDEFGHIJKLMN', rules)).toEqual(['tooLong', 'lowercase', 'numeric', 'symbol']);
    expect(passwordProblems('Abcdef1!', rules)).toEqual([]);
    expect(requirementsOf(rules)).toEqual(['tooShort', 'tooLong', 'lowercase', 'uppercase', 'numeric', 'symbol']);
  });

  it('treats options the policy leaves out as not required, with 6 as the minimum length', () => {
    expect(rulesFromPolicy({})).toEqual(DEFAULT_RULES);
  });
});
