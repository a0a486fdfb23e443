import { z } from 'zod';

/** A short-lived link the browser opens directly (`/api/files/...?token=`). */
export const fileLinkSchema = z.object({ url: z.string() });
export type FileLink = z.infer<typeof fileLinkSchema>;

/** Largest receipt file `POST /api/receipts` takes, in bytes (the form and a restore check it first). */
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;

export const EXPORT_LOCALES = ['en', 'th', 'lo'] as const;
export type ExportLocale = (typeof EXPORT_LOCALES)[number];

/** `GET /api/queries/export/link?locale=`: the language of the CSV's header and names. */
export const exportLinkQuerySchema = z
  .object({ locale: z.enum(EXPORT_LOCALES, { error: 'field_invalid' }).default('en') })
  .strict();
export type ExportLinkQuery = z.infer<typeof exportLinkQuerySchema>;

/**
 * The CSV's columns, in order; each header is the message `export.csv.<column>`. `wallet` is
 * the name of the wallet the transaction belongs to (a default wallet's in the language). Later
 * columns are added at the end so the columns before them stay where they were: `tags` (one tag
 * a line in the cell), and for a split transaction one record per line (`split` "1/3",
 * `lineNote`, the line's category and amount), each record naming its `transactionId`.
 * platform/src/file/transactions-csv.ts writes them; docs/IMPORT-FORMATS.md describes them.
 */
export const EXPORT_COLUMNS = [
  'date',
  'time',
  'type',
  'category',
  'amount',
  'currency',
  'note',
  'wallet',
  'tags',
  'split',
  'lineNote',
  'transactionId',
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];
