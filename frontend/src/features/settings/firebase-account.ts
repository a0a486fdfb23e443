import {
  EmailAuthProvider,
  FacebookAuthProvider,
  GithubAuthProvider,
  GoogleAuthProvider,
  OAuthProvider,
  reauthenticateWithCredential,
  reauthenticateWithPopup,
  TwitterAuthProvider,
  updatePassword,
  updateProfile,
  type AuthProvider,
  type User,
} from '@firebase/auth';
import { useEffect, useState } from 'react';
import { socialStartUrl } from '../../lib/auth/social-return';
import { authConfig, endSession, loadAuth } from '../../lib/auth/session';
import { localeFromPath, stripLocale } from '../../lib/locale';

export type { User };

export type FirebaseUserState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly user: User; readonly version: number }
  | { readonly status: 'error' };

/** The signed-in Firebase user, with the details the session does not keep (providers, creation time). */
export function useFirebaseUser(): FirebaseUserState {
  const [state, setState] = useState<FirebaseUserState>({ status: 'loading' });
  useEffect(() => {
    let stop: (() => void) | null = null;
    let current = true;
    loadAuth()
      .then(async ({ auth, sdk }) => {
        await auth.authStateReady();
        if (!current) return;
        stop = sdk.onIdTokenChanged(auth, (user) => {
          setState((previous) =>
            user === null
              ? { status: 'loading' }
              : { status: 'ready', user, version: previous.status === 'ready' ? previous.version + 1 : 0 },
          );
        });
      })
      .catch(() => {
        if (current) setState({ status: 'error' });
      });
    return () => {
      current = false;
      stop?.();
    };
  }, []);
  return state;
}

/** Saves the name, then refreshes the ID token so every screen showing the session sees it. */
export async function saveDisplayName(user: User, displayName: string): Promise<void> {
  await updateProfile(user, { displayName: displayName.trim() });
  await user.getIdToken(true);
}

export function hasPassword(user: User): boolean {
  return user.providerData.some((entry) => entry.providerId === 'password');
}

export async function reauthenticateWithPassword(user: User, password: string): Promise<void> {
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email ?? '', password));
}

/** Confirms the current password, then sets the new one. */
export async function changePassword(user: User, current: string, next: string): Promise<void> {
  await reauthenticateWithPassword(user, current);
  await updatePassword(user, next);
}

function providerFor(providerId: string): AuthProvider | null {
  switch (providerId) {
    case 'google.com':
      return new GoogleAuthProvider();
    case 'github.com':
      return new GithubAuthProvider();
    case 'facebook.com':
      return new FacebookAuthProvider();
    case 'twitter.com':
      return new TwitterAuthProvider();
    case 'apple.com':
    case 'microsoft.com':
    case 'yahoo.com':
      return new OAuthProvider(providerId);
    default:
      return null;
  }
}

/** An OpenID Connect provider of the embedded identity (`oidc.<id>`): its id, else null. */
function embeddedProviderId(providerId: string): string | null {
  return authConfig().embedded && providerId.startsWith('oidc.') ? providerId.slice('oidc.'.length) : null;
}

/** The social provider the user signed in with, for re-authenticating in a popup or through its page. */
export function socialProviderId(user: User): string | null {
  return (
    user.providerData
      .map((entry) => entry.providerId)
      .find((id) => providerFor(id) !== null || embeddedProviderId(id) !== null) ?? null
  );
}

/**
 * Signs in again with the provider. With the embedded identity that happens on the provider's
 * own page: the session here ends, and the login page brings the user back to this page, freshly
 * signed in. The promise then never settles, as the page is leaving.
 */
export async function reauthenticateWithProvider(user: User, providerId: string): Promise<void> {
  const embedded = embeddedProviderId(providerId);
  if (embedded !== null) {
    const { pathname, search } = window.location;
    const start = socialStartUrl(embedded, localeFromPath(pathname) ?? 'en', `${stripLocale(pathname)}${search}`);
    await endSession();
    window.location.assign(start);
    return new Promise<void>(() => undefined);
  }
  const provider = providerFor(providerId);
  if (provider === null) throw new Error(`no popup sign-in for ${providerId}`);
  await reauthenticateWithPopup(user, provider);
}
