import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { z } from 'zod';
import { checkTokenShape } from '../auth/token-shape.js';
import { InvalidTokenError, type TokenVerifier, type VerifiedUser } from '../auth/port.js';
import type { IdentityStore } from './identity-store.js';
import type { IdentityUser } from './identity-records.js';
import type { SigningKey } from './signing-key.js';

/** ID tokens live one hour, as Firebase's do. */
export const ID_TOKEN_SECONDS = 3600;
const ISSUER = 'plenty-identity';

export interface IdTokenSubject {
  readonly user: IdentityUser;
  /** Seconds since epoch of the sign-in this session began with. */
  readonly authTime: number;
  /** `password`, `custom` (a provider's sign-in) … as Firebase's `sign_in_provider`. */
  readonly signInProvider: string;
}

const claimsSchema = z.object({
  sub: z.string().min(1).max(128),
  iat: z.number().int(),
  exp: z.number().int(),
  auth_time: z.number().int(),
  sv: z.number().int(),
});

/** Signs and checks the embedded identity's ID tokens (ES256), in the shape the Firebase SDK reads. */
export class IdTokens {
  constructor(
    private readonly key: SigningKey,
    /** The token's audience: the project id the web app is configured with. */
    private readonly audience: string,
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  async issue(subject: IdTokenSubject): Promise<string> {
    const { user } = subject;
    const iat = this.nowSeconds();
    const claims: JWTPayload = {
      auth_time: subject.authTime,
      user_id: user.uid,
      sv: user.sessionVersion,
      email_verified: user.emailVerified,
      firebase: {
        identities: user.email === null ? {} : { email: [user.email] },
        sign_in_provider: subject.signInProvider,
      },
    };
    if (user.email !== null) claims['email'] = user.email;
    if (user.displayName !== null) claims['name'] = user.displayName;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: this.key.kid, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(this.audience)
      .setSubject(user.uid)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ID_TOKEN_SECONDS)
      .sign(this.key.privateKey);
  }

  /** The checked claims of a token signed with this key for this audience, not expired. */
  async check(idToken: string): Promise<z.infer<typeof claimsSchema>> {
    checkTokenShape(idToken, this.nowSeconds());
    try {
      const { payload, protectedHeader } = await jwtVerify(idToken, this.key.publicKey, {
        algorithms: ['ES256'],
        issuer: ISSUER,
        audience: this.audience,
        currentDate: new Date(this.nowSeconds() * 1000),
        requiredClaims: ['sub', 'iat', 'exp', 'auth_time'],
      });
      // A token that names another key is not one this key signed for us, whatever its signature.
      if (protectedHeader.kid !== this.key.kid) throw new InvalidTokenError('auth/invalid-id-token');
      const claims = claimsSchema.safeParse(payload);
      if (!claims.success) throw new InvalidTokenError('auth/argument-error');
      return claims.data;
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw new InvalidTokenError('auth/id-token-expired');
      if (error instanceof joseErrors.JOSEError) throw new InvalidTokenError('auth/invalid-id-token');
      throw error;
    }
  }
}

/** Seconds before expiry from which a remembered signature is checked again. */
const CACHE_MARGIN_SECONDS = 30;
const CACHE_ENTRIES = 50_000;

/**
 * Verifies ID tokens of the embedded identity: the signature (remembered per token until shortly
 * before it expires, as it cannot change), then, on every request, the account as it is now: a
 * deleted or disabled account, or a token from before a password change, is refused at once.
 * The email and its verified state are read from the account, so a user who just verified is
 * let in without waiting for a new token.
 */
export function embeddedTokenVerifier(
  tokens: IdTokens,
  store: IdentityStore,
  nowSeconds = () => Date.now() / 1000,
): TokenVerifier {
  const signatures = new Map<string, z.infer<typeof claimsSchema>>();
  const checked = async (idToken: string) => {
    const remembered = signatures.get(idToken);
    if (remembered !== undefined && remembered.exp - CACHE_MARGIN_SECONDS > nowSeconds()) return remembered;
    signatures.delete(idToken);
    const claims = await tokens.check(idToken);
    if (signatures.size >= CACHE_ENTRIES) {
      const oldest = signatures.keys().next().value;
      if (oldest !== undefined) signatures.delete(oldest);
    }
    signatures.set(idToken, claims);
    return claims;
  };
  return {
    async verify(idToken): Promise<VerifiedUser> {
      const claims = await checked(idToken);
      if (claims.exp <= nowSeconds()) throw new InvalidTokenError('auth/id-token-expired');
      const user = store.user(claims.sub);
      if (user === null) throw new InvalidTokenError('auth/user-not-found');
      if (user.disabled) throw new InvalidTokenError('auth/user-disabled');
      if (user.sessionVersion !== claims.sv) throw new InvalidTokenError('auth/id-token-revoked');
      return {
        uid: user.uid,
        email: user.email,
        emailVerified: user.emailVerified,
        expiresAt: claims.exp,
        authTime: claims.auth_time,
      };
    },
  };
}
