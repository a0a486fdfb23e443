import { describe, expect, it } from 'vitest';
import { matchAppRoute } from './app-routes.js';

describe('app routes', () => {
  it('know every page with and without a language prefix', () => {
    expect(matchAppRoute('/')?.access).toBe('signed-in');
    expect(matchAppRoute('/th/')?.path).toBe('/');
    expect(matchAppRoute('/lo')?.path).toBe('/');
    expect(matchAppRoute('/th/auth/login')?.access).toBe('guest-only');
    expect(matchAppRoute('/privacy-policy')?.access).toBe('public');
    expect(matchAppRoute('/dashboard/')?.path).toBe('/dashboard');
  });

  it('fill in path parameters', () => {
    expect(matchAppRoute('/lo/dashboard/debt-tracker/0192f0c4')?.path).toBe('/dashboard/debt-tracker/:id');
    expect(matchAppRoute('/auth/reset-password/abc123')?.path).toBe('/auth/reset-password/:token');
    expect(matchAppRoute('/dashboard/transactions/edit/')).toBeNull();
  });

  it('do not know other paths or other language prefixes', () => {
    expect(matchAppRoute('/nowhere')).toBeNull();
    expect(matchAppRoute('/en/dashboard')).toBeNull();
    expect(matchAppRoute('/th/th/dashboard')).toBeNull();
    expect(matchAppRoute('/dashboard/reports/extra')).toBeNull();
  });
});
