import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../imports.js';

/** Errors of the file as a whole: nothing of it can be imported. Texts: `import.error.<code>`. */
export const IMPORT_FILE_ERRORS = ['import_file_unreadable', 'import_file_empty', 'import_file_too_large'] as const;
export type ImportFileError = (typeof IMPORT_FILE_ERRORS)[number];

/** A file error and the values its message shows (`import_file_too_large`: the limits). */
export interface FileErrorResult {
  readonly error: ImportFileError;
  readonly values?: Readonly<Record<string, number>>;
}

/** Errors of one row: the row is skipped, the others go on. Texts: `import.error.<code>`. */
export const IMPORT_ROW_ERROR_CODES = [
  'import_date_invalid',
  'import_time_invalid',
  'import_amount_invalid',
  'import_amount_zero',
  'import_amount_too_large',
  'import_currency_invalid',
  'import_type_invalid',
  'import_row_transfer',
  'import_row_ragged',
  'import_cell_too_long',
  'import_note_too_long',
  'import_category_unknown',
  'import_wallet_unknown',
  'import_split_invalid',
  'import_tags_invalid',
  'import_row_invalid',
] as const;
export type ImportRowErrorCode = (typeof IMPORT_ROW_ERROR_CODES)[number];

/** One row's problem: its row number (0-based data row of the file), the code, the column it is in. */
export interface RowError {
  readonly row: number;
  readonly code: ImportRowErrorCode;
  readonly column?: number;
}

/** Longest cell read, in characters; a longer one is `import_cell_too_long`. */
export const IMPORT_MAX_CELL_CHARS = 10_000;

/** `import_file_too_large` with the limits its message states. */
export const tooLarge = (): FileErrorResult => ({
  error: 'import_file_too_large',
  values: { maxMegabytes: IMPORT_MAX_BYTES / (1024 * 1024), maxRows: IMPORT_MAX_ROWS },
});

export const isFileError = (value: object): value is FileErrorResult => 'error' in value;
