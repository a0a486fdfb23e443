/*
 * Reading an import file in the browser (and in the bench): bytes → text (`decodeFile`) → table
 * (`readTable`: delimiter, header) → a mapping (`suggestMapping`, a preset's or by header names,
 * then the user's) → draft rows (`mapRows`: dates, amounts, types) → rows the server takes
 * (`toImportRows`, once `matchCategories` / `matchWallets` found the ids; a split transaction's
 * records, Plenty's export, become one row with its lines; tags are read from a tags column) → rows that look like
 * existing transactions (`flagLookalikes`). Nothing here throws on a file's content: every
 * problem is an error code (`import_*`, texts in locales as `import.error.<code>`).
 * docs/IMPORT-FORMATS.md describes the formats, presets and limits.
 */
export { decodeFile, fileSha256, type DecodedFile, type FileEncoding } from './decode.js';
export {
  IMPORT_FILE_ERRORS,
  IMPORT_MAX_CELL_CHARS,
  IMPORT_ROW_ERROR_CODES,
  isFileError,
  tooLarge,
  type FileErrorResult,
  type ImportFileError,
  type ImportRowErrorCode,
  type RowError,
} from './errors.js';
export { DELIMITERS, looksLikeHeader, readTable, type CsvTable, type ReadTableOptions } from './table.js';
export {
  BUDDHIST_ERA_OFFSET,
  DATE_FORMATS,
  guessDateFormat,
  parseDateCell,
  type DateFormat,
  type Era,
  type ParsedDate,
} from './dates.js';
export { parseAmountCell, parseCurrencyCell, type AmountResult, type Decimal } from './amounts.js';
export {
  MAPPING_COLUMNS,
  TYPE_WORDS,
  guessDecimal,
  suggestMapping,
  type ColumnMapping,
  type MappingColumn,
  type SuggestedMapping,
} from './mapping.js';
export {
  PLENTY_HEADERS,
  PLENTY_LATER_HEADERS,
  PRESETS,
  columnOf,
  detectPreset,
  headerKey,
  type Preset,
} from './presets.js';
export {
  USE_DEFAULT_WALLET,
  categoryKey,
  matchCategories,
  matchWallets,
  nameKey,
  walletKey,
  type Catalogs,
} from './match.js';
export {
  categoryNamesOf,
  cleanText,
  flagLookalikes,
  mapRows,
  parseSplitCell,
  parseTagsCell,
  parseTimeCell,
  toImportRows,
  walletNamesOf,
  type DraftLine,
  type DraftRow,
} from './rows.js';
