import { describe, expect, it } from 'vitest';
import en from '@plenty/locales/en.json';
import lo from '@plenty/locales/lo.json';
import th from '@plenty/locales/th.json';
import { authErrorCode, authErrorMessageId, endsSession, errorEmail, socialErrorMessageId } from './auth-errors';

/** Every identity error of spec section 8 and the message it shows (English). */
const SPEC_ERRORS: Record<string, string> = {
  'wrong-password': 'The email or password is incorrect.',
  'user-not-found': 'The email or password is incorrect.',
  'invalid-credential': 'The email or password is incorrect.',
  'email-already-in-use': 'An account with this email already exists. Sign in instead, or use another email.',
  'too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'network-request-failed': 'Plenty cannot reach the sign-in service. Check your connection and try again.',
  'popup-closed-by-user': 'The sign-in window was closed before signing in finished.',
  'cancelled-popup-request': 'The sign-in window was closed before signing in finished.',
  'popup-blocked': 'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.',
  'unauthorized-domain': 'Signing in is not allowed from this address. Please open Plenty from its usual address.',
  'user-disabled': 'This account has been disabled. Please contact support.',
  'user-token-expired': 'Your session has ended. Please sign in again.',
  'requires-recent-login': 'For your security, please sign in again and retry.',
  'operation-not-allowed': 'This sign-in method is not available.',
  'password-does-not-meet-requirements': 'Your password does not meet the requirements.',
  'weak-password': 'This password is too weak. Please choose a stronger one.',
  'expired-action-code': 'This link has expired or is invalid. Please ask for a new one.',
  'invalid-action-code': 'This link has expired or is invalid. Please ask for a new one.',
  'invalid-verification-code': 'The verification code is invalid or has expired.',
  'invalid-verification-id': 'The verification code is invalid or has expired.',
  'code-expired': 'The verification code is invalid or has expired.',
  'credential-already-in-use': 'This account is already linked to another Plenty user.',
  'account-exists-with-different-credential':
    'This email is already used with {providers}. Please sign in using that method.',
  'multi-factor-auth-required': 'This account uses two-step verification, which Plenty does not support yet.',
  'web-storage-unsupported':
    'Your browser blocks the storage Plenty needs to keep you signed in. Allow cookies and site data for this site.',
  'user-mismatch': 'This is not the account you are signed in with. Please use the same account.',
  'internal-error': 'An unexpected error occurred. Please try again.',
  'login-blocked': 'Your browser blocked signing in. Check its privacy settings and try again.',
  'unauthorized-continue-uri': 'Signing in is not available right now. Please try again later.',
  'invalid-oauth-client-id': 'Signing in is not available right now. Please try again later.',
  'admin-restricted-operation': 'Signing in is not available right now. Please try again later.',
  'tenant-id-mismatch': 'Signing in is not available right now. Please try again later.',
  'invalid-api-key': 'Signing in is not available right now. Please try again later.',
  'argument-error': 'Signing in is not available right now. Please try again later.',
  'invalid-recaptcha-token': 'Signing in is not available right now. Please try again later.',
  'invalid-recaptcha-action': 'Signing in is not available right now. Please try again later.',
  'invalid-recaptcha-version': 'Signing in is not available right now. Please try again later.',
};

describe('identity error messages', () => {
  it('give every error of the spec its own sentence, with or without the auth/ prefix', () => {
    for (const [code, message] of Object.entries(SPEC_ERRORS)) {
      expect(en[authErrorMessageId(code)], code).toBe(message);
      expect(en[authErrorMessageId(`auth/${code}`)], code).toBe(message);
    }
  });

  it('never tell whether an email has an account', () => {
    const ids = ['wrong-password', 'user-not-found', 'invalid-credential', 'invalid-login-credentials'].map((code) =>
      authErrorMessageId(code),
    );
    expect(new Set(ids).size).toBe(1);
  });

  it('are translated into Thai and Lao', () => {
    for (const code of Object.keys(SPEC_ERRORS)) {
      const id = authErrorMessageId(code);
      expect(th[id], code).not.toBe(en[id]);
      expect(lo[id], code).not.toBe(en[id]);
    }
  });

  it('fall back to the form generic message, or to the unexpected-error message', () => {
    expect(en[authErrorMessageId('auth/something-new')]).toBe('An unexpected error occurred. Please try again.');
    expect(en[authErrorMessageId('something-new', 'authError.loginFailed')]).toBe('Login failed.');
    expect(en[authErrorMessageId('', 'authError.registrationFailed')]).toBe('Registration failed.');
    expect(en[authErrorMessageId('auth/whatever', 'authError.socialFailed')]).toBe('Social login failed.');
    expect(authErrorMessageId('wrong-password', 'authError.loginFailed')).toBe('authError.invalidCredential');
  });

  it('say "Social login failed." for every way a social sign-in fails, never the generic message', () => {
    const failures = [
      'popup-closed-by-user',
      'cancelled-popup-request',
      'user-cancelled',
      'redirect-cancelled-by-user',
      'network-request-failed',
      'timeout',
      'internal-error',
      'auth/internal-error',
      'invalid-idp-response',
      'invalid-credential',
      'operation-not-allowed',
      'unauthorized-domain',
      'web-storage-unsupported',
      '',
      'something-new',
    ];
    for (const code of failures) expect(socialErrorMessageId(code), code).toBe('authError.socialFailed');
    expect(socialErrorMessageId('auth/account-exists-with-different-credential')).toBe('authError.differentCredential');
    expect(socialErrorMessageId('too-many-requests')).toBe('authError.tooManyRequests');
    expect(socialErrorMessageId('user-disabled')).toBe('authError.userDisabled');
  });

  it('read the code and the email of an SDK error', () => {
    const error = Object.assign(new Error('x'), {
      code: 'auth/account-exists-with-different-credential',
      customData: { email: 'malee@example.la' },
    });
    expect(authErrorCode(error)).toBe('account-exists-with-different-credential');
    expect(errorEmail(error)).toBe('malee@example.la');
    expect(authErrorCode(new Error('plain'))).toBe('');
    expect(errorEmail({ customData: {} })).toBeNull();
  });

  it('end the session for a disabled account or a revoked sign-in', () => {
    expect(endsSession('auth/user-disabled')).toBe(true);
    expect(endsSession('user-token-expired')).toBe(true);
    expect(endsSession('network-request-failed')).toBe(false);
  });
});
