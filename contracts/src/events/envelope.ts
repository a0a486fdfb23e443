import { z } from 'zod';

export const eventMetadataSchema = z
  .object({
    userId: z.string().min(1).max(128),
    commandId: z.string().uuid(),
    correlationId: z.string().uuid(),
    causationId: z.string().uuid().optional(),
    occurredAt: z.iso.datetime(),
    schemaVersion: z.number().int().positive(),
  })
  .strict();

export type EventMetadata = z.infer<typeof eventMetadataSchema>;

/** An event as the domain sees it: plaintext data, before encryption for storage. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
}

/** An event with its envelope, ready to append or just read. */
export interface EventEnvelope<Type extends string = string, Data = unknown> extends DomainEvent<Type, Data> {
  readonly id: string;
  readonly metadata: EventMetadata;
}

/** Stream names: `profile-<uid>`, `transaction-<uuid>`, `transfer-<uuid>`, `debt-<uuid>`, `recurring-<uuid>`, `import-<uuid>`, `restore-<uuid>`. */
export const streamIds = {
  profile: (userId: string) => `profile-${userId}`,
  transaction: (transactionId: string) => `transaction-${transactionId}`,
  transfer: (transferId: string) => `transfer-${transferId}`,
  debt: (debtId: string) => `debt-${debtId}`,
  recurring: (ruleId: string) => `recurring-${ruleId}`,
  /** An import batch (imports.ts). */
  import: (batchId: string) => `import-${batchId}`,
  /** A restore of a backup into an account (backup.ts): `restoreStreamId(uid, backupId)`. */
  restore: (restoreId: string) => `restore-${restoreId}`,
} as const;

export function streamCategory(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash < 0 ? streamId : streamId.slice(0, dash);
}
