import { z } from 'zod';
import { uuidSchema } from '../ids.js';

/**
 * Email verification of one user, on the stream `verification-<uid>`. The code itself is
 * never stored: only a SHA-256 over the user id, the issue id and the code, sealed with the
 * user's data key like every personal field, and so is the address it went to.
 */
export const verificationStreamId = (userId: string) => `verification-${userId}`;

const codeHashSchema = z.string().regex(/^[0-9a-f]{64}$/);
const emailSchema = z.string().min(1).max(254);

export const verificationCodeIssuedSchema = z
  .object({
    issueId: uuidSchema,
    email: emailSchema,
    codeHash: codeHashSchema,
    issuedAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
  })
  .strict();

/** A wrong code was tried against the issued one; five of them use the code up. */
export const verificationCodeRejectedSchema = z.object({ issueId: uuidSchema }).strict();

export const emailVerifiedSchema = z.object({ issueId: uuidSchema, email: emailSchema }).strict();

export type VerificationCodeIssued = {
  type: 'VerificationCodeIssued';
  data: z.infer<typeof verificationCodeIssuedSchema>;
};
export type VerificationCodeRejected = {
  type: 'VerificationCodeRejected';
  data: z.infer<typeof verificationCodeRejectedSchema>;
};
export type EmailVerified = { type: 'EmailVerified'; data: z.infer<typeof emailVerifiedSchema> };
export type VerificationEvent = VerificationCodeIssued | VerificationCodeRejected | EmailVerified;

export const verificationEventSchemas = {
  VerificationCodeIssued: verificationCodeIssuedSchema,
  VerificationCodeRejected: verificationCodeRejectedSchema,
  EmailVerified: emailVerifiedSchema,
} as const;

export const verificationPersonalFields = {
  VerificationCodeIssued: ['email', 'codeHash'],
  VerificationCodeRejected: [],
  EmailVerified: ['email'],
} as const satisfies Record<VerificationEvent['type'], readonly string[]>;
