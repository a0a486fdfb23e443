import type { FieldError } from '../field-error';
import { passwordProblems, type PasswordProblem, type PasswordRules } from './password-policy';

/** What a password misses, as the sentence shown at its field (sign-up, reset, Settings › Account). */
export function problemMessage(problem: PasswordProblem, rules: PasswordRules): FieldError {
  switch (problem) {
    case 'required':
      return { id: 'auth.validation.passwordRequired' };
    case 'tooShort':
      return { id: 'auth.validation.passwordTooShort', values: { min: rules.minLength } };
    case 'tooLong':
      return { id: 'auth.validation.passwordTooLong', values: { max: rules.maxLength ?? 0 } };
    case 'lowercase':
      return { id: 'auth.validation.passwordLowercase' };
    case 'uppercase':
      return { id: 'auth.validation.passwordUppercase' };
    case 'numeric':
      return { id: 'auth.validation.passwordNumber' };
    case 'symbol':
      return { id: 'auth.validation.passwordSymbol' };
  }
}

/** Each requirement of the policy the new password misses. */
export function newPasswordErrors(password: string, rules: PasswordRules): FieldError[] {
  return passwordProblems(password, rules).map((problem) => problemMessage(problem, rules));
}

export function confirmErrors(password: string, confirmation: string): FieldError[] {
  return confirmation === password ? [] : [{ id: 'auth.validation.passwordsMismatch' }];
}
