import { firebaseAuth } from './firebase-admin.js';
import { InvalidTokenError, type TokenVerifier } from './port.js';
import { checkTokenShape } from './token-shape.js';

/** Verifies Firebase ID tokens with firebase-admin; every failure is an InvalidTokenError. */
export function createFirebaseTokenVerifier(options: { projectId: string }): TokenVerifier {
  const auth = firebaseAuth(options.projectId);
  return {
    async verify(idToken, verifyOptions) {
      checkTokenShape(idToken);
      try {
        const decoded = await auth.verifyIdToken(idToken, verifyOptions?.checkRevoked ?? false);
        return {
          uid: decoded.uid,
          email: decoded.email ?? null,
          emailVerified: decoded.email_verified ?? false,
          expiresAt: decoded.exp,
          authTime: decoded.auth_time,
        };
      } catch (error) {
        const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'unknown';
        if (code.startsWith('auth/')) throw new InvalidTokenError(code);
        throw error;
      }
    },
  };
}
