import { z } from 'zod';
import { uuidSchema, uuidV5 } from './ids.js';
import { importRefSchema } from './import-ref.js';
import { recurrenceRefSchema } from './recurring.js';

/*
 * A complete backup of one user's data, and its restore (docs/BACKUP-FORMAT.md is the reader's
 * description of the file; this module is its definition).
 *
 * The file. "Download all my data" (`GET /api/backup/link` → a 5-minute signed link to
 * `GET /api/backup/file?token=…`, served by the command API, which holds the events) gives one ZIP
 * file `plenty-backup-YYYY-MM-DD.zip`:
 *
 *   manifest.json     BackupManifest: format "plenty-backup", version, backup id, when, whose,
 *                     how many events, the receipts it holds, the files below
 *   events.jsonl      every event of the user's own streams (transactions, transfers, recurring
 *                     rules, profile: categories, preferences, rates, goals, wallets, tag renames,
 *                     category budgets; debts; imports),
 *                     one BackupEvent per line in the order they happened, personal text in
 *                     plain text. This is the record a restore replays: every view (budgets,
 *                     reports, schedules, balances, the history of each movement) is rebuilt from it.
 *   transactions.csv  the transactions as they stand, in the CSV export's columns and language
 *                     (a split transaction one record per line)
 *   history.csv       the readable history of every money movement: one row per event, oldest first
 *                     (when, what happened, the item, its amount, category, wallet and note)
 *   receipts/<ref>.<ext>  each receipt file, listed in the manifest with its SHA-256
 *
 * Restore. Into an empty account, or into one with data when the user confirms the merge:
 *   1. `StartRestore { backupId, sourceUserId, merge, eventCount }` (stream
 *      `restore-<restoreStreamId(uid, backupId)>`): 409 `restore_account_not_empty` when the account
 *      has data and `merge` is false; 422 `restore_same_account` for a backup of this same account
 *      (its records are here already). Sending it again is a retry.
 *   2. The browser uploads each receipt file (`POST /api/receipts`) and gets its new reference.
 *   3. `POST /api/restore/events { backupId, receipts, events }` in order, at most
 *      `RESTORE_EVENTS_PER_REQUEST` events per request. Each event is checked against its type's
 *      schema (an unknown type, a stream outside `RESTORED_STREAMS` or bad data is refused with
 *      `backup_invalid`, and that request changes nothing), its ids moved into the restoring
 *      user's space (`restoredId`; derived ids are derived again: a default wallet's from the new
 *      user, an occurrence's from the new rule id and its date, an import row's from the new batch
 *      id and its row, both named by the event's `origin`; receipt references through `receipts`, old → new), and appended with
 *      `occurredAt` kept, so every date of the history stays as it was. Event ids are derived
 *      too (`restoredId` of the old event id), so a request sent again, or the same backup
 *      restored again, appends nothing twice.
 *   4. `FinishRestore { backupId, appended, existing }` records the summary.
 *
 * Errors: 404 `restore_not_started`; 409 `restore_account_not_empty`; 422
 * `restore_same_account`, `backup_invalid`, `backup_version_unsupported`.
 */

export const BACKUP_FORMAT = 'plenty-backup';
/** The version this code writes; a restore reads versions 1 … BACKUP_VERSION. */
export const BACKUP_VERSION = 1;

/** Stream families a backup holds and a restore writes. */
export const RESTORED_STREAMS = ['profile', 'transaction', 'transfer', 'recurring', 'debt', 'import'] as const;
export type RestoredStream = (typeof RESTORED_STREAMS)[number];

export const BACKUP_LINK_PATH = '/api/backup/link';
export const BACKUP_FILE_PATH = '/api/backup/file';
export const RESTORE_EVENTS_PATH = '/api/restore/events';
/** Most events in one `POST /api/restore/events`. */
export const RESTORE_EVENTS_PER_REQUEST = 1000;
/** Largest backup file the browser opens. */
export const BACKUP_MAX_BYTES = 512 * 1024 * 1024;
/** Largest receipt uploaded: a backup's receipt over it cannot be restored. */
export { RECEIPT_MAX_BYTES } from './views/files.js';

const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);
const streamIdSchema = z
  .string()
  .max(200)
  .regex(/^(profile|transaction|transfer|recurring|debt|import)-[A-Za-z0-9:_-]{1,150}$/, { error: 'backup_invalid' });

/** One event of events.jsonl. `data` is the event's data in its type's current shape, personal text in clear. */
export const backupEventSchema = z
  .object({
    id: uuidSchema,
    streamId: streamIdSchema,
    type: z.string().min(1).max(64),
    data: z.record(z.string(), z.unknown()),
    occurredAt: z.iso.datetime(),
    schemaVersion: z.number().int().positive(),
    /**
     * On every event of a transaction stream a recurring rule posted or an import added (not only
     * its first): the occurrence or the row it came from, so a restore derives the stream's new id
     * again (`occurrenceTransactionId` of the new rule id and the date, `importTransactionId` of the
     * new batch id and the row) for each of its events, in whatever request each one arrives.
     */
    origin: z
      .object({ recurrence: recurrenceRefSchema.optional(), import: importRefSchema.optional() })
      .strict()
      .optional(),
  })
  .strict();
