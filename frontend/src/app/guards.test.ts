import { describe, expect, it } from 'vitest';
import { guardPage, safeRedirectPath } from './guards';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('the signed-in guard', () => {
  it('shows the page to a signed-in user', () => {
    expect(guardPage('signed-in', 'signed-in', at('/dashboard'))).toEqual({ kind: 'show' });
  });

  it('sends a guest to the login page with the page they wanted as the redirect', () => {
    expect(guardPage('signed-in', 'guest', at('/dashboard/transactions', '?type=income'))).toEqual({
      kind: 'redirect',
      to: '/auth/login?redirect=%2Fdashboard%2Ftransactions%3Ftype%3Dincome',
    });
  });

  it('keeps the Thai and Lao prefixes on the way to the login page', () => {
    expect(guardPage('signed-in', 'guest', at('/th/'))).toEqual({
      kind: 'redirect',
      to: '/th/auth/login?redirect=%2F',
    });
    expect(guardPage('signed-in', 'guest', at('/lo/dashboard'))).toEqual({
      kind: 'redirect',
      to: '/lo/auth/login?redirect=%2Fdashboard',
    });
  });

  it('waits while it is not yet known whether someone is signed in', () => {
    expect(guardPage('signed-in', 'unknown', at('/dashboard'))).toEqual({ kind: 'wait' });
  });

  it('sends a user whose email is not verified to the verification page, remembering the page', () => {
    expect(guardPage('signed-in', 'unverified', at('/lo/dashboard/reports'))).toEqual({
      kind: 'redirect',
      to: '/lo/auth/verify?redirect=%2Fdashboard%2Freports',
    });
  });
});

describe('the guest-only guard', () => {
  it('shows the page to a guest', () => {
    expect(guardPage('guest-only', 'guest', at('/auth/login'))).toEqual({ kind: 'show' });
  });

  it('sends a signed-in user to the dashboard in their language', () => {
    expect(guardPage('guest-only', 'signed-in', at('/auth/register'))).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(guardPage('guest-only', 'signed-in', at('/lo/auth/login'))).toEqual({
      kind: 'redirect',
      to: '/lo/dashboard',
    });
  });

  it('sends a signed-in user on to the page they were going to before signing in', () => {
    expect(guardPage('guest-only', 'signed-in', at('/th/auth/login', '?redirect=%2Fdashboard%2Freports'))).toEqual({
      kind: 'redirect',
      to: '/th/dashboard/reports',
    });
  });

  it('never redirects to another site', () => {
    expect(guardPage('guest-only', 'signed-in', at('/auth/login', '?redirect=%2F%2Fevil.example'))).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
    expect(safeRedirectPath('https://evil.example')).toBeNull();
    expect(safeRedirectPath('/\\evil.example')).toBeNull();
  });
});

describe('the verification page', () => {
  it('shows to a user whose email is not verified yet', () => {
    expect(guardPage('guest-only', 'unverified', at('/th/auth/verify'))).toEqual({ kind: 'show' });
  });

  it('keeps such a user away from the other guest pages', () => {
    for (const path of ['/auth/login', '/auth/register', '/auth/forgot-password', '/auth/reset-password/abc']) {
      expect(guardPage('guest-only', 'unverified', at(path))).toEqual({ kind: 'redirect', to: '/auth/verify' });
    }
    expect(guardPage('guest-only', 'unverified', at('/th/auth/login', '?redirect=%2Fdashboard'))).toEqual({
      kind: 'redirect',
      to: '/th/auth/verify?redirect=%2Fdashboard',
    });
  });

  it('sends a guest to the login page', () => {
    expect(guardPage('guest-only', 'guest', at('/lo/auth/verify'))).toEqual({ kind: 'redirect', to: '/lo/auth/login' });
  });

  it('sends a verified user on to the dashboard or the page they were going to', () => {
    expect(guardPage('guest-only', 'signed-in', at('/auth/verify'))).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(guardPage('guest-only', 'signed-in', at('/auth/verify', '?redirect=%2Fdashboard%2Fsettings'))).toEqual({
      kind: 'redirect',
      to: '/dashboard/settings',
    });
  });
});

describe('public pages', () => {
  it('show to everyone, whether signed in or not', () => {
    for (const status of ['unknown', 'guest', 'unverified', 'signed-in'] as const) {
      expect(guardPage('public', status, at('/privacy-policy'))).toEqual({ kind: 'show' });
    }
  });
});
