import { firebaseAuth } from './firebase-admin.js';

/** Looks users up at the identity provider by uid. */
export interface UserDirectory {
  /** The user's email address; null when the user or their address is unknown. */
  emailOf(uid: string): Promise<string | null>;
}

function codeOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
}

/** The users of a Firebase project (or of the Auth emulator) through firebase-admin. */
export function firebaseUserDirectory(options: { projectId: string }): UserDirectory {
  const auth = firebaseAuth(options.projectId);
  return {
    async emailOf(uid) {
      try {
        const user = await auth.getUser(uid);
        return user.email ?? null;
      } catch (error) {
        if (codeOf(error) === 'auth/user-not-found') return null;
        throw error;
      }
    },
  };
}

/** A directory held in memory, for tests and tools. */
export function fakeUserDirectory(emails: Readonly<Record<string, string>> = {}): UserDirectory & {
  set(uid: string, email: string | null): void;
} {
  const known = new Map<string, string>(Object.entries(emails));
  return {
    async emailOf(uid) {
      return known.get(uid) ?? null;
    },
    set(uid, email) {
      if (email === null) known.delete(uid);
      else known.set(uid, email);
    },
  };
}
