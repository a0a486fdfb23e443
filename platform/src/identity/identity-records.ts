import { createHash } from 'node:crypto';

/* What the embedded identity keeps: accounts, provider links, sessions and one-time codes, and its tables. */

export interface IdentityUser {
  readonly uid: string;
  /** Lower case; null for an account from a provider that gave none. */
  readonly email: string | null;
  readonly emailVerified: boolean;
  readonly displayName: string | null;
  readonly photoUrl: string | null;
  /** A hash from password-hash.ts; null when the user signs in with a provider only. */
  readonly passwordHash: string | null;
  /** Milliseconds since epoch. */
  readonly createdAt: number;
  readonly lastLoginAt: number | null;
  readonly passwordUpdatedAt: number | null;
  /**
   * Raised by a password change or reset: ID tokens carry the version they were issued under,
   * and older ones are refused at once.
   */
  readonly sessionVersion: number;
  readonly disabled: boolean;
}

export interface FederatedIdentity {
  readonly provider: string;
  readonly subject: string;
  readonly uid: string;
  readonly email: string | null;
  readonly displayName: string | null;
}

export interface RefreshTokenRecord {
  readonly uid: string;
  readonly family: string;
  readonly authTime: number;
  readonly signInProvider: string;
  readonly expiresAt: number;
  /** When it was exchanged for a new one; null while unused. */
  readonly usedAt: number | null;
}

export type ActionCodeKind = 'PASSWORD_RESET' | 'SIGN_IN';

export interface ActionCodeRecord {
  readonly uid: string;
  readonly kind: ActionCodeKind;
  /** For SIGN_IN codes: the provider the user came back from. */
  readonly provider: string | null;
  readonly expiresAt: number;
  readonly usedAt: number | null;
}

export interface UserRow {
  uid: string;
  email: string | null;
  email_verified: number;
  display_name: string | null;
  photo_url: string | null;
  password_hash: string | null;
  created_at: number;
  last_login_at: number | null;
  password_updated_at: number | null;
  session_version: number;
  disabled: number;
}

export function toUser(row: UserRow): IdentityUser {
  return {
    uid: row.uid,
    email: row.email,
    emailVerified: row.email_verified === 1,
    displayName: row.display_name,
    photoUrl: row.photo_url,
    passwordHash: row.password_hash,
    createdAt: row.created_at,
    lastLoginAt: row.last_login_at,
    passwordUpdatedAt: row.password_updated_at,
    sessionVersion: row.session_version,
    disabled: row.disabled === 1,
  };
}

/** Refresh tokens and action codes are kept only as this digest. */
export function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS users (
  uid TEXT PRIMARY KEY,
  email TEXT UNIQUE,
  email_verified INTEGER NOT NULL DEFAULT 0,
  display_name TEXT,
  photo_url TEXT,
  password_hash TEXT,
  created_at INTEGER NOT NULL,
  last_login_at INTEGER,
  password_updated_at INTEGER,
  session_version INTEGER NOT NULL DEFAULT 1,
  disabled INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS federated_identities (
  provider TEXT NOT NULL,
  subject TEXT NOT NULL,
  uid TEXT NOT NULL,
  email TEXT,
  display_name TEXT,
  PRIMARY KEY (provider, subject)
);
CREATE INDEX IF NOT EXISTS federated_identities_uid ON federated_identities (uid);
CREATE TABLE IF NOT EXISTS refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  uid TEXT NOT NULL,
  family TEXT NOT NULL,
  auth_time INTEGER NOT NULL,
  sign_in_provider TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX IF NOT EXISTS refresh_tokens_uid ON refresh_tokens (uid);
CREATE INDEX IF NOT EXISTS refresh_tokens_family ON refresh_tokens (family);
CREATE TABLE IF NOT EXISTS action_codes (
  code_hash TEXT PRIMARY KEY,
  uid TEXT NOT NULL,
  kind TEXT NOT NULL,
  provider TEXT,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX IF NOT EXISTS action_codes_uid ON action_codes (uid);
`;