export type BackupEvent = z.infer<typeof backupEventSchema>;

export const backupReceiptSchema = z
  .object({
    ref: z.string().min(1).max(200),
    /** Path of the file inside the ZIP, `receipts/<ref>.<ext>`. */
    path: z.string().regex(/^receipts\/[A-Za-z0-9._-]{1,220}$/),
    sha256: sha256Schema,
    contentType: z.string().min(1).max(100),
    bytes: z.number().int().nonnegative(),
  })
  .strict();
export type BackupReceipt = z.infer<typeof backupReceiptSchema>;

export const backupManifestSchema = z
  .object({
    format: z.literal(BACKUP_FORMAT),
    version: z.number().int().positive(),
    backupId: uuidSchema,
    createdAt: z.iso.datetime(),
    /** The account it was made from (its user id; no email, no password). */
    sourceUserId: z.string().min(1).max(128),
    /** The language of transactions.csv and history.csv. */
    locale: z.enum(['en', 'th', 'lo']),
    eventCount: z.number().int().nonnegative(),
    streamCount: z.number().int().nonnegative(),
    receipts: z.array(backupReceiptSchema),
    files: z
      .object({
        events: z.literal('events.jsonl'),
        transactions: z.literal('transactions.csv'),
        history: z.literal('history.csv'),
      })
      .strict(),
  })
  .strict();
export type BackupManifest = z.infer<typeof backupManifestSchema>;

/** `GET /api/backup/link?locale=`: the language of the readable files. */
export const backupLinkQuerySchema = z.object({ locale: z.enum(['en', 'th', 'lo']).default('en') }).strict();

const commandBase = { commandId: uuidSchema };

// Events on `restore-<restoreStreamId(uid, backupId)>`.
export const restoreStartedSchema = z
  .object({
    backupId: uuidSchema,
    sourceUserId: z.string().min(1).max(128),
    merge: z.boolean(),
    eventCount: z.number().int().nonnegative().max(50_000_000),
  })
  .strict();
export const restoreFinishedSchema = z
  .object({
    backupId: uuidSchema,
    appended: z.number().int().nonnegative(),
    existing: z.number().int().nonnegative(),
  })
  .strict();

export type RestoreStarted = { type: 'RestoreStarted'; data: z.infer<typeof restoreStartedSchema> };
export type RestoreFinished = { type: 'RestoreFinished'; data: z.infer<typeof restoreFinishedSchema> };
export type RestoreEvent = RestoreStarted | RestoreFinished;

export const restoreEventSchemas = {
  RestoreStarted: restoreStartedSchema,
  RestoreFinished: restoreFinishedSchema,
} as const;

export const restorePersonalFields = {
  RestoreStarted: [],
  RestoreFinished: [],
} as const satisfies Record<RestoreEvent['type'], readonly string[]>;

export const startRestoreSchema = restoreStartedSchema.extend(commandBase).strict();
export const finishRestoreSchema = restoreFinishedSchema.extend(commandBase).strict();
export type StartRestore = { type: 'StartRestore'; data: z.infer<typeof startRestoreSchema> };
export type FinishRestore = { type: 'FinishRestore'; data: z.infer<typeof finishRestoreSchema> };
export type RestoreCommand = StartRestore | FinishRestore;

export const restoreCommandSchemas = {
  StartRestore: startRestoreSchema,
  FinishRestore: finishRestoreSchema,
} as const;

/** The body of `POST /api/restore/events`. `receipts`: old receipt reference → the one its upload answered. */
export const restoreEventsRequestSchema = z
  .object({
    backupId: uuidSchema,
    receipts: z
      .record(z.string().min(1).max(200), z.string().min(1).max(200))
      .refine((r) => Object.keys(r).length <= 100_000, { error: 'field_invalid' }),
    events: z.array(backupEventSchema).min(1).max(RESTORE_EVENTS_PER_REQUEST),
  })
  .strict();
export type RestoreEventsRequest = z.infer<typeof restoreEventsRequestSchema>;

export const restoreEventsAnswerSchema = z.object({
  /** Events appended by this request. */
  appended: z.number().int().nonnegative(),
  /** Events found already restored (a retry). */
  existing: z.number().int().nonnegative(),
});
export type RestoreEventsAnswer = z.infer<typeof restoreEventsAnswerSchema>;

/** Namespace of restored ids. */
const RESTORE_NAMESPACE = '3e9c6a15-7b28-4d4f-a1e0-58c2f9d7b604';

/** The id an item (or event, or command) of a backup gets in the restoring user's account. */
export const restoredId = (userId: string, oldId: string): string =>
  uuidV5(`${userId}/${oldId.toLowerCase()}`, RESTORE_NAMESPACE);

/** The restore's own stream id part: one restore per backup and account. */
export const restoreStreamId = (userId: string, backupId: string): string =>
  uuidV5(`restore:${userId}/${backupId.toLowerCase()}`, RESTORE_NAMESPACE);
