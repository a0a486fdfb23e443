import { firebaseAuth } from '@plenty/platform/auth/firebase-admin';
import type { IdentityAdmin } from './erasure.js';

function codeOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
}

/** Deletes sign-in accounts of a Firebase project (or of the Auth emulator) with firebase-admin. */
export function firebaseIdentityAdmin(projectId: string): IdentityAdmin {
  const auth = firebaseAuth(projectId);
  return {
    async deleteUser(uid) {
      try {
        await auth.deleteUser(uid);
      } catch (error) {
        if (codeOf(error) !== 'auth/user-not-found') throw error;
      }
    },
  };
}
