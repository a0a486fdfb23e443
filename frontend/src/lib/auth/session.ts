import type { IdTokenSource } from '../api/base-query';
import { readAuthConfig, storedUserKey, type AuthConfig } from './auth-config';
import type * as FirebaseAuthSdk from './firebase-auth';
import type { Auth } from './firebase-auth';

export interface SessionUser {
  readonly uid: string;
  readonly email: string | null;
  readonly displayName: string | null;
  readonly emailVerified: boolean;
}

let config: AuthConfig | null = null;
let auth: Promise<{ auth: Auth; sdk: typeof FirebaseAuthSdk }> | null = null;

function authConfig(): AuthConfig {
  config ??= readAuthConfig();
  return config;
}

/** Starts the Firebase SDK once; later calls share it. */
export function loadAuth(): Promise<{ auth: Auth; sdk: typeof FirebaseAuthSdk }> {
  auth ??= import('./firebase-auth').then((sdk) => ({ sdk, auth: sdk.startFirebaseAuth(authConfig()) }));
  return auth;
}

/** Whether the browser holds a signed-in user, known without loading the SDK. */
export function hasStoredSession(): boolean {
  try {
    return window.localStorage.getItem(storedUserKey(authConfig())) !== null;
  } catch {
    return false;
  }
}

/** Calls back with the signed-in user, or null, now and whenever it changes. */
export async function watchSession(onChange: (user: SessionUser | null) => void): Promise<() => void> {
  const { auth: firebaseAuth, sdk } = await loadAuth();
  await firebaseAuth.authStateReady();
  return sdk.onIdTokenChanged(firebaseAuth, (user) =>
    onChange(
      user === null
        ? null
        : { uid: user.uid, email: user.email, displayName: user.displayName, emailVerified: user.emailVerified },
    ),
  );
}

export async function endSession(): Promise<void> {
  const { auth: firebaseAuth, sdk } = await loadAuth();
  await sdk.signOut(firebaseAuth);
}

export const sessionTokens: IdTokenSource = {
  async idToken(forceRefresh) {
    if (auth === null && !hasStoredSession()) return null;
    const { auth: firebaseAuth } = await loadAuth();
    await firebaseAuth.authStateReady();
    return (await firebaseAuth.currentUser?.getIdToken(forceRefresh)) ?? null;
  },
};
