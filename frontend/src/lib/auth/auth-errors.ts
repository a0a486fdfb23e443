import type { MessageId } from '../messages';

/**
 * Firebase Auth error codes (spec section 8), without their `auth/` prefix, and the sentence
 * each one shows. Wrong password, unknown user and invalid credentials share one message, so
 * the sign-in form never tells whether an address has an account.
 */
const MESSAGES: Readonly<Record<string, MessageId>> = {
  'wrong-password': 'authError.invalidCredential',
  'user-not-found': 'authError.invalidCredential',
  'invalid-credential': 'authError.invalidCredential',
  'invalid-login-credentials': 'authError.invalidCredential',
  'invalid-idp-response': 'authError.invalidCredential',
  'invalid-email': 'error.email_invalid',
  'missing-email': 'error.email_required',
  'missing-password': 'auth.validation.passwordRequired',
  'email-already-in-use': 'authError.emailInUse',
  'too-many-requests': 'authError.tooManyRequests',
  'quota-exceeded': 'authError.tooManyRequests',
  'network-request-failed': 'authError.network',
  timeout: 'authError.network',
  'popup-closed-by-user': 'authError.popupClosed',
  'cancelled-popup-request': 'authError.popupClosed',
  'user-cancelled': 'authError.popupClosed',
  'redirect-cancelled-by-user': 'authError.popupClosed',
  'popup-blocked': 'authError.popupBlocked',
  'login-blocked': 'authError.loginBlocked',
  'unauthorized-domain': 'authError.unauthorizedDomain',
  'user-disabled': 'authError.userDisabled',
  'user-token-expired': 'authError.sessionExpired',
  'requires-recent-login': 'authError.requiresRecentLogin',
  'operation-not-allowed': 'authError.operationNotAllowed',
  'password-does-not-meet-requirements': 'authError.passwordRequirements',
  'weak-password': 'authError.weakPassword',
  'expired-action-code': 'authError.actionCodeInvalid',
  'invalid-action-code': 'authError.actionCodeInvalid',
  'invalid-verification-code': 'authError.verificationCodeInvalid',
  'invalid-verification-id': 'authError.verificationCodeInvalid',
  'code-expired': 'authError.verificationCodeInvalid',
  'credential-already-in-use': 'authError.credentialInUse',
  'account-exists-with-different-credential': 'authError.differentCredential',
  'multi-factor-auth-required': 'authError.multiFactor',
  'web-storage-unsupported': 'authError.webStorageUnsupported',
  'user-mismatch': 'authError.userMismatch',
  'tenant-id-mismatch': 'authError.unavailable',
  'invalid-api-key': 'authError.unavailable',
  'unauthorized-continue-uri': 'authError.unavailable',
  'invalid-continue-uri': 'authError.unavailable',
  'invalid-oauth-client-id': 'authError.unavailable',
  'admin-restricted-operation': 'authError.unavailable',
  'argument-error': 'authError.unavailable',
  'invalid-recaptcha-token': 'authError.unavailable',
  'invalid-recaptcha-action': 'authError.unavailable',
  'invalid-recaptcha-version': 'authError.unavailable',
  'missing-recaptcha-token': 'authError.unavailable',
  'missing-recaptcha-version': 'authError.unavailable',
  'recaptcha-not-enabled': 'authError.unavailable',
  'internal-error': 'error.internal',
};

/** `auth/wrong-password` and `wrong-password` alike. */
function bareCode(code: string): string {
  return code.startsWith('auth/') ? code.slice('auth/'.length) : code;
}

/**
 * The message for a Firebase Auth error code. Codes without a sentence of their own show
 * `fallback`: the spec's "Login failed.", "Registration failed." or "Social login failed." where
 * a form has one, otherwise "An unexpected error occurred. Please try again."
 */
export function authErrorMessageId(code: string, fallback: MessageId = 'error.internal'): MessageId {
  return MESSAGES[bareCode(code)] ?? fallback;
}

/** What a failed social sign-in may say besides "Social login failed.": what the user can act on. */
const SOCIAL_MESSAGES: Readonly<Record<string, MessageId>> = {
  'account-exists-with-different-credential': 'authError.differentCredential',
  'too-many-requests': 'authError.tooManyRequests',
  'user-disabled': 'authError.userDisabled',
};

/**
 * The message for a social sign-in that failed: the spec's "Social login failed." however it
 * failed (the user closed the popup or cancelled, the provider refused or could not be reached,
 * its script did not load on an offline machine), never the generic "An unexpected error
 * occurred"; only an address used with another method, too many attempts and a disabled
 * account say so.
 */
export function socialErrorMessageId(code: string): MessageId {
  return SOCIAL_MESSAGES[bareCode(code)] ?? 'authError.socialFailed';
}

/** The code of a Firebase Auth error, or '' for anything else. */
export function authErrorCode(error: unknown): string {
  if (typeof error !== 'object' || error === null || !('code' in error)) return '';
  const { code } = error as { code: unknown };
  return typeof code === 'string' ? bareCode(code) : '';
}

/** Whether the error means the signed-in user may no longer use the session. */
export function endsSession(code: string): boolean {
  const bare = bareCode(code);
  return bare === 'user-disabled' || bare === 'user-token-expired';
}

/** The email an `account-exists-with-different-credential` error is about, when it says. */
export function errorEmail(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('customData' in error)) return null;
  const data = (error as { customData: unknown }).customData;
  if (typeof data !== 'object' || data === null || !('email' in data)) return null;
  const { email } = data as { email: unknown };
  return typeof email === 'string' && email !== '' ? email : null;
}

/** How a sign-in method is named to people: its brand, or "email and password". */
export const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  'google.com': 'Google',
  'github.com': 'GitHub',
  'facebook.com': 'Facebook',
  'apple.com': 'Apple',
  'twitter.com': 'X',
  'microsoft.com': 'Microsoft',
  'yahoo.com': 'Yahoo',
};
