import Database from 'better-sqlite3';
import { openOrExplainDamage } from '../damaged-database.js';
import { createScrubMarker, markScrubOwed, scrubIfOwed, scrubOwedAtOpen } from '../sqlite-scrub.js';
import {
  SCHEMA,
  digest,
  normalizeEmail,
  toUser,
  type ActionCodeRecord,
  type FederatedIdentity,
  type IdentityUser,
  type RefreshTokenRecord,
  type UserRow,
} from './identity-records.js';

/**
 * The embedded identity's accounts, sessions and one-time codes in their own SQLite file
 * (`identity.db`). Every change is committed with a full fsync before the caller answers, so
 * an account, a password change or a deletion the browser was told about survives a power
 * cut. Deleted rows are overwritten (secure_delete), and after an account's deletion the file
 * is written anew and the log truncated (`scrubIfOwed`: b-tree balancing leaves copies of moved
 * rows that secure_delete does not reach), so a copy of the folder taken afterwards holds
 * nothing of the account.
 */
/** Accounts remembered at most (all are forgotten when full: read again as needed). */
const USERS_REMEMBERED = 50_000;

export class IdentityStore {
  private readonly db: Database.Database;
  private readonly statements;
  /**
   * Accounts as last read, by uid: every request's token is checked against its account, and
   * only this store changes them. Each change forgets the account it touches; nothing read
   * inside a transaction is kept, so a rolled-back change is never remembered.
   */
  private readonly users = new Map<string, IdentityUser>();

