import type { FieldError } from '../../lib/field-error';

// The same check the server's contracts apply: something@something.something, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailErrors(email: string): FieldError[] {
  const value = email.trim();
  if (value === '') return [{ id: 'error.email_required' }];
  return EMAIL.test(value) && value.length <= 254 ? [] : [{ id: 'error.email_invalid' }];
}

export function nameErrors(name: string): FieldError[] {
  return name.trim() === '' ? [{ id: 'error.name_required' }] : [];
}

/** Signing in checks only that a password was typed; the policy is for new passwords. */
export function loginPasswordErrors(password: string): FieldError[] {
  return password === '' ? [{ id: 'auth.validation.passwordRequired' }] : [];
}

export function termsErrors(accepted: boolean): FieldError[] {
  return accepted ? [] : [{ id: 'auth.validation.termsRequired' }];
}

export function codeErrors(code: string): FieldError[] {
  if (code === '') return [{ id: 'error.verification_code_required' }];
  return /^\d{6}$/.test(code) ? [] : [{ id: 'error.verification_code_invalid' }];
}

/** The 6 digits of a code however it was typed or pasted ("123 456", "١٢٣٤٥٦" stays out). */
export function codeDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, 6);
}
