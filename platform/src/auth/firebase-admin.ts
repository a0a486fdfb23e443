import { createRequire } from 'node:module';
import type * as AdminApp from 'firebase-admin/app';
import type * as AdminAuth from 'firebase-admin/auth';

/**
 * firebase-admin is needed only by the distributed deployment's Firebase sign-in, so a home
 * install (`npm ci --omit=dev`) goes without it: it is an optional peer dependency of this
 * package, installed by the images (Dockerfile) and by the developer's `npm ci`. It is loaded on
 * first use, and its absence is named.
 */
const require = createRequire(import.meta.url);

type FirebaseAdmin = { app: typeof AdminApp; auth: typeof AdminAuth };
let loaded: FirebaseAdmin | undefined;

function firebaseAdmin(): FirebaseAdmin {
  if (loaded !== undefined) return loaded;
  try {
    loaded = {
      app: require('firebase-admin/app') as FirebaseAdmin['app'],
      auth: require('firebase-admin/auth') as FirebaseAdmin['auth'],
    };
    return loaded;
  } catch (error) {
    if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'MODULE_NOT_FOUND') {
      throw new Error(
        'Firebase sign-in (FIREBASE_PROJECT_ID) needs the firebase-admin package, which a home install leaves out: ' +
          'install everything with `npm ci` (without --omit=dev), or use the images of the Dockerfile',
        { cause: error },
      );
    }
    throw error;
  }
}

/**
 * The firebase-admin Auth of a project, from one named app per project id. With
 * FIREBASE_AUTH_EMULATOR_HOST set it talks to the emulator and accepts its unsigned tokens.
 */
export function firebaseAuth(projectId: string): AdminAuth.Auth {
  const { app: admin, auth } = firebaseAdmin();
  const name = `plenty-${projectId}`;
  const app: AdminApp.App = admin.getApps().find((a) => a.name === name) ?? admin.initializeApp({ projectId }, name);
  return auth.getAuth(app);
}
