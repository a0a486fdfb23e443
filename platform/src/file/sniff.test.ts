import { describe, expect, it } from 'vitest';
import { sniffReceiptType } from './sniff.js';

const bytes = (...parts: (number[] | string)[]): Buffer =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

describe('sniffing a receipt from its bytes', () => {
  it('recognises JPEG, PNG, WebP, HEIC and PDF', () => {
    expect(sniffReceiptType(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))?.contentType).toBe('image/jpeg');
    expect(sniffReceiptType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'))?.contentType).toBe('image/png');
    expect(sniffReceiptType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))?.contentType).toBe('image/webp');
    expect(sniffReceiptType(bytes([0, 0, 0, 24], 'ftypheic', [0, 0, 0, 0]))?.extension).toBe('heic');
    expect(sniffReceiptType(bytes('%PDF-1.7\n'))?.contentType).toBe('application/pdf');
  });

  it('refuses HTML, SVG, other RIFF and ISO files, truncated signatures and nothing at all', () => {
    expect(sniffReceiptType(bytes('<!doctype html><script>alert(1)</script>'))).toBeNull();
    expect(sniffReceiptType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffReceiptType(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeNull();
    expect(sniffReceiptType(bytes([0, 0, 0, 24], 'ftypisom'))).toBeNull();
    expect(sniffReceiptType(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffReceiptType(Buffer.alloc(0))).toBeNull();
  });
});
