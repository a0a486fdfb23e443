import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { InvalidTokenError } from '../auth/port.js';
import { AttemptCounter, DEFAULT_IDENTITY_LIMITS, type IdentityLimits } from './attempt-limits.js';
import { ID_TOKEN_SECONDS, type IdTokens } from './id-tokens.js';
import { normalizeEmail, type IdentityStore, type IdentityUser } from './identity-store.js';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './password-hash.js';

/** The password policy served to the web app (`/v2/passwordPolicy`) and enforced here. */
export const PASSWORD_POLICY = { minLength: 6, maxLength: 128 } as const;
/** A refresh token unused for this long expires. */
const REFRESH_TOKEN_MS = 180 * 24 * 3600_000;
/**
 * A refresh token exchanged less than this long ago may be exchanged again (two tabs of one
 * browser refreshing at once); later, a second use revokes its whole family.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;
/** Exchanged refresh tokens are remembered this long, so a late second use still revokes. */
const USED_REFRESH_TOKENS_KEPT_MS = 30 * 24 * 3600_000;
const RESET_CODE_MS = 3600_000;
const SIGN_IN_CODE_MS = 120_000;
/** Changing the password needs a sign-in this recent, as Firebase asks. */
const RECENT_SIGN_IN_SECONDS = 300;

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

const emailSchema = z.string().trim().max(254).pipe(z.email());

function checkedEmail(email: unknown): string {
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) throw new IdentityError(email === undefined || email === '' ? 'MISSING_EMAIL' : 'INVALID_EMAIL');
  return normalizeEmail(parsed.data);
}

function checkedNewPassword(password: unknown): string {
  if (typeof password !== 'string' || password === '') throw new IdentityError('MISSING_PASSWORD');
  const length = [...password].length;
  if (length < PASSWORD_POLICY.minLength) {
    throw new IdentityError(`WEAK_PASSWORD : Password should be at least ${PASSWORD_POLICY.minLength} characters`);
  }
  if (length > PASSWORD_POLICY.maxLength) throw new IdentityError('PASSWORD_DOES_NOT_MEET_REQUIREMENTS');
  return password;
}

const UID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 28 letters and digits, like Firebase's uids. */
export function newUid(): string {
  let uid = '';
  for (let i = 0; i < 28; i += 1) uid += UID_ALPHABET[randomInt(UID_ALPHABET.length)];
  return uid;
}

