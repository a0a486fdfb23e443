import { z } from 'zod';
import { DELETION_REASONS, LOCALES } from '../account-rules.js';
import { uuidSchema } from '../ids.js';

export {
  DELETE_ACCOUNT_PHRASE,
  DELETION_REASONS,
  LOCALES,
  VERIFICATION,
  sameEmail,
  type DeletionReason,
} from '../account-rules.js';

/**
 * Identity and account commands. They go to `POST /api/commands/<Name>` like every other
 * command; RequestPasswordReset is the only one a guest may send.
 */
export const localeSchema = z.enum(LOCALES, { error: 'field_invalid' });

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
