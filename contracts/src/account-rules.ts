/**
 * Rules of identity and account commands that the browser shares with the server, without
 * schemas (so the web app does not load zod for them).
 */
export const LOCALES = ['en', 'th', 'lo'] as const;

/** Verification codes (DESIGN.md section 9). */
export const VERIFICATION = {
  codeLength: 6,
  validSeconds: 15 * 60,
  maxAttempts: 5,
  resendAfterSeconds: 60,
} as const;

/** The phrase a user types to confirm deleting the account, in every language. */
export const DELETE_ACCOUNT_PHRASE = 'Delete My Account';

/** Why a user left; a choice, never free text, so the deletion record holds no personal data. */
export const DELETION_REASONS = ['not_useful', 'too_complicated', 'privacy', 'switching', 'other'] as const;
export type DeletionReason = (typeof DELETION_REASONS)[number];

/** Whether a typed email is the account's (case and surrounding spaces ignored). */
export function sameEmail(typed: string, account: string | null): boolean {
  return account !== null && typed.trim().toLowerCase() === account.trim().toLowerCase();
}
