import { z } from 'zod';
import { transactionTypeSchema } from './categories.js';
import { calendarDateSchema } from './calendar/schema.js';
import { transactionFieldsSchema } from './events/transaction.js';
import { uuidSchema, uuidV5 } from './ids.js';
import { moneySchema, type Money } from './money.js';
import { LIMITS, freeText } from './text.js';
import { IMPORT_MAX_ROWS, importRefSchema } from './import-ref.js';

/*
 * Importing transactions from a file: Plenty's own CSV export, the CSV exports of Money Lover,
 * Actual, Firefly III and Cashew (presets), or any bank statement or spreadsheet mapped by hand.
 *
 * The browser reads the file (`contracts/src/import/`: encoding, delimiter, header, preset, dates,
 * amounts, categories, wallets, rows that look like existing transactions) and the user maps it;
 * the server only ever sees checked rows, never the file.
 *
 * An import is one batch on its own stream `import-<batchId>`, with
 * `batchId = importBatchId(uid, fileSha256, attempt)`: the same file gives the same batch, so
 * uploading it again (or retrying after a dropped connection, a closed tab, a crash of the server)
 * resumes the same batch and never adds a row twice. `attempt` counts the earlier imports of the same
 * file that were undone, so an undone import can be made again (with another mapping).
 *
 * 1. `StartImport` → `ImportStarted` (file name, its SHA-256, the preset, the number of rows).
 *    Sending it again for the same batch is a retry; the same batch id with another file is 409
 *    `import_exists`.
 * 2. `POST /api/imports/rows { batchId, rows }` (at most `IMPORT_ROWS_PER_REQUEST` rows): each row
 *    becomes a `TransactionAdded` with `import: { batchId, row }` on
 *    `transaction-<importTransactionId(uid, batchId, row)>`, created with `no_stream`, through
 *    AddTransaction's checks (category, wallet, currency, archived wallet) with the command id
 *    `importRowCommandId(uid, batchId, row)`. A row already in answers `exists`, a refused one
 *    `refused` with its error code: one bad row never stops another. The answer lists each row.
 * 3. `FinishImport` → `ImportFinished`: the counts the user's summary shows (added, already there,
 *    skipped by reason). Rows may not be sent after it.
 * 4. `UndoImport` → `ImportUndoStarted`; the server then deletes every transaction of the batch that
 *    is still there (`TransactionDeleted` with the command id `importRowCommandId(…, 'undo')`, so
 *    each one's history is kept) and appends `ImportUndone` with how many it deleted. Sending
 *    `UndoImport` again (any command id) finishes an undo cut short; once undone it answers 409
 *    `import_undone`.
 *
 * Errors: 404 `import_not_found` (unknown, or another user's batch); 409 `import_exists`;
 * 409 `import_undone` (rows, finish or undo on an undone batch); 422 `import_finished` (rows after
 * FinishImport); 400 for a request over the limits.
 */

/** Where the file came from: the preset the columns were mapped with (`csv`: mapped by hand). */
export const IMPORT_SOURCES = ['csv', 'plenty', 'money-lover', 'actual', 'firefly-iii', 'cashew'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];
export const importSourceSchema = z.enum(IMPORT_SOURCES, { error: 'field_invalid' });

/** Largest file the import reads, in bytes; a bigger one is refused before it is read. */
export const IMPORT_MAX_BYTES = 25 * 1024 * 1024;
/** Most rows in one `POST /api/imports/rows`. */
export const IMPORT_ROWS_PER_REQUEST = 500;
/** The path of the batch route of the command API. */
export const IMPORT_ROWS_PATH = '/api/imports/rows';

export { IMPORT_MAX_ROWS, importRefSchema, type ImportRef } from './import-ref.js';

const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/, { error: 'field_invalid' });
const countSchema = z.number().int().min(0).max(IMPORT_MAX_ROWS);
/** Why rows were skipped: a reason code (an error code or a file-reading code) and how many. */
const skippedSchema = z
  .record(z.string().regex(/^[a-z][a-z0-9_]{0,63}$/), countSchema)
  .refine((r) => Object.keys(r).length <= 64, { error: 'field_invalid' });