  constructor(path: string) {
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('secure_delete = ON');
    this.db.exec(SCHEMA);
    createScrubMarker(this.db);
    // A process stopped between a deletion's commit and its scrub scrubs now.
    scrubOwedAtOpen(this.db);
    const db = this.db;
    this.statements = {
      byUid: db.prepare<[string], UserRow>('SELECT * FROM users WHERE uid = ?'),
      byEmail: db.prepare<[string], UserRow>('SELECT * FROM users WHERE email = ?'),
      insertUser: db.prepare(
        `INSERT INTO users (uid, email, email_verified, display_name, photo_url, password_hash, created_at,
           last_login_at, password_updated_at, session_version, disabled)
         VALUES (@uid, @email, @email_verified, @display_name, @photo_url, @password_hash, @created_at,
           @last_login_at, @password_updated_at, @session_version, @disabled)
         ON CONFLICT (uid) DO NOTHING`,
      ),
      setProfile: db.prepare('UPDATE users SET display_name = ?, photo_url = ? WHERE uid = ?'),
      setPassword: db.prepare(
        'UPDATE users SET password_hash = ?, password_updated_at = ?, session_version = session_version + 1 WHERE uid = ?',
      ),
      setVerified: db.prepare('UPDATE users SET email_verified = 1 WHERE uid = ?'),
      setLastLogin: db.prepare('UPDATE users SET last_login_at = ? WHERE uid = ?'),
      setDisabled: db.prepare('UPDATE users SET disabled = ?, session_version = session_version + 1 WHERE uid = ?'),
      deleteUser: db.prepare('DELETE FROM users WHERE uid = ?'),
      federated: db.prepare<[string, string], FederatedIdentity>(
        'SELECT provider, subject, uid, email, display_name AS displayName FROM federated_identities WHERE provider = ? AND subject = ?',
      ),
      federatedOf: db.prepare<[string], FederatedIdentity>(
        'SELECT provider, subject, uid, email, display_name AS displayName FROM federated_identities WHERE uid = ?',
      ),
      insertFederated: db.prepare(
        'INSERT INTO federated_identities (provider, subject, uid, email, display_name) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
      ),
      deleteFederated: db.prepare('DELETE FROM federated_identities WHERE uid = ?'),
      insertRefresh: db.prepare(
        `INSERT INTO refresh_tokens (token_hash, uid, family, auth_time, sign_in_provider, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      refresh: db.prepare<
        [string],
        {
          uid: string;
          family: string;
          authTime: number;
          signInProvider: string;
          expiresAt: number;
          usedAt: number | null;
        }
      >(
        `SELECT uid, family, auth_time AS authTime, sign_in_provider AS signInProvider, expires_at AS expiresAt,
           used_at AS usedAt FROM refresh_tokens WHERE token_hash = ?`,
      ),
      useRefresh: db.prepare('UPDATE refresh_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL'),
      deleteFamily: db.prepare('DELETE FROM refresh_tokens WHERE family = ?'),
      deleteRefreshOf: db.prepare('DELETE FROM refresh_tokens WHERE uid = ?'),
      deleteStaleRefresh: db.prepare(
        'DELETE FROM refresh_tokens WHERE expires_at < ? OR (used_at IS NOT NULL AND used_at < ?)',
      ),
      insertCode: db.prepare(
        'INSERT INTO action_codes (code_hash, uid, kind, provider, expires_at) VALUES (?, ?, ?, ?, ?)',
      ),
      code: db.prepare<[string], ActionCodeRecord>(
        'SELECT uid, kind, provider, expires_at AS expiresAt, used_at AS usedAt FROM action_codes WHERE code_hash = ?',
      ),
      useCode: db.prepare('UPDATE action_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL'),
      deleteCodesOf: db.prepare('DELETE FROM action_codes WHERE uid = ?'),
      deleteStaleCodes: db.prepare('DELETE FROM action_codes WHERE expires_at < ?'),
      count: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM users'),
    };
  }

  user(uid: string): IdentityUser | null {
    const known = this.users.get(uid);
    if (known !== undefined) return known;
    const row = this.statements.byUid.get(uid);
    if (row === undefined) return null;
    const user = Object.freeze(toUser(row));
    if (!this.db.inTransaction) {
      if (this.users.size >= USERS_REMEMBERED) this.users.clear();
      this.users.set(uid, user);
    }
    return user;
  }

  /** Forgets what was read of the account before it changes. */
  private changing(uid: string): void {
    this.users.delete(uid);
  }

  userByEmail(email: string): IdentityUser | null {
    const row = this.statements.byEmail.get(normalizeEmail(email));
    return row === undefined ? null : toUser(row);
  }

  userCount(): number {
    return this.statements.count.get()?.n ?? 0;
  }

  /** False when the uid or the address is taken already. */
  insertUser(user: IdentityUser): boolean {
    this.changing(user.uid);
    try {
      const result = this.statements.insertUser.run({
        uid: user.uid,
        email: user.email === null ? null : normalizeEmail(user.email),
        email_verified: user.emailVerified ? 1 : 0,
        display_name: user.displayName,
        photo_url: user.photoUrl,
        password_hash: user.passwordHash,
        created_at: user.createdAt,
        last_login_at: user.lastLoginAt,
        password_updated_at: user.passwordUpdatedAt,
        session_version: user.sessionVersion,
        disabled: user.disabled ? 1 : 0,
      });
      return result.changes === 1;
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') return false;
      throw error;
    }
  }

  /** Creates the user and links the provider's subject to it, in one commit. */
  insertFederatedUser(user: IdentityUser, identity: Omit<FederatedIdentity, 'uid'>): boolean {
    return this.db.transaction(() => {
      if (!this.insertUser(user)) return false;
      this.link({ ...identity, uid: user.uid });
      return true;
    })();
  }

  link(identity: FederatedIdentity): void {
    this.statements.insertFederated.run(
      identity.provider,
      identity.subject,
      identity.uid,
      identity.email,
      identity.displayName,
    );
  }

  federated(provider: string, subject: string): FederatedIdentity | null {
    return this.statements.federated.get(provider, subject) ?? null;
  }

  federatedOf(uid: string): FederatedIdentity[] {
    return this.statements.federatedOf.all(uid);
  }

  setProfile(uid: string, displayName: string | null, photoUrl: string | null): void {
    this.changing(uid);
    this.statements.setProfile.run(displayName, photoUrl, uid);
  }

  /** Sets the password and ends every session: refresh tokens go, older ID tokens are refused. */
  setPassword(uid: string, passwordHash: string, now: number): void {
    this.changing(uid);
    this.db.transaction(() => {
      this.statements.setPassword.run(passwordHash, now, uid);
      this.statements.deleteRefreshOf.run(uid);
    })();
  }

  markEmailVerified(uid: string): void {
    this.changing(uid);
    this.statements.setVerified.run(uid);
  }

  recordSignIn(uid: string, now: number): void {
    this.changing(uid);
    this.statements.setLastLogin.run(now, uid);
  }

  setDisabled(uid: string, disabled: boolean): void {
    this.changing(uid);
    this.db.transaction(() => {
      this.statements.setDisabled.run(disabled ? 1 : 0, uid);
      if (disabled) this.statements.deleteRefreshOf.run(uid);
    })();
  }

  /**
   * Removes the account, its sessions, codes and linked providers, then writes the file anew
   * and truncates the log. Throws when the scrub could not finish (a deletion run again scrubs).
   */
  deleteUser(uid: string): void {
    this.changing(uid);
    this.db.transaction(() => {
      const deleted =
        this.statements.deleteRefreshOf.run(uid).changes +
        this.statements.deleteCodesOf.run(uid).changes +
        this.statements.deleteFederated.run(uid).changes +
        this.statements.deleteUser.run(uid).changes;
      if (deleted > 0) markScrubOwed(this.db);
    })();
    scrubIfOwed(this.db);
  }

  /** Revokes every session of the user (sign-out everywhere). */
  revokeSessionsOf(uid: string): void {
    this.statements.deleteRefreshOf.run(uid);
  }

  insertRefreshToken(token: string, record: Omit<RefreshTokenRecord, 'usedAt'>, now: number): void {
    this.statements.insertRefresh.run(
      digest(token),
      record.uid,
      record.family,
      record.authTime,
      record.signInProvider,
      now,
      record.expiresAt,
    );
  }

  refreshToken(token: string): RefreshTokenRecord | null {
    return this.statements.refresh.get(digest(token)) ?? null;
  }

  /** Marks the token exchanged; false when it had been already (by a concurrent request). */
  useRefreshToken(token: string, now: number): boolean {
    return this.statements.useRefresh.run(now, digest(token)).changes === 1;
  }

  revokeFamily(family: string): void {
    this.statements.deleteFamily.run(family);
  }

  insertActionCode(code: string, record: Omit<ActionCodeRecord, 'usedAt'>): void {
    this.statements.insertCode.run(digest(code), record.uid, record.kind, record.provider, record.expiresAt);
  }

  actionCode(code: string): ActionCodeRecord | null {
    return this.statements.code.get(digest(code)) ?? null;
  }

  /** False when the code was used already. */
  useActionCode(code: string, now: number): boolean {
    return this.statements.useCode.run(now, digest(code)).changes === 1;
  }

  /** Forgets expired codes, expired tokens and exchanged tokens past their grace. */
  sweep(now: number, usedBefore: number): void {
    this.statements.deleteStaleRefresh.run(now, usedBefore);
    this.statements.deleteStaleCodes.run(now);
  }

  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

/** A damaged `identity.db` stops the start with one sentence naming it, and is left untouched. */
export function openIdentityStore(path: string): Promise<IdentityStore> {
  return openOrExplainDamage(path, async () => new IdentityStore(path));
}
