import { IMPORT_MAX_BYTES } from '../imports.js';
import { tooLarge, type FileErrorResult } from './errors.js';

/*
 * From the file's bytes to its text. Spreadsheets and banks write CSV as UTF-8 (with or without a
 * byte order mark), as UTF-16 ("Unicode text" in Excel: little endian with a BOM), or, for Thai, in
 * the old single-byte TIS-620 (Windows code page 874). Anything else (a picture, a zip, a
 * spreadsheet's binary format, a mix of encodings) is `import_file_unreadable`.
 */

export type FileEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'tis-620';

export type DecodedFile = { readonly text: string; readonly encoding: FileEncoding };

/** How many bytes the NUL pattern of BOM-less UTF-16 is looked for in. */
const SNIFF_BYTES = 4096;

/** Controls a text file has no business holding (tab, LF and CR aside), C1 controls, U+FFFD, private use. */
const NOT_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd\ue000-\uf8ff]/;
const THAI_CONSONANT = /[\u0e01-\u0e2e]/;
/** A Thai vowel sign or tone mark after something other than a Thai letter: Latin-1 or another code page read as Thai. */
const STRAY_THAI_MARK = /(?:^|[^\u0e01-\u0e4e])[\u0e31\u0e34-\u0e3a\u0e47-\u0e4e]/;

function decodeStrict(encoding: string, bytes: Uint8Array): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

const readable = (text: string | null): text is string => text !== null && !NOT_TEXT.test(text);

/** Which half of the 16-bit units is zero in most of the first bytes: BOM-less UTF-16 of mostly Latin text. */
function utf16ByNuls(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const length = Math.min(bytes.length, SNIFF_BYTES) & ~1;
  if (length < 2) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < length; i += 2) {
    if (bytes[i] === 0) evenZeros += 1;
    if (bytes[i + 1] === 0) oddZeros += 1;
  }
  const units = length / 2;
  if (oddZeros > units * 0.3 && evenZeros < units * 0.05) return 'utf-16le';
  if (evenZeros > units * 0.3 && oddZeros < units * 0.05) return 'utf-16be';
  return null;
}

/**
 * The file's text and encoding, the byte order mark left out; `import_file_unreadable` for
 * bytes that are no text in these encodings, `import_file_too_large` over `IMPORT_MAX_BYTES`.
 */
export function decodeFile(bytes: Uint8Array): DecodedFile | FileErrorResult {
  if (bytes.length > IMPORT_MAX_BYTES) return tooLarge();
  const unreadable: FileErrorResult = { error: 'import_file_unreadable' };
  const [b0, b1, b2] = [bytes[0], bytes[1], bytes[2]];
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) {
    const text = decodeStrict('utf-8', bytes.subarray(3));
    return readable(text) ? { text, encoding: 'utf-8' } : unreadable;
  }
  if (b0 === 0xff && b1 === 0xfe) {
    const text = decodeStrict('utf-16le', bytes.subarray(2));
    return readable(text) ? { text, encoding: 'utf-16le' } : unreadable;
  }
  if (b0 === 0xfe && b1 === 0xff) {
    const text = decodeStrict('utf-16be', bytes.subarray(2));
    return readable(text) ? { text, encoding: 'utf-16be' } : unreadable;
  }
  const utf16 = utf16ByNuls(bytes);
  if (utf16 !== null) {
    const text = decodeStrict(utf16, bytes);
    return readable(text) ? { text, encoding: utf16 } : unreadable;
  }
  const utf8 = decodeStrict('utf-8', bytes);
  if (utf8 !== null) return readable(utf8) ? { text: utf8, encoding: 'utf-8' } : unreadable;
  // Not UTF-8: Thai text in TIS-620 / Windows-874. Bytes that code page leaves undefined decode to
  // controls or private-use characters (refused above); text without a Thai consonant, or with a
  // vowel sign or tone mark on no Thai letter ("café" in Latin-1 reads "caf้"), is not Thai.
  const thai = decodeStrict('windows-874', bytes);
  return readable(thai) && THAI_CONSONANT.test(thai) && !STRAY_THAI_MARK.test(thai)
    ? { text: thai, encoding: 'tis-620' }
    : unreadable;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** The file's SHA-256 in lower-case hex (Web Crypto: browsers and Node 20). */
export async function fileSha256(bytes: Uint8Array): Promise<string> {
  // A copy on a plain ArrayBuffer: Web Crypto takes no view of a SharedArrayBuffer.
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new Uint8Array(bytes)));
  let hex = '';
  for (const byte of digest) hex += HEX[byte] ?? '';
  return hex;
}
