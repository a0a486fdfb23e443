import type { IdTokenSource } from '../api/base-query';
import { readAuthConfig, storedUserKey, type AuthConfig } from './auth-config';
import { TokenUnreachableError } from '../offline/token-unreachable';
import { authErrorCode, endsSession } from './auth-errors';
import type * as FirebaseAuthSdk from './firebase-auth';
import type { Auth, User } from './firebase-auth';
import { DEFAULT_RULES, rulesFromPolicy, type PasswordRules } from './password-policy';

export interface SessionUser {
  readonly uid: string;
  readonly email: string | null;
  readonly displayName: string | null;
  /** Verified with a code, or by the social provider the user signed in with. */
  readonly emailVerified: boolean;
}

let config: AuthConfig | null = null;
let auth: Promise<{ auth: Auth; sdk: typeof FirebaseAuthSdk }> | null = null;

export function authConfig(): AuthConfig {
  config ??= readAuthConfig();
  return config;
}

/** Starts the Firebase SDK once; later calls share it. */
export function loadAuth(): Promise<{ auth: Auth; sdk: typeof FirebaseAuthSdk }> {
  if (auth === null) sessionBeforeSdk = savedSession();
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

/** The uid of the session saved in the browser, read without the SDK; null when there is none. */
function storedUid(): string | null {
  try {
    const stored = window.localStorage.getItem(storedUserKey(authConfig()));
    const uid: unknown = stored === null ? null : (JSON.parse(stored) as { uid?: unknown }).uid;
    return typeof uid === 'string' && uid !== '' ? uid : null;
  } catch {
    return null;
  }
}

/** Whether the browser held a session, and whose, as read without the SDK. */
interface SavedSession {
  readonly hadSession: boolean;
  readonly uid: string | null;
}

function savedSession(): SavedSession {
  const hadSession = hasStoredSession();
  return { hadSession, uid: hadSession ? storedUid() : null };
}

/**
 * The session the browser held when the SDK was first loaded. The SDK clears a saved session its
 * identity service refuses as it starts, so once something else loaded it first (a repeat visit's
 * first query asking for a fresh token), the browser no longer says what there was.
 */
let sessionBeforeSdk: SavedSession | null = null;

/** What the Firebase SDK saved of the signed-in user in this browser, read without loading it. */
export interface StoredSession {
  readonly user: SessionUser;
  /** The ID token it saved, as the SDK had it when it last wrote; null when absent. */
  readonly idToken: string | null;
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** The session saved in the browser, read without the SDK; null when there is none or it is not of the SDK's shape. */
export function readStoredSession(): StoredSession | null {
  let parsed: unknown;
  try {
    const stored = window.localStorage.getItem(storedUserKey(authConfig()));
    if (stored === null) return null;
    parsed = JSON.parse(stored);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const record = parsed as Record<string, unknown>;
  const { uid, email, displayName, emailVerified, stsTokenManager } = record;
  if (!isText(uid) || uid === '') return null;
  const tokens = typeof stsTokenManager === 'object' && stsTokenManager !== null ? stsTokenManager : {};
  const accessToken = (tokens as { accessToken?: unknown }).accessToken;
  return {
    user: {
      uid,
      email: isText(email) ? email : null,
      displayName: isText(displayName) ? displayName : null,
      emailVerified: emailVerified === true,
    },
    idToken: isText(accessToken) && accessToken !== '' ? accessToken : null,
  };
}

/** When a JWT expires (its `exp`, in ms since the epoch); null when it cannot be read. */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (payload === undefined || payload === '') return null;
  try {
    const base64 = payload.replaceAll('-', '+').replaceAll('_', '/');
    const json: unknown = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=')));
    const exp = typeof json === 'object' && json !== null ? (json as { exp?: unknown }).exp : undefined;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** A saved ID token is used before the SDK is ready only while it has at least this long to live. */
export const STORED_TOKEN_MARGIN_MS = 60_000;

/** The SDK has said who is signed in (authStateReady): from then on every token is its own. */
let sdkReady = false;
/** The server refused the saved token (401): the SDK's is waited for from then on. */
let storedTokenRefused = false;

/**
 * The ID token the SDK saved, for the first requests of a page while the SDK restores the
 * session: only before the SDK is ready, only while it is valid for STORED_TOKEN_MARGIN_MS more
 * by its `exp`, and never again once the server refused it. The server verifies it as any other.
 */
export function earlyIdToken(now: number = Date.now()): string | null {
  if (sdkReady || storedTokenRefused) return null;
  const token = readStoredSession()?.idToken ?? null;
  if (token === null) return null;
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== null && expiresAt - STORED_TOKEN_MARGIN_MS > now ? token : null;
}

/**
 * A session ended without the user signing out (account disabled, sign-in revoked elsewhere):
 * what the device shows of them is forgotten, what they typed (the outbox) is kept and sent
 * when they sign in again.
 */
function forgetShownData(uid: string | null): void {
  if (uid === null) return;
  void import('../offline/device-data')
    .then(({ forgetDeviceAnswers }) => forgetDeviceAnswers(uid))
    .catch(() => undefined);
}

function sessionUser(user: User): SessionUser {
  return { uid: user.uid, email: user.email, displayName: user.displayName, emailVerified: user.emailVerified };
}

/**
 * Calls back with the signed-in user, or null, now and whenever it changes. A saved session the
 * identity provider no longer accepts (account disabled or deleted, sign-in revoked) is cleared
 * by the SDK on start-up; the user is told so (see onSessionRevoked).
 *
 * Offline, the SDK keeps the saved user (it clears it only when the identity service refuses
 * it, never when the service cannot be reached), so a signed-in user opens the app offline
 * signed in; the token is refreshed once the network is back.
 */
export async function watchSession(onChange: (user: SessionUser | null) => void): Promise<() => void> {
  // Read before the SDK loads, or, when it was loaded first, as it found the browser (once).
  const before = auth === null ? savedSession() : (sessionBeforeSdk ?? savedSession());
  const { hadSession, uid: uidBefore } = before;
  const { auth: firebaseAuth, sdk } = await loadAuth();
  sessionBeforeSdk = null;
  await firebaseAuth.authStateReady();
  sdkReady = true;
  if (hadSession && firebaseAuth.currentUser === null) {
    forgetShownData(uidBefore);
    notifyRevoked('user-token-expired');
  }
  return sdk.onIdTokenChanged(firebaseAuth, (user) => onChange(user === null ? null : sessionUser(user)));
}

/** Signs out; offline too (the server's part of it is then skipped quietly). */
export async function endSession(): Promise<void> {
  const { auth: firebaseAuth, sdk } = await loadAuth();
  const refreshToken = firebaseAuth.currentUser?.refreshToken;
  if (authConfig().embedded && refreshToken !== undefined) {
    // The embedded identity ends the session on the server too, so a copied refresh token dies with it.
    await fetch('/api/identity/sign-out', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    }).catch(() => undefined);
  }
  await sdk.signOut(firebaseAuth);
}

type RevokedListener = (code: string) => void;
const revokedListeners = new Set<RevokedListener>();
/** A revocation nobody listened to yet (it happened before the first page showed). */
let unheardRevocation: string | null = null;

function notifyRevoked(code: string): void {
  if (revokedListeners.size === 0) unheardRevocation = code;
  for (const listener of revokedListeners) listener(code);
}

/** Calls back when the session ends because the account was disabled or its sign-in revoked. */
export function onSessionRevoked(listener: RevokedListener): () => void {
  revokedListeners.add(listener);
  if (unheardRevocation !== null) {
    const code = unheardRevocation;
    unheardRevocation = null;
    listener(code);
  }
  return () => {
    revokedListeners.delete(listener);
  };
}

let revoking = false;

/** Signs out a user the identity provider or the API no longer accepts, and says why. */
export async function revokeSession(code: string): Promise<void> {
  if (revoking) return;
  revoking = true;
  try {
    const { auth: firebaseAuth } = await loadAuth();
    forgetShownData(firebaseAuth.currentUser?.uid ?? null);
    await endSession();
  } catch {
    // Signed out already.
  } finally {
    revoking = false;
  }
  notifyRevoked(code);
}

export const sessionTokens: IdTokenSource = {
  async idToken(forceRefresh) {
    if (auth === null && !hasStoredSession()) return null;
    // While the SDK restores the session, the token it saved signs the first requests (a
    // repeat visit does not wait for the SDK's chunk and its round trip); a request the server
    // refused asks again with forceRefresh, which waits for the SDK.
    if (forceRefresh) storedTokenRefused = true;
    else {
      const early = earlyIdToken();
      if (early !== null) return early;
    }
    const { auth: firebaseAuth } = await loadAuth();
    await firebaseAuth.authStateReady();
    sdkReady = true;
    try {
      return (await firebaseAuth.currentUser?.getIdToken(forceRefresh)) ?? null;
    } catch (error) {
      const code = authErrorCode(error);
      if (endsSession(code)) {
        await revokeSession(code);
        return null;
      }
      // An expired token is not refreshed offline: a network error for the request, never a sign-out.
      if (code === 'network-request-failed' || code === 'timeout') throw new TokenUnreachableError(error);
      throw error;
    }
  },
  async rejected() {
    await revokeSession('user-token-expired');
  },
};

export async function signInWithPassword(email: string, password: string): Promise<void> {
  const { auth: firebaseAuth, sdk } = await loadAuth();
  await sdk.signInWithEmailAndPassword(firebaseAuth, email, password);
}

/** Creates the account and names it; the user is then signed in, not yet verified. Returns the uid. */
export async function registerAccount(name: string, email: string, password: string): Promise<string> {
  const { auth: firebaseAuth, sdk } = await loadAuth();
  const { user } = await sdk.createUserWithEmailAndPassword(firebaseAuth, email, password);
  await sdk.updateProfile(user, { displayName: name });
  return user.uid;
}

/**
 * After the server marked the email verified: first a new ID token, which says so, then the user
 * read again. In this order, because reading the user tells the app at once that the address is
 * verified, and the page guard then opens the dashboard, whose queries take the token the SDK
 * holds: had the token come second, they would go out with the one from before verifying, which
 * an identity provider that trusts the token's claim (Firebase) refuses (403 email_not_verified).
 */
export async function refreshVerifiedUser(): Promise<boolean> {
  const { auth: firebaseAuth, sdk } = await loadAuth();
  const user = firebaseAuth.currentUser;
  if (user === null) return false;
  await user.getIdToken(true);
  await sdk.reload(user);
  return user.emailVerified;
}

let rules: Promise<PasswordRules> | null = null;

/** The project's password policy, fetched once; at least 6 characters when it cannot be fetched. */
export function passwordRules(): Promise<PasswordRules> {
  rules ??= loadAuth()
    .then(async ({ auth: firebaseAuth, sdk }) => {
      const status = await sdk.validatePassword(firebaseAuth, '');
      return rulesFromPolicy(status.passwordPolicy.customStrengthOptions);
    })
    .catch(() => DEFAULT_RULES);
  return rules;
}

/** The email a password reset link belongs to; throws expired-action-code or invalid-action-code. */
export async function checkResetCode(code: string): Promise<string> {
  const { auth: firebaseAuth, sdk } = await loadAuth();
  return sdk.verifyPasswordResetCode(firebaseAuth, code);
}

export async function resetPassword(code: string, password: string): Promise<void> {
  const { auth: firebaseAuth, sdk } = await loadAuth();
  await sdk.confirmPasswordReset(firebaseAuth, code, password);
}

/** The sign-in methods an email already uses (`google.com`, `password`, …); empty when unknown. */
export async function signInMethodsFor(email: string): Promise<string[]> {
  try {
    const { auth: firebaseAuth, sdk } = await loadAuth();
    return await sdk.fetchSignInMethodsForEmail(firebaseAuth, email);
  } catch {
    return [];
  }
}

/** Loads the popup and redirect helpers ahead of a click, so the popup opens at once. */
export function loadSocialSignIn() {
  return Promise.all([loadAuth(), import('./social')]);
}

/** Signs in with a social account; false when the page is leaving for the provider instead. */
export async function signInWithSocial(provider: string): Promise<boolean> {
  const [{ auth: firebaseAuth }, social] = await loadSocialSignIn();
  return social.signInWithProvider(firebaseAuth, provider);
}

/** Completes a social sign-in that went through the provider's page. */
export async function finishSocialRedirect(): Promise<void> {
  const [{ auth: firebaseAuth }, social] = await loadSocialSignIn();
  await social.finishRedirectSignIn(firebaseAuth);
}

let socialSignIn: Promise<void> | null = null;

/**
 * Exchanges the one-time code a provider's sign-in came back with (embedded identity) for a
 * session; once, however often it is asked.
 */
export function finishSocialSignIn(code: string): Promise<void> {
  socialSignIn ??= loadAuth().then(async ({ auth: firebaseAuth, sdk }) => {
    await sdk.signInWithCustomToken(firebaseAuth, code);
  });
  return socialSignIn;
}
