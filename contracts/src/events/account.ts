import { z } from 'zod';
import { DELETION_REASONS } from '../commands/account.js';

/**
 * The record that accounts were erased, in one stream of its own (`account-erasures`). It
 * holds no personal data: the user id, the chosen reason and when. It outlives the user's
 * other streams, for audit, and tells a restarted service which erasures to finish.
 */
export const ACCOUNT_ERASURES_STREAM = 'account-erasures';

export const accountErasureStartedSchema = z
  .object({ userId: z.string().min(1).max(128), reason: z.enum(DELETION_REASONS).optional() })
  .strict();

export const accountErasedSchema = z
  .object({
    userId: z.string().min(1).max(128),
    reason: z.enum(DELETION_REASONS).optional(),
    startedAt: z.iso.datetime(),
  })
  .strict();

export type AccountErasureStarted = {
  type: 'AccountErasureStarted';
  data: z.infer<typeof accountErasureStartedSchema>;
};
export type AccountErased = { type: 'AccountErased'; data: z.infer<typeof accountErasedSchema> };
export type AccountEvent = AccountErasureStarted | AccountErased;

export const accountEventSchemas = {
  AccountErasureStarted: accountErasureStartedSchema,
  AccountErased: accountErasedSchema,
} as const;

export const accountPersonalFields = {
  AccountErasureStarted: [],
  AccountErased: [],
} as const satisfies Record<AccountEvent['type'], readonly string[]>;
