/**
 * What a file is, read from its first bytes only: the name and the declared type of an
 * upload are never trusted. Only the kinds a receipt may be are recognised.
 */
export interface SniffedType {
  readonly contentType: 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic' | 'application/pdf';
  /** The file name extension it is served with. */
  readonly extension: 'jpg' | 'png' | 'webp' | 'heic' | 'pdf';
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** ISO-BMFF brands of HEIF images (HEIC and its sequences). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

export function sniffReceiptType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { contentType: 'image/png', extension: 'png' };
  }
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) {
    return { contentType: 'image/webp', extension: 'webp' };
  }
  if (startsWith(bytes, ascii('%PDF-'))) return { contentType: 'application/pdf', extension: 'pdf' };
  if (startsWith(bytes, ascii('ftyp'), 4) && bytes.length >= 12) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    if (HEIF_BRANDS.has(brand)) return { contentType: 'image/heic', extension: 'heic' };
  }
  return null;
}

/** The extension a stored receipt is served with, from its stored content type. */
export function extensionOf(contentType: string): string {
  switch (contentType) {
    case 'image/jpeg':
      return 'jpg';
    case 'image/png':
      return 'png';
    case 'image/webp':
      return 'webp';
    case 'image/heic':
      return 'heic';
    case 'application/pdf':
      return 'pdf';
    default:
      return 'bin';
  }
}
