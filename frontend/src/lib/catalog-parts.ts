/**
 * Which of the app's messages a guest's pages need (the login, sign-up, verification and
 * password pages, the home page, the error pages and the shell around them) and which only the
 * signed-in app shows. The build ships the first as each language's catalog
 * (`locales/<locale>.json`) and the rest as `virtual:plenty-app-messages/<locale>`, which is
 * downloaded once someone is signed in (see vite.config.ts and lib/messages.ts).
 *
 * A key belongs to the signed-in app when its first segment is one of `SIGNED_IN_SECTIONS`, or
 * when it is the error message of a code only a signed-in request can get. Every other key,
 * new ones included, stays with the guest's catalog: forgetting a section here costs bytes on
 * the login page, never a missing message. `catalog-parts.test.ts` checks that every message the
 * guest's pages name is in the guest's part.
 */

/** Sections of the catalog that only signed-in pages show. */
export const SIGNED_IN_SECTIONS: ReadonlySet<string> = new Set([
  'account',
  'alerts',
  'backup',
  'budget',
  'categories',
  'category',
  'dashboard',
  'debts',
  'activity',
  'datefield',
  'export',
  'goals',
  'icon',
  'import',
  'money',
  'pending',
  'preferences',
  'recurring',
  'restore',
  'settings',
  'split',
  'sync',
  'tags',
  'timefield',
  'transaction',
  'transactions',
  'transfer',
  'upcoming',
  'wallet',
]);

/**
 * Error codes a guest can meet: the request's shape, the identity's and the transport's (see
 * contracts/errors.ts), and the network. The errors of the app's records (transactions, debts,
 * wallets, imports, …) come with the signed-in part.
 */
export const GUEST_ERROR_CODES: ReadonlySet<string> = new Set([
  'validation_failed',
  'unknown_field',
  'field_required',
  'field_invalid',
  'text_too_long',
  'name_required',
  'time_zone_invalid',
  'email_required',
  'email_invalid',
  'verification_code_required',
  'verification_code_invalid',
  'email_not_verified',
  'email_already_verified',
  'verification_code_wrong',
  'verification_code_expired',
  'verification_code_missing',
  'verification_attempts_exceeded',
  'verification_resend_too_early',
  'requires_recent_login',
  'account_email_mismatch',
  'account_phrase_mismatch',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'unknown_command',
  'storage_full',
  'storage_unavailable',
  'view_quarantined',
  'internal',
  'network',
]);

/** True for a message only signed-in pages show (downloaded after sign-in). */
export function isSignedInMessage(key: string): boolean {
  const dot = key.indexOf('.');
  const section = dot === -1 ? key : key.slice(0, dot);
  if (section === 'error') return !GUEST_ERROR_CODES.has(key.slice(dot + 1));
  return SIGNED_IN_SECTIONS.has(section);
}
