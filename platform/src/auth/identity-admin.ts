import { firebaseAuth } from './firebase-admin.js';

/** What the command API changes at the identity provider. */
export interface IdentityProviderAdmin {
  /** Marks the user's email verified. */
  markEmailVerified(uid: string): Promise<void>;
  /** The one-time code of a password reset for an address, or null when no account has it. */
  passwordResetCode(email: string): Promise<string | null>;
}

const NO_SUCH_USER = new Set(['auth/user-not-found', 'auth/email-not-found']);

export function firebaseIdentityProviderAdmin(options: { projectId: string }): IdentityProviderAdmin {
  const auth = firebaseAuth(options.projectId);
  return {
    async markEmailVerified(uid) {
      await auth.updateUser(uid, { emailVerified: true });
    },
    async passwordResetCode(email) {
      try {
        const link = new URL(await auth.generatePasswordResetLink(email));
        const code = link.searchParams.get('oobCode');
        if (code === null || code === '') throw new Error('the password reset link has no oobCode');
        return code;
      } catch (error) {
        const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
        if (NO_SUCH_USER.has(code)) return null;
        throw error;
      }
    },
  };
}