// Events on `import-<batchId>`.
export const importStartedSchema = z
  .object({
    batchId: uuidSchema,
    /** The file's name as the user's device gave it (personal: encrypted). */
    fileName: freeText(LIMITS.locationLabel),
    fileSha256: sha256Schema,
    source: importSourceSchema,
    rowCount: z.number().int().min(1).max(IMPORT_MAX_ROWS),
  })
  .strict();
export const importFinishedSchema = z
  .object({
    batchId: uuidSchema,
    /** Rows added by this import (over all its requests). */
    added: countSchema,
    /** Rows found already in (a retry, or the same file sent again). */
    existing: countSchema,
    /** Rows not added and why: `duplicate` (the user skipped a row that looked like one already there), a file-reading code (`import_date_invalid`, …) or the refusal's error code. */
    skipped: skippedSchema,
  })
  .strict();
export const importUndoStartedSchema = z.object({ batchId: uuidSchema }).strict();
export const importUndoneSchema = z.object({ batchId: uuidSchema, deleted: countSchema }).strict();

export type ImportStarted = { type: 'ImportStarted'; data: z.infer<typeof importStartedSchema> };
export type ImportFinished = { type: 'ImportFinished'; data: z.infer<typeof importFinishedSchema> };
export type ImportUndoStarted = { type: 'ImportUndoStarted'; data: z.infer<typeof importUndoStartedSchema> };
export type ImportUndone = { type: 'ImportUndone'; data: z.infer<typeof importUndoneSchema> };
export type ImportEvent = ImportStarted | ImportFinished | ImportUndoStarted | ImportUndone;

export const importEventSchemas = {
  ImportStarted: importStartedSchema,
  ImportFinished: importFinishedSchema,
  ImportUndoStarted: importUndoStartedSchema,
  ImportUndone: importUndoneSchema,
} as const;

export const importPersonalFields = {
  ImportStarted: ['fileName'],
  ImportFinished: [],
  ImportUndoStarted: [],
  ImportUndone: [],
} as const satisfies Record<ImportEvent['type'], readonly string[]>;

const commandBase = { commandId: uuidSchema };

export const startImportSchema = importStartedSchema.extend(commandBase).strict();
export const finishImportSchema = importFinishedSchema.extend(commandBase).strict();
export const undoImportSchema = z.object({ ...commandBase, batchId: uuidSchema }).strict();

export type StartImport = { type: 'StartImport'; data: z.infer<typeof startImportSchema> };
export type FinishImport = { type: 'FinishImport'; data: z.infer<typeof finishImportSchema> };
export type UndoImport = { type: 'UndoImport'; data: z.infer<typeof undoImportSchema> };
export type ImportCommand = StartImport | FinishImport | UndoImport;

export const importCommandSchemas = {
  StartImport: startImportSchema,
  FinishImport: finishImportSchema,
  UndoImport: undoImportSchema,
} as const;

/** One row as the server takes it: AddTransaction's fields (no receipt, no place) and its row number in the file. */
export const importRowSchema = transactionFieldsSchema
  .omit({ receipt: true, location: true })
  .extend({ row: importRefSchema.shape.row })
  .strict();
export type ImportRow = z.infer<typeof importRowSchema>;

/** The body of `POST /api/imports/rows`: rows of one batch, each row number once. */
export const importRowsRequestSchema = z
  .object({
    batchId: uuidSchema,
    rows: z
      .array(importRowSchema)
      .min(1)
      .max(IMPORT_ROWS_PER_REQUEST)
      .refine((rows) => new Set(rows.map((r) => r.row)).size === rows.length, { error: 'field_invalid' }),
  })
  .strict();
export type ImportRowsRequest = z.infer<typeof importRowsRequestSchema>;

export const IMPORT_ROW_OUTCOMES = ['added', 'exists', 'refused'] as const;
export type ImportRowOutcome = (typeof IMPORT_ROW_OUTCOMES)[number];

/** The answer of `POST /api/imports/rows`: each row's outcome, in the order sent; `code` for a refused one. */
export const importRowsAnswerSchema = z.object({
  results: z.array(
    z.object({
      row: z.number().int().nonnegative(),
      outcome: z.enum(IMPORT_ROW_OUTCOMES),
      code: z.string().optional(),
      transactionId: z.string(),
    }),
  ),
});
export type ImportRowsAnswer = z.infer<typeof importRowsAnswerSchema>;

