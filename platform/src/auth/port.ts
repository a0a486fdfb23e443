/** Who a verified ID token belongs to. The uid is the only identity the server trusts. */
export interface VerifiedUser {
  readonly uid: string;
  readonly email: string | null;
  readonly emailVerified: boolean;
  /** Seconds since epoch when the token expires. */
  readonly expiresAt: number;
  /** Seconds since epoch when the user last signed in (not when the token was refreshed). */
  readonly authTime: number;
}

export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
}

/**
 * Verifies a Firebase ID token. Rejects with InvalidTokenError for a missing, malformed,
 * expired, tampered or wrong-audience token. `checkRevoked` asks the identity provider
 * whether the session was revoked (sensitive commands only).
 */
export interface TokenVerifier {
  verify(idToken: string, options?: { checkRevoked?: boolean }): Promise<VerifiedUser>;
}
