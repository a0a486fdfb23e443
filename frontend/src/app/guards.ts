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

const VERIFY_PATH = '/auth/verify';

/** A path inside this app (never another origin), or null. */
export function safeRedirectPath(value: string | null): string | null {
  if (value === null || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}

function withRedirect(path: string, redirect: string | null): string {
  return redirect === null ? path : `${path}?redirect=${encodeURIComponent(redirect)}`;
}

/**
 * Signed-in pages send a guest to the login page, remembering where they were going; guest-only
 * pages send a signed-in user on to that place, or to the dashboard. A user whose email is not
 * verified yet sees only the verification page, which in turn is only for them: a guest there
 * goes to the login page. All keep the language prefix and the place the visitor was going.
 */
export function guardPage(access: PageAccess, status: AuthStatus, location: GuardLocation): GuardDecision {
  if (access === 'public') return { kind: 'show' };
  if (status === 'unknown') return { kind: 'wait' };
  const locale = localeFromPath(location.pathname) ?? DEFAULT_LOCALE;
  const to = (path: string, redirect: string | null = null): GuardDecision => ({
    kind: 'redirect',
    to: withRedirect(localizedPath(path, locale), redirect),
  });
  if (access === 'signed-in') {
    if (status === 'signed-in') return { kind: 'show' };
    const target = `${stripLocale(location.pathname)}${location.search}${location.hash}`;
    return to(status === 'guest' ? '/auth/login' : VERIFY_PATH, target);
  }
  const requested = safeRedirectPath(new URLSearchParams(location.search).get('redirect'));
  const onVerifyPage = stripLocale(location.pathname) === VERIFY_PATH;
  if (status === 'guest') return onVerifyPage ? to('/auth/login', requested) : { kind: 'show' };
  if (status === 'unverified') return onVerifyPage ? { kind: 'show' } : to(VERIFY_PATH, requested);
  return to(requested ?? '/dashboard');
}
