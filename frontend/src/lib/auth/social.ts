import {
  browserPopupRedirectResolver,
  FacebookAuthProvider,
  getRedirectResult,
  GithubAuthProvider,
  GoogleAuthProvider,
  OAuthProvider,
  signInWithPopup,
  signInWithRedirect,
  type Auth,
  type AuthProvider,
} from '@firebase/auth';
import { authErrorCode } from './auth-errors';
import { PENDING_REDIRECT_KEY } from './redirect-pending';

function providerFor(name: string): AuthProvider {
  if (name === 'google') return new GoogleAuthProvider();
  if (name === 'github') return new GithubAuthProvider();
  if (name === 'facebook') return new FacebookAuthProvider();
  if (name !== 'apple') throw Object.assign(new Error(name), { code: 'auth/operation-not-allowed' });
  const apple = new OAuthProvider('apple.com');
  apple.addScope('email');
  apple.addScope('name');
  return apple;
}

/**
 * Signs in with a social account in a popup; when the browser blocks the popup, the whole page
 * goes to the provider instead and finishRedirectSignIn completes it on the way back.
 * Resolves false when the page is leaving for the provider.
 */
export async function signInWithProvider(auth: Auth, name: string): Promise<boolean> {
  const provider = providerFor(name);
  try {
    await signInWithPopup(auth, provider, browserPopupRedirectResolver);
    return true;
  } catch (error) {
    if (authErrorCode(error) !== 'popup-blocked') throw error;
    sessionStorage.setItem(PENDING_REDIRECT_KEY, name);
    await signInWithRedirect(auth, provider, browserPopupRedirectResolver);
    return false;
  }
}

/** Completes a sign-in that went through the provider's page; throws its error, if any. */
export async function finishRedirectSignIn(auth: Auth): Promise<void> {
  sessionStorage.removeItem(PENDING_REDIRECT_KEY);
  await getRedirectResult(auth, browserPopupRedirectResolver);
}
