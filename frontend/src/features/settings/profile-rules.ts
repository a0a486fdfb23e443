import { todayIn } from '@plenty/contracts/calendar/zone';
import type { MessageId } from '../../lib/messages';
import type { PasswordRules } from '../../lib/auth/password-policy';
import { confirmErrors, newPasswordErrors } from '../../lib/auth/password-messages';
import type { FieldError } from '../../lib/field-error';

export interface PasswordChange {
  readonly current: string;
  readonly next: string;
  readonly confirm: string;
}

export type PasswordErrors = Partial<Record<keyof PasswordChange, FieldError>>;

export function validateName(name: string): MessageId | null {
  return name.trim() === '' ? 'error.name_required' : null;
}

/**
 * Spec section 5: every field is required, and the new password follows the same policy as
 * registration (the identity service's, `rules`) with the same sentences; the first requirement
 * it misses is shown. "Passwords do not match." when the confirmation differs.
 */
export function validatePasswordChange(change: PasswordChange, rules: PasswordRules): PasswordErrors {
  const errors: PasswordErrors = {};
  const required: FieldError = { id: 'auth.validation.passwordRequired' };
  if (change.current === '') errors.current = required;
  const [next] = newPasswordErrors(change.next, rules);
  if (next !== undefined) errors.next = next;
  if (change.confirm === '') errors.confirm = required;
  else {
    const [confirm] = confirmErrors(change.next, change.confirm);
    if (confirm !== undefined) errors.confirm = confirm;
  }
  return errors;
}

/** How each sign-in method is named on its badge; unknown providers show their id. */
export const PROVIDER_LABELS: Readonly<Record<string, MessageId>> = {
  password: 'account.provider.password',
  'google.com': 'account.provider.google',
  'github.com': 'account.provider.github',
  'facebook.com': 'account.provider.facebook',
  'apple.com': 'account.provider.apple',
  'microsoft.com': 'account.provider.microsoft',
  'twitter.com': 'account.provider.twitter',
  'yahoo.com': 'account.provider.yahoo',
  phone: 'account.provider.phone',
};

/** The marks of the providers the app knows, when they sign in through the embedded identity. */
const OPENID_LABELS: Readonly<Record<string, MessageId>> = {
  google: 'account.provider.google',
  github: 'account.provider.github',
  facebook: 'account.provider.facebook',
  apple: 'account.provider.apple',
  microsoft: 'account.provider.microsoft',
};

export type ProviderName = { readonly messageId: MessageId } | { readonly text: string };

/**
 * How a sign-in method is named to people: its message; for an OpenID Connect provider of the
 * embedded identity (`oidc.<id>`), the known provider's message or the name the operator gave
 * it; otherwise its id.
 */
export function providerName(
  providerId: string,
  configured: readonly { readonly id: string; readonly label: string }[],
): ProviderName {
  const known = PROVIDER_LABELS[providerId];
  if (known !== undefined) return { messageId: known };
  if (!providerId.startsWith('oidc.')) return { text: providerId };
  const id = providerId.slice('oidc.'.length);
  const mark = OPENID_LABELS[id];
  if (mark !== undefined) return { messageId: mark };
  return { text: configured.find((provider) => provider.id === id)?.label ?? id };
}

/** The user's sign-in methods, each once, in the order they were linked. */
export function signInProviders(providerData: readonly { readonly providerId: string }[]): string[] {
  return [...new Set(providerData.map((entry) => entry.providerId))];
}

/** A UTC instant (Firebase's `metadata.creationTime`) as the user's local calendar date, `YYYY-MM-DD`. */
export function localCalendarDate(instant: string | undefined): string | null {
  if (instant === undefined) return null;
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return null;
  return todayIn(undefined, date);
}
