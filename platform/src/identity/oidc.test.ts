import { describe, expect, it } from 'vitest';
import {
  appRedirectPath,
  identityFromClaims,
  issuerAllowsHttp,
  loginPageReturn,
  newAuthorizationChecks,
} from './oidc.js';
import { PENDING_SIGN_IN_MS, PendingSignIns } from './oidc-routes.js';

describe('the identity a provider vouches for', () => {
  it('reads the subject, address, whether it is verified and the name', () => {
    expect(
      identityFromClaims({ sub: '1043', email: 'Noy@Example.com', email_verified: true, name: 'Noy Phommachanh' }),
    ).toEqual({ subject: '1043', email: 'Noy@Example.com', emailVerified: true, displayName: 'Noy Phommachanh' });
  });

  it('counts an address as verified only when the provider says so, and only with an address', () => {
    expect(identityFromClaims({ sub: 'a', email: 'a@example.com' }).emailVerified).toBe(false);
    expect(identityFromClaims({ sub: 'a', email: 'a@example.com', email_verified: 'true' }).emailVerified).toBe(true);
    expect(identityFromClaims({ sub: 'a', email: 'a@example.com', email_verified: 'yes' }).emailVerified).toBe(false);
    expect(identityFromClaims({ sub: 'a', email_verified: true })).toMatchObject({ email: null, emailVerified: false });
  });

  it('puts a name together from its parts when there is no full name', () => {
    expect(identityFromClaims({ sub: 'a', given_name: 'Somchai', family_name: 'Wong' }).displayName).toBe(
      'Somchai Wong',
    );
    expect(identityFromClaims({ sub: 'a', name: '  ' }).displayName).toBeNull();
  });

  it('refuses claims without a subject', () => {
    expect(() => identityFromClaims({ email: 'a@example.com' })).toThrow();
    expect(() => identityFromClaims({ sub: 42 })).toThrow();
  });
});

describe('where the browser goes after signing in', () => {
  it('keeps a page of this app with its query', () => {
    expect(appRedirectPath('/dashboard/transactions?type=income')).toBe('/dashboard/transactions?type=income');
    expect(appRedirectPath('/dashboard/settings')).toBe('/dashboard/settings');
  });

  it('drops other origins, API paths, unknown pages and odd values', () => {
    for (const value of [
      'https://evil.example/dashboard',
      '//evil.example/dashboard',
      '/\\evil.example',
      '/api/queries/dashboard',
      '/no-such-page',
      'dashboard',
      '/dashboard\n',
      `/dashboard?${'x'.repeat(3000)}`,
      42,
      undefined,
    ]) {
      expect(appRedirectPath(value)).toBeNull();
    }
  });

  it('is the login page in the language the sign-in started in, with the outcome in the fragment', () => {
    expect(loginPageReturn('en', { code: 'abc_-1' }, '/dashboard/transactions?type=income')).toBe(
      '/auth/login#social=abc_-1&redirect=%2Fdashboard%2Ftransactions%3Ftype%3Dincome',
    );
    expect(loginPageReturn('th', { failure: 'cancelled' }, null)).toBe('/th/auth/login#social-error=cancelled');
    expect(loginPageReturn('lo', { failure: 'email-in-use' }, '/dashboard')).toBe(
      '/lo/auth/login#social-error=email-in-use&redirect=%2Fdashboard',
    );
  });
});

describe('issuers', () => {
  it('may use plain http only on this machine', () => {
    expect(issuerAllowsHttp(new URL('http://127.0.0.1:9000'))).toBe(true);
    expect(issuerAllowsHttp(new URL('http://localhost:9000/oidc'))).toBe(true);
    expect(issuerAllowsHttp(new URL('http://accounts.example'))).toBe(false);
    expect(issuerAllowsHttp(new URL('https://accounts.google.com'))).toBe(false);
  });
});

describe('sign-ins on their way through a provider', () => {
  const signIn = () => ({
    provider: 'google',
    checks: newAuthorizationChecks(),
    browserKey: 'k',
    locale: 'en' as const,
    redirect: null,
  });

  it('are taken once, and only within ten minutes', () => {
    let now = 0;
    const pending = new PendingSignIns(() => now);
    const first = signIn();
    const second = signIn();
    pending.add(first);
    pending.add(second);
    expect(pending.take(first.checks.state)?.checks).toEqual(first.checks);
    expect(pending.take(first.checks.state)).toBeNull();
    now = PENDING_SIGN_IN_MS;
    expect(pending.take(second.checks.state)).toBeNull();
    expect(pending.take('unknown')).toBeNull();
  });

  it('forget the oldest beyond their bound, and expired ones as new ones come', () => {
    let now = 0;
    const pending = new PendingSignIns(() => now, 2);
    const [a, b, c] = [signIn(), signIn(), signIn()];
    pending.add(a);
    pending.add(b);
    pending.add(c);
    expect(pending.size).toBe(2);
    expect(pending.take(a.checks.state)).toBeNull();
    now = PENDING_SIGN_IN_MS + 1;
    pending.add(signIn());
    expect(pending.size).toBe(1);
  });
});
