import { randomUUID } from 'node:crypto';
import { InvalidTokenError } from '../auth/port.js';
import { AttemptCounter, DEFAULT_IDENTITY_LIMITS } from './attempt-limits.js';
import { ID_TOKEN_SECONDS, type IdTokens } from './id-tokens.js';
import type { IdentityStore } from './identity-store.js';
import type { IdentityUser } from './identity-records.js';
import {
  IdentityError,
  PASSWORD_POLICY,
  RECENT_SIGN_IN_SECONDS,
  REFRESH_REUSE_GRACE_MS,
  REFRESH_TOKEN_MS,
  SIGN_IN_CODE_MS,
  USED_REFRESH_TOKENS_KEPT_MS,
  checkedEmail,
  checkedNewPassword,
  newUser,
  refuseWhileLimited,
  secret,
  type FederatedSignIn,
  type IdentityServiceOptions,
  type Session,
} from './identity-rules.js';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './password-hash.js';
import { PasswordReset } from './password-reset.js';
import { accountOfProvider } from './provider-account.js';

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
  /** Attempts with a one-time code (sign-in or reset), per client. */
  private readonly resetCodesByClient: AttemptCounter;
  private readonly reset: PasswordReset;

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
    this.reset = new PasswordReset(this.store, this.now, this.resetCodesByClient);
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
    refuseWhileLimited([this.signUpsByClient, client], [this.signUpsByAddress, email]);
    this.signUpsByClient.record(client);
    this.signUpsByAddress.record(email);
    const displayName =
      typeof input.displayName === 'string' && input.displayName !== '' ? input.displayName.slice(0, 256) : null;
    const now = this.now();
    const user = newUser({
      email,
      emailVerified: false,
      displayName,
      passwordHash: await hashPassword(password),
      createdAt: now,
      lastLoginAt: now,
      passwordUpdatedAt: now,
    });
    if (!this.store.insertUser(user)) throw new IdentityError('EMAIL_EXISTS');
    return this.startSession(user, 'password', true);
  }

  /** The same answer, after the same work, for an unknown address and a wrong password. */
  async signInWithPassword(input: { email?: unknown; password?: unknown }, client: string): Promise<Session> {
    const email = checkedEmail(input.email);
    if (typeof input.password !== 'string' || input.password === '') throw new IdentityError('MISSING_PASSWORD');
    const password = input.password.slice(0, PASSWORD_POLICY.maxLength * 4);
    refuseWhileLimited([this.signInsByClient, client], [this.signInFailures, email]);
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
    refuseWhileLimited([this.resetCodesByClient, client]);
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
    const uid = this.store.transaction(() => accountOfProvider(this.store, identity, now));
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
    return this.reset.codeFor(email);
  }

  /** The address a reset code is for. */
  checkResetCode(code: unknown, client: string): string {
    return this.reset.check(code, client);
  }

  /** Sets the new password with a reset code, once; every session of the account ends. */
  resetPassword(code: unknown, newPassword: unknown, client: string): Promise<string> {
    return this.reset.resetPassword(code, newPassword, client);
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
