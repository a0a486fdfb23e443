import { randomBytes, randomInt } from 'node:crypto';
import { z } from 'zod';
import type { AttemptCounter } from './attempt-limits.js';
import type { IdentityLimits } from './attempt-limits.js';
import type { IdTokens } from './id-tokens.js';
import { normalizeEmail, type IdentityUser } from './identity-records.js';
import { type IdentityStore } from './identity-store.js';

/* The embedded identity service's rules: lifetimes, refusals, input checks and new ids. */

/** The password policy served to the web app (`/v2/passwordPolicy`) and enforced here. */
export const PASSWORD_POLICY = { minLength: 6, maxLength: 128 } as const;
/** A refresh token unused for this long expires. */
export const REFRESH_TOKEN_MS = 180 * 24 * 3600_000;
/**
 * A refresh token exchanged less than this long ago may be exchanged again (two tabs of one
 * browser refreshing at once); later, a second use revokes its whole family.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;
/** Exchanged refresh tokens are remembered this long, so a late second use still revokes. */
export const USED_REFRESH_TOKENS_KEPT_MS = 30 * 24 * 3600_000;
export const RESET_CODE_MS = 3600_000;
export const SIGN_IN_CODE_MS = 120_000;
/** Changing the password needs a sign-in this recent, as Firebase asks. */
export const RECENT_SIGN_IN_SECONDS = 300;

/** A refusal, named by the Identity Toolkit's server code (`EMAIL_EXISTS` …) the SDK maps. */
export class IdentityError extends Error {
  override readonly name = 'IdentityError';
  constructor(
    readonly code: string,
    readonly status = 400,
    readonly retryAfterSeconds?: number,
  ) {
    super(code);
  }
}

export interface Session {
  readonly user: IdentityUser;
  readonly idToken: string;
  readonly refreshToken: string;
  readonly expiresIn: number;
  readonly isNewUser: boolean;
}

export const emailSchema = z.string().trim().max(254).pipe(z.email());

export function checkedEmail(email: unknown): string {
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) throw new IdentityError(email === undefined || email === '' ? 'MISSING_EMAIL' : 'INVALID_EMAIL');
  return normalizeEmail(parsed.data);
}

export function checkedNewPassword(password: unknown): string {
  if (typeof password !== 'string' || password === '') throw new IdentityError('MISSING_PASSWORD');
  const length = [...password].length;
  if (length < PASSWORD_POLICY.minLength) {
    throw new IdentityError(`WEAK_PASSWORD : Password should be at least ${PASSWORD_POLICY.minLength} characters`);
  }
  if (length > PASSWORD_POLICY.maxLength) throw new IdentityError('PASSWORD_DOES_NOT_MEET_REQUIREMENTS');
  return password;
}

export const UID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 28 letters and digits, like Firebase's uids. */
export function newUid(): string {
  let uid = '';
  for (let i = 0; i < 28; i += 1) uid += UID_ALPHABET[randomInt(UID_ALPHABET.length)];
  return uid;
}

export function secret(): string {
  return randomBytes(32).toString('base64url');
}

export interface FederatedSignIn {
  readonly provider: string;
  readonly subject: string;
  readonly email: string | null;
  readonly emailVerified: boolean;
  readonly displayName: string | null;
}

export interface IdentityServiceOptions {
  readonly store: IdentityStore;
  readonly tokens: IdTokens;
  readonly limits?: IdentityLimits;
  readonly now?: () => number;
}

/** Refuses (429 with the wait) while any of the counters is over its limit for its key. */
export function refuseWhileLimited(...counters: [AttemptCounter, string][]): void {
  const wait = Math.max(...counters.map(([counter, key]) => counter.retryAfter(key)));
  if (wait > 0) throw new IdentityError('TOO_MANY_ATTEMPTS_TRY_LATER', 429, wait);
}

/** A new account with a new uid: enabled, no photo, its first session version. */
export function newUser(
  fields: Pick<
    IdentityUser,
    'email' | 'emailVerified' | 'displayName' | 'passwordHash' | 'createdAt' | 'lastLoginAt' | 'passwordUpdatedAt'
  >,
): IdentityUser {
  return { uid: newUid(), photoUrl: null, sessionVersion: 1, disabled: false, ...fields };
}
