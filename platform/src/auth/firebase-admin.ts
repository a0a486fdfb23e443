import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';

/**
 * The firebase-admin Auth of a project, from one named app per project id. With
 * FIREBASE_AUTH_EMULATOR_HOST set it talks to the emulator and accepts its unsigned tokens.
 */
export function firebaseAuth(projectId: string): Auth {
  const name = `plenty-${projectId}`;
  const app: App = getApps().find((a) => a.name === name) ?? initializeApp({ projectId }, name);
  return getAuth(app);
}
