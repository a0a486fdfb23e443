import { z } from 'zod';
import { uuidSchema } from '../ids.js';

/**
 * Identity and account commands. They go to `POST /api/commands/<Name>` like every other
 * command; RequestPasswordReset is the only one a guest may send.
 */
export const LOCALES = ['en', 'th', 'lo'] as const;
export const localeSchema = z.enum(LOCALES, { error: 'field_invalid' });

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

export const emailSchema = z
  .string({ error: 'email_required' })
  .trim()
  .min(1, { error: 'email_required' })
  .max(254, { error: 'email_invalid' })
  .pipe(z.email({ error: 'email_invalid' }));

export const sendVerificationCodeSchema = z.object({ commandId: uuidSchema, locale: localeSchema }).strict();

export const verifyEmailSchema = z
  .object({
    commandId: uuidSchema,
    code: z
      .string({ error: 'verification_code_required' })
      .trim()
      .min(1, { error: 'verification_code_required' })
      .regex(/^\d{6}$/, { error: 'verification_code_invalid' }),
  })
  .strict();

export const requestPasswordResetSchema = z
  .object({ commandId: uuidSchema, email: emailSchema, locale: localeSchema })
  .strict();

export const deleteAccountSchema = z
  .object({
    commandId: uuidSchema,
    confirmEmail: emailSchema,
    confirmPhrase: z.string({ error: 'account_phrase_mismatch' }).max(100, { error: 'account_phrase_mismatch' }),
    reason: z.enum(DELETION_REASONS, { error: 'field_invalid' }).optional(),
  })
  .strict();

export type SendVerificationCode = z.infer<typeof sendVerificationCodeSchema>;
export type VerifyEmail = z.infer<typeof verifyEmailSchema>;
export type RequestPasswordReset = z.infer<typeof requestPasswordResetSchema>;
export type DeleteAccount = z.infer<typeof deleteAccountSchema>;

/** Whether a typed email is the account's (case and surrounding spaces ignored). */
export function sameEmail(typed: string, account: string | null): boolean {
  return account !== null && typed.trim().toLowerCase() === account.trim().toLowerCase();
}
