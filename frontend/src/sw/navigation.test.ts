import { describe, expect, it } from 'vitest';
import { answeredWithShell } from './navigation';

describe('navigations the worker answers with the app', () => {
  it('are the pages, whatever their language, with ids and tokens that hold dots', () => {
    for (const path of [
      '/',
      '/dashboard',
      '/th/dashboard',
      '/lo/dashboard/transactions/add',
      '/dashboard/transactions/edit/0f3a1c2e-5b7d-4e8f-9a0b-1c2d3e4f5a6b',
      '/th/auth/reset-password/eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl',
      '/auth/login',
    ]) {
      expect(answeredWithShell(path), path).toBe(true);
    }
  });

  it('are unknown pages too, which the app answers with its not-found page offline as online', () => {
    for (const path of ['/no-such-page', '/th/dashboard/nothing/here', '/apiary', '/readyzone']) {
      expect(answeredWithShell(path), path).toBe(true);
    }
  });

  it('are never the API, the sign-in endpoints, the social sign-in returns or the health checks', () => {
    for (const path of [
      '/api/queries/dashboard',
      '/api/identity/oidc/google/start',
      '/api/identity/oidc/work/callback',
      '/api/files/receipts/abc',
      '/api/backup/download/abc',
      '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword',
      '/__/auth/handler',
      '/emulator/auth/handler',
      '/readyz',
      '/healthz',
    ]) {
      expect(answeredWithShell(path), path).toBe(false);
    }
  });

  it('are never a file the build does not have, so a tab opened on one never shows the app as that file', () => {
    for (const path of [
      '/sw.js',
      '/robots.txt',
      '/favicon.ico',
      '/assets/dashboard-page-OLD12345.js',
      '/exports/plenty-2026-11.csv',
      '/index.html',
    ]) {
      expect(answeredWithShell(path), path).toBe(false);
    }
  });
});
