import type { PageAccess } from '@plenty/contracts/app-routes';
import type { AuthStatus } from '../lib/auth/auth-slice';
import { localeFromPath, localizedPath, stripLocale, DEFAULT_LOCALE } from '../lib/locale';

export type GuardDecision =
  { readonly kind: 'show' } | { readonly kind: 'wait' } | { readonly kind: 'redirect'; readonly to: string };

export interface GuardLocation {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

/** A path inside this app (never another origin), or null. */
export function safeRedirectPath(value: string | null): string | null {
  if (value === null || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}

/**
 * Signed-in pages send a guest to the login page, remembering where they were going; guest-only
 * pages send a signed-in user on to that place, or to the dashboard. Both keep the language prefix.
 */
export function guardPage(access: PageAccess, status: AuthStatus, location: GuardLocation): GuardDecision {
  if (access === 'public') return { kind: 'show' };
  if (status === 'unknown') return { kind: 'wait' };
  const locale = localeFromPath(location.pathname) ?? DEFAULT_LOCALE;
  if (access === 'signed-in') {
    if (status === 'signed-in') return { kind: 'show' };
    const target = `${stripLocale(location.pathname)}${location.search}${location.hash}`;
    return { kind: 'redirect', to: `${localizedPath('/auth/login', locale)}?redirect=${encodeURIComponent(target)}` };
  }
  if (status === 'guest') return { kind: 'show' };
  const requested = safeRedirectPath(new URLSearchParams(location.search).get('redirect'));
  return { kind: 'redirect', to: localizedPath(requested ?? '/dashboard', locale) };
}
