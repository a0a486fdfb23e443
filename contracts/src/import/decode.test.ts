import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES } from '../imports.js';
import { decodeFile, fileSha256 } from './decode.js';

const TEXT = 'วันที่,จำนวนเงิน,ໝາຍເຫດ\n2024-03-05,120.50,ກາເຟ "ດຳ"\n';

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

function utf16(s: string, littleEndian: boolean, bom: boolean): Uint8Array {
  const units = [...(bom ? [0xfeff] : []), ...Array.from(s, (c) => c.charCodeAt(0))];
  const bytes = new Uint8Array(units.length * 2);
  const view = new DataView(bytes.buffer);
  units.forEach((unit, i) => view.setUint16(i * 2, unit, littleEndian));
  return bytes;
}

/** TIS-620: ASCII as is, Thai U+0E01–U+0E5B at 0xA1–0xFB. */
function tis620(s: string): Uint8Array {
  return Uint8Array.from(
    Array.from(s, (c) => {
      const code = c.charCodeAt(0);
      if (code < 0x80) return code;
      if (code >= 0x0e01 && code <= 0x0e5b) return code - 0x0e00 + 0xa0;
      throw new Error(`not in TIS-620: ${c}`);
    }),
  );
}

describe('decodeFile', () => {
  it('reads UTF-8 with and without a byte order mark, the mark left out', () => {
    expect(decodeFile(utf8(TEXT))).toEqual({ text: TEXT, encoding: 'utf-8' });
    expect(decodeFile(utf8(`\uFEFF${TEXT}`))).toEqual({ text: TEXT, encoding: 'utf-8' });
  });

  it('reads UTF-16 little and big endian by their mark', () => {
    expect(decodeFile(utf16(TEXT, true, true))).toEqual({ text: TEXT, encoding: 'utf-16le' });
    expect(decodeFile(utf16(TEXT, false, true))).toEqual({ text: TEXT, encoding: 'utf-16be' });
  });

  it('reads UTF-16 without a mark by the NUL bytes of its Latin characters', () => {
    const latin = 'Date,Amount,Note\n2024-03-05,120.50,coffee\n05/03/2024,99,tea\n';
    expect(decodeFile(utf16(latin, true, false))).toEqual({ text: latin, encoding: 'utf-16le' });
    expect(decodeFile(utf16(latin, false, false))).toEqual({ text: latin, encoding: 'utf-16be' });
  });

  it('reads Thai in TIS-620 (Windows-874) when the bytes are not UTF-8', () => {
    const thai = 'วันที่,จำนวนเงิน,หมายเหตุ\n05/03/2567,120.50,ข้าวมันไก่\n';
    expect(decodeFile(tis620(thai))).toEqual({ text: thai, encoding: 'tis-620' });
  });

  it('refuses bytes that are no text: a PNG, a zip, NULs, bytes Windows-874 leaves undefined, Latin-1 without Thai', () => {
    const png = Uint8Array.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
    ]);
    const zip = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0x08, 0, 0xff, 0xfe, 0x81, 0x90]);
    expect(decodeFile(png)).toEqual({ error: 'import_file_unreadable' });
    expect(decodeFile(zip)).toEqual({ error: 'import_file_unreadable' });
    expect(decodeFile(utf8('a,b\n1,\u0000\n'))).toEqual({ error: 'import_file_unreadable' });
    expect(decodeFile(Uint8Array.from([0x61, 0x2c, 0xfc, 0xfd, 0x0a]))).toEqual({ error: 'import_file_unreadable' });
    // "café" in Latin-1: not UTF-8, and no Thai letter in it, so not TIS-620 either.
    expect(decodeFile(Uint8Array.from([0x63, 0x61, 0x66, 0xe9, 0x2c, 0x31]))).toEqual({
      error: 'import_file_unreadable',
    });
  });

  it('refuses a file over the size limit before reading it, with the limits', () => {
    expect(decodeFile(new Uint8Array(IMPORT_MAX_BYTES + 1))).toEqual({
      error: 'import_file_too_large',
      values: { maxMegabytes: 25, maxRows: 100_000 },
    });
  });

  it('an empty file decodes to empty text (the table then says it is empty)', () => {
    expect(decodeFile(new Uint8Array(0))).toEqual({ text: '', encoding: 'utf-8' });
  });
});

describe('fileSha256', () => {
  it('is the SHA-256 of the bytes in lower-case hex', async () => {
    const bytes = utf8(TEXT);
    expect(await fileSha256(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(await fileSha256(new Uint8Array(0))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });
});