/** Namespace of import batch, transaction and command ids. */
const IMPORT_NAMESPACE = 'b8a3e1d2-5c47-4f09-9e6a-0d2f7c93b415';

/** The batch of the `attempt`-th import (0 first) of a file whose bytes hash to `fileSha256`. */
export const importBatchId = (userId: string, fileSha256: string, attempt: number): string =>
  uuidV5(`batch:${userId}/${fileSha256.toLowerCase()}/${String(attempt)}`, IMPORT_NAMESPACE);

/** The transaction a row of a batch becomes: the same for every attempt to send it. */
export const importTransactionId = (userId: string, batchId: string, row: number): string =>
  uuidV5(`tx:${userId}/${batchId.toLowerCase()}/${String(row)}`, IMPORT_NAMESPACE);

/** The command id of adding a row (`add`) or of deleting its transaction when the batch is undone (`undo`). */
export const importRowCommandId = (userId: string, batchId: string, row: number, action: 'add' | 'undo'): string =>
  uuidV5(`${action}:${userId}/${batchId.toLowerCase()}/${String(row)}`, IMPORT_NAMESPACE);

/** The command id of the server's `ImportUndone` once every transaction of the batch is deleted. */
export const importUndoneCommandId = (userId: string, batchId: string): string =>
  uuidV5(`undone:${userId}/${batchId.toLowerCase()}`, IMPORT_NAMESPACE);

/**
 * What makes a row "look like" an existing transaction: the same date, type, amount and currency,
 * and the same note once trimmed, NFC and lower case (no note equals an empty one).
 */
export function duplicateKey(item: {
  readonly date: string;
  readonly type: string;
  readonly amount: Money;
  readonly note?: string | null | undefined;
}): string {
  const note = (item.note ?? '').normalize('NFC').trim().toLowerCase();
  return `${item.date}|${item.type}|${item.amount.currency}|${String(item.amount.amount)}|${note}`;
}

/** `GET /imports/existing?from&to`: the user's transactions in a range of dates, to flag rows that look like them. */
export const importExistingQuerySchema = z
  .object({ from: calendarDateSchema, to: calendarDateSchema })
  .strict()
  .refine((q) => q.from <= q.to, { error: 'field_invalid', path: ['to'] });

/** At most this many items are answered; `truncated` says there were more. */
export const IMPORT_EXISTING_MAX = 200_000;

export const importExistingSchema = z.object({
  items: z.array(
    z.object({
      date: z.string(),
      type: transactionTypeSchema,
      amount: moneySchema,
      note: z.string().nullable(),
      /** The import batch it came from, if any: rows of the same batch are "already imported", not lookalikes. */
      batchId: z.string().nullable(),
    }),
  ),
  truncated: z.boolean(),
});
export type ImportExisting = z.infer<typeof importExistingSchema>;

export const importStatusSchema = z.enum(['importing', 'finished', 'undoing', 'undone']);
export type ImportStatus = z.infer<typeof importStatusSchema>;

/** The read model of an import batch (view `imports`), and the answer of `GET /imports/:id`. */
export const importViewSchema = z.object({
  batchId: z.string(),
  fileName: z.string(),
  fileSha256: z.string(),
  source: importSourceSchema,
  rowCount: z.number().int().nonnegative(),
  status: importStatusSchema,
  /** Transactions of the batch added (counted from the transactions themselves). */
  added: z.number().int().nonnegative(),
  /** Of them, deleted since (by the undo or one by one). */
  deleted: z.number().int().nonnegative(),
  /** From ImportFinished; null until then. */
  existing: z.number().int().nonnegative().nullable(),
  skipped: z.record(z.string(), z.number().int().nonnegative()),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
});
export type ImportView = z.infer<typeof importViewSchema>;

/** `GET /imports`: the user's imports, newest first. */
export const importListSchema = z.object({ items: z.array(importViewSchema) });
export type ImportList = z.infer<typeof importListSchema>;
