import {
  decodeFile,
  fileSha256,
  isFileError,
  readTable,
  suggestMapping,
  type CsvTable,
  type FileEncoding,
  type FileErrorResult,
  type Preset,
  type SuggestedMapping,
} from '@plenty/contracts/import/index';
import { tooLarge } from '@plenty/contracts/import/errors';
import { IMPORT_MAX_BYTES } from '@plenty/contracts/imports';
import type { Currency } from '@plenty/contracts/money';
import type { MessageId } from '../../lib/messages';

/** The name of each delimiter the file reader knows. */
export const DELIMITER_NAMES: Readonly<Record<string, MessageId>> = {
  ',': 'import.delimiter.comma',
  ';': 'import.delimiter.semicolon',
  '\t': 'import.delimiter.tab',
  '|': 'import.delimiter.pipe',
};

/** A file read and understood: its table, how it was written, and the mapping suggested for it. */
export interface LoadedFile {
  readonly name: string;
  readonly sha256: string;
  readonly encoding: FileEncoding;
  readonly text: string;
  readonly table: CsvTable;
  readonly preset: Preset | null;
  readonly mapping: SuggestedMapping;
}

/** The part of a `File` read here (a test gives its own). */
export interface FileLike {
  readonly name: string;
  readonly size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/**
 * Reads a chosen file in the browser: too big is refused before a byte is read; then its
 * encoding, table (delimiter, header), preset and first mapping. Nothing leaves the device.
 */
export async function readImportFile(file: FileLike, defaultCurrency: Currency): Promise<LoadedFile | FileErrorResult> {
  if (file.size > IMPORT_MAX_BYTES) return tooLarge();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const decoded = decodeFile(bytes);
  if (isFileError(decoded)) return decoded;
  const table = readTable(decoded.text);
  if (isFileError(table)) return table;
  const { preset, mapping } = suggestMapping(table, defaultCurrency);
  return {
    name: file.name,
    sha256: await fileSha256(bytes),
    encoding: decoded.encoding,
    text: decoded.text,
    table,
    preset,
    mapping,
  };
}

/** The same text read again with the user's delimiter and header choice, keeping what they mapped. */
export function rereadTable(
  loaded: LoadedFile,
  options: { readonly delimiter: string; readonly hasHeader: boolean },
): LoadedFile | FileErrorResult {
  const table = readTable(loaded.text, options);
  if (isFileError(table)) return table;
  return { ...loaded, table };
}
