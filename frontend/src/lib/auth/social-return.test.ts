import { describe, expect, it } from 'vitest';
import { parseEmbeddedProviders, parseFirebaseProviders } from './auth-config';
import { addressWithoutSocialReturn, parseSocialReturn, socialFailureMessageId, socialStartUrl } from './social-return';

describe('the return from a provider', () => {
  it('carries a one-time code and the page the user was going to', () => {
    expect(parseSocialReturn('#social=abc-123_x&redirect=%2Fdashboard%2Ftransactions%3Ftype%3Dincome')).toEqual({
      kind: 'code',
      code: 'abc-123_x',
      redirect: '/dashboard/transactions?type=income',
    });
  });

  it('or the reason it failed', () => {
    expect(parseSocialReturn('#social-error=cancelled')).toEqual({
      kind: 'error',
      reason: 'cancelled',
      redirect: null,
    });
  });

  it('is nothing for any other fragment, and never redirects to another site', () => {
    expect(parseSocialReturn('')).toBeNull();
    expect(parseSocialReturn('#top')).toBeNull();
    expect(parseSocialReturn('#social=')).toBeNull();
    expect(parseSocialReturn('#social=x&redirect=%2F%2Fevil.example')?.redirect).toBeNull();
    expect(parseSocialReturn('#social=x&redirect=https%3A%2F%2Fevil.example')?.redirect).toBeNull();
  });

  it('leaves an address without the code, with the redirect where the login page reads it', () => {
    const found = parseSocialReturn('#social=secret&redirect=%2Fdashboard%2Freports');
    if (found === null) throw new Error('not found');
    expect(addressWithoutSocialReturn('/th/auth/login', '', found)).toBe(
      '/th/auth/login?redirect=%2Fdashboard%2Freports',
    );
    const plain = parseSocialReturn('#social=secret');
    if (plain === null) throw new Error('not found');
    expect(addressWithoutSocialReturn('/auth/login', '', plain)).toBe('/auth/login');
  });

  it('names the spec sentence for each reason', () => {
    expect(socialFailureMessageId('email-in-use')).toBe('authError.differentCredential');
    expect(socialFailureMessageId('too-many')).toBe('authError.tooManyRequests');
    for (const reason of ['cancelled', 'expired', 'failed', 'something new']) {
      expect(socialFailureMessageId(reason)).toBe('authError.socialFailed');
    }
  });
});

describe('starting a sign-in with a provider', () => {
  it('goes to the server with the language and the page to come back to', () => {
    expect(socialStartUrl('google', 'th', '/dashboard/transactions?type=income')).toBe(
      '/api/identity/oidc/google/start?locale=th&redirect=%2Fdashboard%2Ftransactions%3Ftype%3Dincome',
    );
    expect(socialStartUrl('office', 'en', null)).toBe('/api/identity/oidc/office/start?locale=en');
    expect(socialStartUrl('office', 'lo', '//evil.example')).toBe('/api/identity/oidc/office/start?locale=lo');
  });
});

describe('the providers the login page offers', () => {
  it('are the embedded server’s list, each once, named as it says or by its brand', () => {
    expect(
      parseEmbeddedProviders([
        { id: 'google', label: 'Google' },
        { id: 'office', label: ' Office 365 ' },
        { id: 'microsoft' },
        { id: 'google', label: 'Again' },
        { id: 'Bad-Id', label: 'Bad' },
        'github',
        null,
      ]),
    ).toEqual([
      { id: 'google', label: 'Google' },
      { id: 'office', label: 'Office 365' },
      { id: 'microsoft', label: 'Microsoft' },
    ]);
    expect(parseEmbeddedProviders(undefined)).toEqual([]);
  });

  it('are the Firebase providers named in the build, with their brand names', () => {
    expect(parseFirebaseProviders(' Google, github ,myspace')).toEqual([
      { id: 'google', label: 'Google' },
      { id: 'github', label: 'GitHub' },
    ]);
    expect(parseFirebaseProviders('none')).toEqual([]);
    expect(parseFirebaseProviders(undefined)).toBeNull();
  });
});