function secret(): string {
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

/**
 * What the embedded identity does, apart from HTTP: accounts, password sign-in, sessions with
 * rotating refresh tokens, password reset codes and one-time codes that finish a sign-in with
 * a provider. Every change is committed before the method returns.
 */
export class IdentityService {
  private readonly store: IdentityStore;
  private readonly tokens: IdTokens;
  private readonly now: () => number;
  private readonly signInFailures: AttemptCounter;
  private readonly signInsByClient: AttemptCounter;
  private readonly signUpsByClient: AttemptCounter;
  private readonly signUpsByAddress: AttemptCounter;
  private readonly resetCodesByClient: AttemptCounter;

  constructor(options: IdentityServiceOptions) {
    this.store = options.store;
    this.tokens = options.tokens;
    this.now = options.now ?? Date.now;
    const limits = options.limits ?? DEFAULT_IDENTITY_LIMITS;
    this.signInFailures = new AttemptCounter(limits.signInFailuresPerAddress, this.now);
    this.signInsByClient = new AttemptCounter(limits.signInsPerClient, this.now);
    this.signUpsByClient = new AttemptCounter(limits.signUpsPerClient, this.now);
    this.signUpsByAddress = new AttemptCounter(limits.signUpsPerAddress, this.now);
    this.resetCodesByClient = new AttemptCounter(limits.resetCodesPerClient, this.now);
  }

  private limit(...counters: [AttemptCounter, string][]): void {
    const wait = Math.max(...counters.map(([counter, key]) => counter.retryAfter(key)));
    if (wait > 0) throw new IdentityError('TOO_MANY_ATTEMPTS_TRY_LATER', 429, wait);
  }

  private async startSession(user: IdentityUser, signInProvider: string, isNewUser: boolean): Promise<Session> {
    const now = this.now();
    const authTime = Math.floor(now / 1000);
    const refreshToken = secret();
    this.store.insertRefreshToken(
      refreshToken,
      { uid: user.uid, family: randomUUID(), authTime, signInProvider, expiresAt: now + REFRESH_TOKEN_MS },
      now,
    );
    const idToken = await this.tokens.issue({ user, authTime, signInProvider });
    return { user, idToken, refreshToken, expiresIn: ID_TOKEN_SECONDS, isNewUser };
  }

  async signUp(
    input: { email?: unknown; password?: unknown; displayName?: unknown },
    client: string,
  ): Promise<Session> {
    const email = checkedEmail(input.email);
    const password = checkedNewPassword(input.password);
    this.limit([this.signUpsByClient, client], [this.signUpsByAddress, email]);
    this.signUpsByClient.record(client);
    this.signUpsByAddress.record(email);
    const displayName =
      typeof input.displayName === 'string' && input.displayName !== '' ? input.displayName.slice(0, 256) : null;
    const now = this.now();
    const user: IdentityUser = {
      uid: newUid(),
      email,
      emailVerified: false,
      displayName,
      photoUrl: null,
      passwordHash: await hashPassword(password),
      createdAt: now,
      lastLoginAt: now,
      passwordUpdatedAt: now,
      sessionVersion: 1,
      disabled: false,
    };
    if (!this.store.insertUser(user)) throw new IdentityError('EMAIL_EXISTS');
    return this.startSession(user, 'password', true);
  }

  /** The same answer, after the same work, for an unknown address and a wrong password. */
  async signInWithPassword(input: { email?: unknown; password?: unknown }, client: string): Promise<Session> {
    const email = checkedEmail(input.email);
    if (typeof input.password !== 'string' || input.password === '') throw new IdentityError('MISSING_PASSWORD');
    const password = input.password.slice(0, PASSWORD_POLICY.maxLength * 4);
    this.limit([this.signInsByClient, client], [this.signInFailures, email]);
    this.signInsByClient.record(client);
    const user = this.store.userByEmail(email);
    const matches =
      user?.passwordHash == null
        ? await verifyAgainstDecoy(password)
        : await verifyPassword(password, user.passwordHash);
    if (user === null || !matches) {
      this.signInFailures.record(email);
      throw new IdentityError('INVALID_LOGIN_CREDENTIALS');
    }
    if (user.disabled) throw new IdentityError('USER_DISABLED');
    this.signInFailures.forget(email);
    this.store.recordSignIn(user.uid, this.now());
    return this.startSession(user, 'password', false);
  }

  /** Finishes a sign-in with a provider: the one-time code of `startFederatedSignIn`. */
  async signInWithCode(code: unknown, client: string): Promise<Session> {
    if (typeof code !== 'string' || code === '' || code.length > 256) throw new IdentityError('INVALID_CUSTOM_TOKEN');
    this.limit([this.resetCodesByClient, client]);
    const now = this.now();
    const record = this.store.actionCode(code);
    if (
      record === null ||
      record.kind !== 'SIGN_IN' ||
      record.expiresAt < now ||
      !this.store.useActionCode(code, now)
    ) {
      this.resetCodesByClient.record(client);
      throw new IdentityError('INVALID_CUSTOM_TOKEN');
    }
    const user = this.store.user(record.uid);
    if (user === null) throw new IdentityError('USER_NOT_FOUND');
    if (user.disabled) throw new IdentityError('USER_DISABLED');
    this.store.recordSignIn(user.uid, now);
    return this.startSession(user, record.provider ?? 'custom', user.lastLoginAt === null);
  }

  /**
   * The account a provider's subject signs in to: the linked one, else the account with the
   * same address when the provider vouches for it, else a new one. Returns a one-time code
   * (two minutes) that the browser exchanges for a session.
   */
  startFederatedSignIn(identity: FederatedSignIn): string {
    const now = this.now();
    const uid = this.store.transaction(() => {
      const linked = this.store.federated(identity.provider, identity.subject);
      if (linked !== null) return linked.uid;
      const email = identity.email === null ? null : normalizeEmail(identity.email);
      const existing = email === null ? null : this.store.userByEmail(email);
      if (existing !== null) {
        if (!identity.emailVerified) throw new IdentityError('EMAIL_EXISTS');
        this.store.link({ ...identity, email, uid: existing.uid });
        if (!existing.emailVerified) this.store.markEmailVerified(existing.uid);
        return existing.uid;
      }
      const user: IdentityUser = {
        uid: newUid(),
        email,
        emailVerified: email !== null && identity.emailVerified,
        displayName: identity.displayName,
        photoUrl: null,
        passwordHash: null,
        createdAt: now,
        lastLoginAt: null,
        passwordUpdatedAt: null,
        sessionVersion: 1,
        disabled: false,
      };
      this.store.insertFederatedUser(user, { ...identity, email });
      return user.uid;
    });
    const code = secret();
    this.store.insertActionCode(code, {
      uid,
      kind: 'SIGN_IN',
      provider: identity.provider,
      expiresAt: now + SIGN_IN_CODE_MS,
    });
    return code;
  }

  /** Exchanges a refresh token for a new ID token and a new refresh token (rotation). */
  async refresh(refreshToken: unknown): Promise<Session> {
    if (typeof refreshToken !== 'string' || refreshToken === '' || refreshToken.length > 256) {
      throw new IdentityError('INVALID_REFRESH_TOKEN');
    }
    const now = this.now();
    // TOKEN_EXPIRED is the answer on which the Firebase SDK signs the browser out: a token
    // revoked (sign-out, password change, erasure) is forgotten, so unknown means ended.
    const record = this.store.refreshToken(refreshToken);
    if (record === null || record.expiresAt < now) throw new IdentityError('TOKEN_EXPIRED');
    const firstUse = this.store.useRefreshToken(refreshToken, now);
    if (!firstUse) {
      const usedAt = this.store.refreshToken(refreshToken)?.usedAt ?? 0;
      if (now - usedAt > REFRESH_REUSE_GRACE_MS) {
        // Used twice, long apart: one of the two holders stole it. End the whole session.
        this.store.revokeFamily(record.family);
        throw new IdentityError('TOKEN_EXPIRED');
      }
    }
    const user = this.store.user(record.uid);
    if (user === null) throw new IdentityError('TOKEN_EXPIRED');
    if (user.disabled) throw new IdentityError('USER_DISABLED');
    const next = secret();
    this.store.insertRefreshToken(next, { ...record, expiresAt: now + REFRESH_TOKEN_MS }, now);
    const idToken = await this.tokens.issue({ user, authTime: record.authTime, signInProvider: record.signInProvider });
    return { user, idToken, refreshToken: next, expiresIn: ID_TOKEN_SECONDS, isNewUser: false };
  }

  /** Ends the session the refresh token belongs to (sign-out). Unknown tokens are ignored. */
  signOut(refreshToken: unknown): void {
    if (typeof refreshToken !== 'string' || refreshToken.length > 256) return;
    const record = this.store.refreshToken(refreshToken);
    if (record !== null) this.store.revokeFamily(record.family);
  }

  /** The account of a valid ID token. */
  async userOf(idToken: unknown): Promise<{ user: IdentityUser; authTime: number }> {
    if (typeof idToken !== 'string' || idToken === '') throw new IdentityError('INVALID_ID_TOKEN');
    let claims;
    try {
      claims = await this.tokens.check(idToken);
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        throw new IdentityError(error.message === 'auth/id-token-expired' ? 'TOKEN_EXPIRED' : 'INVALID_ID_TOKEN');
      }
      throw error;
    }
    const user = this.store.user(claims.sub);
    if (user === null) throw new IdentityError('USER_NOT_FOUND');
    if (user.disabled) throw new IdentityError('USER_DISABLED');
    if (user.sessionVersion !== claims.sv) throw new IdentityError('TOKEN_EXPIRED');
    return { user, authTime: claims.auth_time };
  }

  providersOf(
    user: IdentityUser,
  ): { provider: string; subject: string; email: string | null; displayName: string | null }[] {
    return this.store.federatedOf(user.uid);
  }

  /**
   * Changes the display name or photo, or the password (which needs a sign-in in the last five
   * minutes and ends every other session). Returns a new session when the password changed.
   */
  async updateAccount(
    idToken: unknown,
    changes: {
      displayName?: unknown;
      photoUrl?: unknown;
      password?: unknown;
      deleteAttribute?: unknown;
      email?: unknown;
    },
  ): Promise<{ user: IdentityUser; session: Session | null }> {
    const { user, authTime } = await this.userOf(idToken);
    if (changes.email !== undefined) throw new IdentityError('OPERATION_NOT_ALLOWED');
    const removed = Array.isArray(changes.deleteAttribute) ? changes.deleteAttribute : [];
    const text = (value: unknown, current: string | null, attribute: string) => {
      if (removed.includes(attribute)) return null;
      if (value === undefined) return current;
      if (typeof value !== 'string') throw new IdentityError('INVALID_REQUEST');
      return value === '' ? null : value.slice(0, 2048);
    };
    const displayName = text(changes.displayName, user.displayName, 'DISPLAY_NAME');
    const photoUrl = text(changes.photoUrl, user.photoUrl, 'PHOTO_URL');
    // Every check comes first: a refused request changes nothing.
    const password = changes.password === undefined ? null : checkedNewPassword(changes.password);
    if (password !== null && this.now() / 1000 - authTime > RECENT_SIGN_IN_SECONDS) {
      throw new IdentityError('CREDENTIAL_TOO_OLD_LOGIN_AGAIN');
    }
    const passwordHash = password === null ? null : await hashPassword(password);
    if (displayName !== user.displayName || photoUrl !== user.photoUrl)
      this.store.setProfile(user.uid, displayName, photoUrl);
    let session: Session | null = null;
    if (passwordHash !== null) {
      this.store.setPassword(user.uid, passwordHash, this.now());
      const changed = this.store.user(user.uid);
      if (changed === null) throw new IdentityError('USER_NOT_FOUND');
      session = await this.startSession(changed, 'password', false);
    }
    const current = this.store.user(user.uid);
    if (current === null) throw new IdentityError('USER_NOT_FOUND');
    return { user: current, session };
  }

  /** A one-hour code that sets a new password for the address's account; null when there is none. */
  passwordResetCode(email: string): string | null {
    const user = this.store.userByEmail(email);
    if (user === null) return null;
    const code = secret();
    this.store.insertActionCode(code, {
      uid: user.uid,
      kind: 'PASSWORD_RESET',
      provider: null,
      expiresAt: this.now() + RESET_CODE_MS,
    });
    return code;
  }

  private resetCode(code: unknown, client: string) {
    if (typeof code !== 'string' || code === '' || code.length > 256) throw new IdentityError('INVALID_OOB_CODE');
    this.limit([this.resetCodesByClient, client]);
    this.resetCodesByClient.record(client);
    const record = this.store.actionCode(code);
    if (record === null || record.kind !== 'PASSWORD_RESET' || record.usedAt !== null) {
      throw new IdentityError('INVALID_OOB_CODE');
    }
    if (record.expiresAt < this.now()) throw new IdentityError('EXPIRED_OOB_CODE');
    const user = this.store.user(record.uid);
    if (user === null || user.email === null) throw new IdentityError('INVALID_OOB_CODE');
    return { record, user };
  }

  /** The address a reset code is for. */
  checkResetCode(code: unknown, client: string): string {
    return this.resetCode(code, client).user.email ?? '';
  }

  /** Sets the new password with a reset code, once; every session of the account ends. */
  async resetPassword(code: unknown, newPassword: unknown, client: string): Promise<string> {
    const { user } = this.resetCode(code, client);
    const password = checkedNewPassword(newPassword);
    const hash = await hashPassword(password);
    const now = this.now();
    this.store.transaction(() => {
      if (!this.store.useActionCode(code as string, now)) throw new IdentityError('INVALID_OOB_CODE');
      this.store.setPassword(user.uid, hash, now);
    });
    return user.email ?? '';
  }

  markEmailVerified(uid: string): void {
    this.store.markEmailVerified(uid);
  }

  emailOf(uid: string): string | null {
    return this.store.user(uid)?.email ?? null;
  }

  deleteUser(uid: string): void {
    this.store.deleteUser(uid);
  }

  setDisabled(uid: string, disabled: boolean): void {
    this.store.setDisabled(uid, disabled);
  }

  /** Forgets expired codes and sessions. */
  sweep(): void {
    const now = this.now();
    this.store.sweep(now, now - USED_REFRESH_TOKENS_KEPT_MS);
  }
}
