import { z } from 'zod';
import { firebaseAuth } from './firebase-admin.js';
import { InvalidTokenError, type TokenVerifier } from './port.js';

/** How far ahead of this server's clock a token's issue time may be (clocks drift). */
const CLOCK_SKEW_SECONDS = 300;

const jsonObject = z.string().transform((part, ctx) => {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  ctx.addIssue({ code: 'custom', message: 'not a JSON object' });
  return z.NEVER;
});
/** A JWT's shape: header and claims JSON objects, issue time a number when present. */
const tokenShape = z.tuple([
  jsonObject,
  jsonObject.pipe(z.looseObject({ iat: z.number().optional() })),
  z.string().regex(/^[A-Za-z0-9_-]*$/),
]);

/**
 * The checks that come before firebase-admin: a token that is not three base64url parts with
 * JSON header and claims is refused here, so it can never surface as a server error, and so
 * is one issued in the future (the emulator's tokens are unsigned, so the claims are all a
 * token has to show; with a real project they are also signed).
 */
export function checkTokenShape(idToken: string, nowSeconds = Math.floor(Date.now() / 1000)): void {
  const shape = tokenShape.safeParse(idToken.split('.'));
  if (!shape.success) throw new InvalidTokenError('auth/argument-error');
  const issuedAt = shape.data[1].iat;
  if (issuedAt !== undefined && issuedAt > nowSeconds + CLOCK_SKEW_SECONDS)
    throw new InvalidTokenError('auth/invalid-id-token');
}

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
