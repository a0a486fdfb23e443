import { ID_TOKEN_SECONDS } from '@plenty/platform/identity/id-tokens';
import type { TestUser } from '../support/users.js';

/** What the Firebase SDK keeps in localStorage after a password sign-in: its key and its value (JSON). */
export interface StoredSession {
  readonly key: string;
  readonly value: string;
}

/**
 * The session the Firebase SDK stores after `user` signs in with a password on the app served at
 * `baseUrl` (its API key is read from the page's `plenty-auth` meta), so a bench can put it in a
 * page before the app loads instead of signing in through the form.
 */
export async function storedSession(
  baseUrl: string,
  user: Pick<TestUser, 'uid' | 'email' | 'idToken' | 'refreshToken'>,
): Promise<StoredSession> {
  const html = await (await fetch(baseUrl)).text();
  const content = /<meta name="plenty-auth" content="([^"]*)"/.exec(html)?.[1] ?? '';
  const { apiKey } = JSON.parse(content.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as { apiKey: string };
  const now = Date.now();
  const { email } = user;
  const session = {
    uid: user.uid,
    email,
    emailVerified: true,
    isAnonymous: false,
    providerData: [{ providerId: 'password', uid: email, email, displayName: null, phoneNumber: null, photoURL: null }],
    stsTokenManager: {
      refreshToken: user.refreshToken,
      accessToken: user.idToken,
      expirationTime: now + ID_TOKEN_SECONDS * 1000,
    },
    createdAt: String(now),
    lastLoginAt: String(now),
    apiKey,
    appName: '[DEFAULT]',
  };
  return { key: `firebase:authUser:${apiKey}:[DEFAULT]`, value: JSON.stringify(session) };
}
