import type { Locale } from '../locale';
import type { MessageId } from '../messages';

/**
 * How a sign-in with a provider came back from the server (embedded identity): the login page's
 * fragment holds `social=<one-time code>` or `social-error=<reason>`, and the page the user was
 * going to as `redirect`.
 */
export type SocialReturn =
  | { readonly kind: 'code'; readonly code: string; readonly redirect: string | null }
  | { readonly kind: 'error'; readonly reason: string; readonly redirect: string | null };

/** A path of this site, never another origin. */
function sitePath(value: string | null): string | null {
  if (value === null || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}

export function parseSocialReturn(hash: string): SocialReturn | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const redirect = sitePath(params.get('redirect'));
  const code = params.get('social');
  if (code !== null && code !== '') return { kind: 'code', code, redirect };
  const reason = params.get('social-error');
  return reason === null ? null : { kind: 'error', reason, redirect };
}

/**
 * The address to show instead: no fragment, and the redirect in the query, where the login page
 * and its guard read it.
 */
export function addressWithoutSocialReturn(pathname: string, search: string, found: SocialReturn): string {
  const query = new URLSearchParams(search);
  if (found.redirect !== null) query.set('redirect', found.redirect);
  const text = query.toString();
  return `${pathname}${text === '' ? '' : `?${text}`}`;
}

/** Where a provider's button sends the page: the server's start of the sign-in. */
export function socialStartUrl(providerId: string, locale: Locale, redirect: string | null): string {
  const query = new URLSearchParams({ locale });
  const path = sitePath(redirect);
  if (path !== null) query.set('redirect', path);
  return `/api/identity/oidc/${encodeURIComponent(providerId)}/start?${query.toString()}`;
}

/**
 * The sentence for a reason the server gave: an address used by another account that the
 * provider does not vouch for is the spec's "This email is already used with …"; every other
 * reason (cancelled, expired, refused) is "Social login failed.".
 */
export function socialFailureMessageId(reason: string): MessageId {
  if (reason === 'email-in-use') return 'authError.differentCredential';
  if (reason === 'too-many') return 'authError.tooManyRequests';
  return 'authError.socialFailed';
}

let taken: SocialReturn | null = null;

/**
 * Takes the outcome out of the address before anything else reads it, so the one-time code
 * stays out of the history, bookmarks and whatever the page loads. Call once, first.
 */
export function takeSocialReturn(): SocialReturn | null {
  const found = parseSocialReturn(window.location.hash);
  if (found === null) return null;
  taken = found;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', addressWithoutSocialReturn(pathname, search, found));
  return found;
}

/** The outcome taken from the address at start, until forgotten. */
export function socialReturn(): SocialReturn | null {
  return taken;
}

export function forgetSocialReturn(): void {
  taken = null;
}
