import { initializeApp } from '@firebase/app';
import { browserLocalPersistence, connectAuthEmulator, initializeAuth, type Auth } from '@firebase/auth';
import type { AuthConfig } from './auth-config';

export type { Auth, User } from '@firebase/auth';
export {
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  fetchSignInMethodsForEmail,
  onIdTokenChanged,
  reload,
  signInWithCustomToken,
  signInWithEmailAndPassword,
  signOut,
  updateProfile,
  validatePassword,
  verifyPasswordResetCode,
} from '@firebase/auth';

/** Loaded on demand, so the first screen does not wait for the Firebase SDK. */
export function startFirebaseAuth(config: AuthConfig): Auth {
  const app = initializeApp({ apiKey: config.apiKey, projectId: config.projectId, authDomain: config.authDomain });
  // Local storage lets the app tell at once, without the SDK, whether someone is signed in.
  // The popup and redirect helpers load with the social sign-in buttons (see social.ts).
  const auth = initializeAuth(app, { persistence: browserLocalPersistence });
  if (config.emulatorUrl !== null) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
  return auth;
}
